import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  indianToday,
  quotationExportQuerySchema,
  quotationInputSchema,
  quotationListQuerySchema,
  type QuotationSummary,
  TOTAL_COUNT_HEADER,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { requireSession } from '../../plugins/authentication';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import { findUserLocale } from '../auth/users.repository';
import { quotationBuyerRoutes } from './quotation-buyer.routes';
import { addDays } from './quotation-numbering';
import { acceptedQuotationsTable, quotationsCsv, quotationsXlsx } from './quotations-export';
import { acceptedQuotationRows, quotationMonthFigures, toQuotation } from './quotations.repository';
import {
  createQuotation,
  getQuotation,
  listQuotations,
  quotationPdf,
  sendQuotation,
  updateQuotation,
} from './quotations.service';

const STAFF = { access: 'admin', permission: 'quotations.manage' } as const;

/** Midnight at the start of an Indian calendar day, as the UTC instant stored in the timestamps. */
const indianDayStart = (day: string): string => new Date(`${day}T00:00:00+05:30`).toISOString();

/**
 * GST quotations for staff (issue 39; roles with `quotations.manage`: owner and sales), and the
 * buyer's page under the link (quotation-buyer.routes.ts).
 */
export const quotationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/inquiries/:id/quotations',
      { schema: { params: idParamsSchema, body: quotationInputSchema }, config: STAFF },
      async (request, reply) => {
        const quotation = await createQuotation(ctx, request.params.id, request.body, requireSession(request).user);
        return reply.status(201).send(quotation);
      },
    );

    // One page, newest first; the count across all pages travels in X-Total-Count (decision 010).
    app.get(
      '/api/quotations',
      { schema: { querystring: quotationListQuerySchema }, config: STAFF },
      async (request, reply) => {
        const { quotations, total } = await listQuotations(ctx, request.query);
        return reply.header(TOTAL_COUNT_HEADER, String(total)).send(quotations);
      },
    );

    // This month in India: what was quoted (each number once, by its latest revision sent) and accepted.
    app.get('/api/quotations/summary', { config: STAFF }, async (): Promise<QuotationSummary> => {
      const month = indianToday().slice(0, 7);
      const from = `${month}-01`;
      const next = addDays(`${month}-28`, 4).slice(0, 7);
      const figures = await quotationMonthFigures(ctx.db, indianDayStart(from), indianDayStart(`${next}-01`));
      return {
        month,
        quoted: { count: figures.quoted.count, value: figures.quoted.paise / 100 },
        accepted: { count: figures.accepted.count, value: figures.accepted.paise / 100 },
      };
    });

    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `/api/quotations/export.${format}`,
        { schema: { querystring: quotationExportQuerySchema }, config: STAFF },
        async (request, reply) => {
          const { from, to } = request.query;
          const today = indianToday();
          const rows = await acceptedQuotationRows(ctx.db, {
            from: from ? indianDayStart(from) : undefined,
            to: to ? indianDayStart(addDays(to, 1)) : undefined,
          });
          const locale = await findUserLocale(ctx.db, requireSession(request).user.id);
          const table = acceptedQuotationsTable(
            rows.map((row) => toQuotation(row, today)),
            locale,
          );
          const body = format === 'csv' ? quotationsCsv(table) : await quotationsXlsx(table, locale);
          return reply
            .header(
              'content-type',
              format === 'csv'
                ? 'text/csv; charset=utf-8'
                : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            )
            .header('content-disposition', `attachment; filename="accepted-quotations-${today}.${format}"`)
            .send(body);
        },
      );
    }

    app.get('/api/quotations/:id', { schema: { params: idParamsSchema }, config: STAFF }, async (request) =>
      getQuotation(ctx, request.params.id),
    );

    app.put(
      '/api/quotations/:id',
      { schema: { params: idParamsSchema, body: quotationInputSchema }, config: STAFF },
      async (request, reply) => {
        const { quotation, created } = await updateQuotation(
          ctx,
          request.params.id,
          request.body,
          requireSession(request).user,
        );
        return reply.status(created ? 201 : 200).send(quotation);
      },
    );

    app.post('/api/quotations/:id/send', { schema: { params: idParamsSchema }, config: STAFF }, async (request) =>
      sendQuotation(ctx, request.params.id),
    );

    app.get(
      '/api/quotations/:id/pdf',
      { schema: { params: idParamsSchema }, config: STAFF, compress: false },
      async (request, reply) => {
        const pdf = await quotationPdf(ctx, request.params.id);
        return reply
          .headers(PDF_SECURITY_HEADERS)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="${pdf.fileName}"`)
          .type('application/pdf')
          .send(pdf.bytes);
      },
    );

    await app.register(quotationBuyerRoutes(ctx));
  };
