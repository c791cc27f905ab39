import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, type OutboxMessage, type OutboxOverview, outboxQuerySchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError, notFound } from '../../http-error';
import { findMessage, listMessages, outboxCounts, requeueMessage, toOutboxMessage } from './outbox.repository';

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
      async (request): Promise<OutboxMessage> => {
        const requeued = await requeueMessage(ctx.db, request.params.id, new Date().toISOString());
        if (!requeued) {
          if (await findMessage(ctx.db, request.params.id)) {
            throw new HttpError(409, 'This email is being sent right now. Please look again in a minute.');
          }
          throw notFound('Email');
        }
        ctx.mailWorker?.wake();
        return toOutboxMessage(requeued);
      },
    );
  };
