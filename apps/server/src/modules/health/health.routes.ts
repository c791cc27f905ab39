import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@capstan/shared';
import type { AppContext } from '../../app-context';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      await sql`select 1`.execute(ctx.db);
      const body: HealthResponse = { status: 'ok', database: 'ok' };
      return body;
    });
  };
