import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { ANY_STAFF } from '../../plugins/authentication';
import { adminStats } from './stats.service';

export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/stats', { config: { access: 'admin', permission: ANY_STAFF } }, async () => adminStats(ctx));
  };
