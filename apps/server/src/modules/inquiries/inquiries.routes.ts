import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  INQUIRY_RATE_LIMIT,
  INQUIRY_RATE_WINDOW_MS,
  inquiryInputSchema,
  inquiryStatusUpdateSchema,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { insertInquiry, listInquiries } from './inquiries.repository';
import { changeInquiryStatus } from './inquiries.service';

export const inquiryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/inquiries',
      {
        schema: { body: inquiryInputSchema },
        config: {
          access: 'public',
          rateLimit: { max: INQUIRY_RATE_LIMIT, timeWindow: INQUIRY_RATE_WINDOW_MS },
        },
      },
      async (request, reply) => {
        const inquiry = await insertInquiry(ctx.db, request.body, request.ip);
        return reply.status(201).send({ id: inquiry.id, message: 'Thank you for your inquiry!' });
      },
    );

    app.get('/api/inquiries', { config: { access: 'admin' } }, async () => listInquiries(ctx.db));

    app.patch(
      '/api/inquiries/:id',
      { schema: { params: idParamsSchema, body: inquiryStatusUpdateSchema } },
      async (request) => changeInquiryStatus(ctx, request.params.id, request.body.status),
    );
  };
