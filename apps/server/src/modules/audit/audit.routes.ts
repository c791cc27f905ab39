import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { registerAuditRequestContext } from './audit-context';
import { listAudit } from './audit.service';

/** Read-only: the trail is append-only, so there is deliberately no PUT, PATCH or DELETE here. */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/activity',
      { schema: { querystring: auditListQuerySchema }, config: { access: 'admin', permission: 'audit.read' } },
      async (request) => listAudit(ctx.db, request.query),
    );
  };

/**
 * The request context that lets services record who acted, plus the Activity route. Call
 * before registering the routes whose actions are audited.
 */
export async function registerAudit(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAuditRequestContext(app);
  await app.register(auditRoutes(ctx));
}
