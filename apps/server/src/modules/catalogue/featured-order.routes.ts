import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featuredOrderSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { changeFeaturedOrder } from './catalogue.service';

/** Staff's landing-page order of the featured items (decision 013); a write, so staff only. */
export const featuredOrderRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/featured/order',
      { schema: { body: featuredOrderSchema }, config: { access: 'admin', permission: 'catalogue.write' } },
      async (request, reply) => {
        await changeFeaturedOrder(ctx, request.body.ids);
        return reply.status(204).send();
      },
    );
  };
