import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, type OutboxMessage, type OutboxOverview, outboxQuerySchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { listMessages, outboxCounts } from './outbox.repository';
import { resendMessage } from './outbox.service';

/** The newest this many: the outbox screen is for seeing what happens now, not an archive. */
const LISTED = 200;

export const outboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/outbox',
      { schema: { querystring: outboxQuerySchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request): Promise<OutboxOverview> => {
        const [counts, messages] = await Promise.all([
          outboxCounts(ctx.db),
          listMessages(ctx.db, { inquiryId: request.query.inquiryId, limit: LISTED }),
        ]);
        return { configured: ctx.config.mail.smtpUrl !== undefined, ...counts, messages };
      },
    );

    app.post(
      '/api/admin/outbox/:id/resend',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request): Promise<OutboxMessage> => resendMessage(ctx, request.params.id),
    );
  };
