import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { adminStats } from './stats.service';

export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/stats', { config: { access: 'admin' } }, async () => adminStats(ctx));
  };
