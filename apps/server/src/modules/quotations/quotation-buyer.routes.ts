import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gstinStateCode, type Locale, quotationAcceptSchema, quotationChangesSchema } from '@capstan/shared';
import { acceptedOnlyLimit } from '../../address-limit';
import type { AppContext } from '../../app-context';
import { serverTranslator } from '../../i18n/server-translator';
import { acceptPlainForms, plainFormFailure, plainFormValues } from '../../plain-form';
import { PDF_SECURITY_HEADERS } from '../../plugins/security-headers';
import { currentCompanySettings, publicCompanyOrNull } from '../site/site-settings.service';
import {
  acceptQuotation,
  type BuyerView,
  buyerPdf,
  readBuyerView,
  type ReplyOutcome,
  type ReplyRefusal,
  requestQuotationChanges,
  viewQuotation,
} from './quotation-buyer.service';
import { quotationNotFoundPage, quotationPage, type ReplyForms } from './quotation-page';

/** A buyer's replies per address: a handful is every buyer; a flood is not one. */
export const QUOTATION_REPLY_LIMIT = 10;
export const QUOTATION_REPLY_WINDOW_MS = 15 * 60 * 1000;
const FORM_BODY_LIMIT = 32 * 1024;

const tokenParams = z.object({ token: z.string().max(200) });

/**
 * The page is the buyer's alone: never kept by a cache, and the token in its address never sent on
 * as a referrer. No noindex (see quotation-page.ts).
 */
function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Where a reply that was taken (or an Accept repeated) goes: the page, which then shows it (no resend on reload). */
function seePage(reply: FastifyReply, token: string) {
  return reply
    .status(303)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('location', `/q/${encodeURIComponent(token)}`)
    .send();
}

/**
 * `GET /q/{token}`, its PDF, and the two plain forms (Accept, Ask for changes) that work without
 * JavaScript. A reply is limited per address (counted only when taken), recorded with the
 * quotation's status in one transaction, and answered by sending the buyer back to the page.
 */
export const quotationBuyerRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limitReplies = acceptedOnlyLimit(ctx.db, {
      name: 'quotation-replies',
      max: QUOTATION_REPLY_LIMIT,
      windowMs: QUOTATION_REPLY_WINDOW_MS,
      message: (minutes) => serverTranslator('en').t('quotation.tooMany', { minutes }),
    });

    /** The seller as the page names it: Site → Company now (the PDF keeps what was sent). */
    const sellerOf = async () => {
      const company = await currentCompanySettings(ctx.db);
      return {
        name: company.name,
        addressLines: company.address.lines,
        gstin: gstinStateCode(company.gstin) ? company.gstin : '',
      };
    };

    const page = async (
      token: string,
      view: BuyerView,
      forms: ReplyForms = {},
      refusal: ReplyRefusal | null = null,
    ): Promise<string> =>
      quotationPage(await publicCompanyOrNull(ctx.db), await sellerOf(), token, view, forms, refusal);

    const notFoundPage = async (locale?: Locale) => quotationNotFoundPage(await publicCompanyOrNull(ctx.db), locale);

    app.get('/q/:token', { schema: { params: tokenParams } }, async (request, reply) => {
      const view = await viewQuotation(ctx, request.params.token);
      if (!view) return sendPage(reply, 404, await notFoundPage());
      return sendPage(reply, 200, await page(request.params.token, view));
    });

    app.get('/q/:token/pdf', { schema: { params: tokenParams }, compress: false }, async (request, reply) => {
      const pdf = await buyerPdf(ctx, request.params.token);
      if (!pdf) return sendPage(reply, 404, await notFoundPage());
      return reply
        .headers(PDF_SECURITY_HEADERS)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', `inline; filename="${pdf.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf"`)
        .type('application/pdf')
        .send(pdf.bytes);
    });

    await app.register(async (form) => {
      acceptPlainForms(form, FORM_BODY_LIMIT);

      // Too many replies, an unreadable body, the database away: the page again, with the reason.
      form.setErrorHandler(async (error: Error, request, reply) => {
        const token = (request.params as { token?: string }).token ?? '';
        const view = await readBuyerView(ctx, token).catch(() => undefined);
        const tr = serverTranslator(view?.locale ?? 'en');
        const { status, problem } = plainFormFailure(error, request, reply, {
          what: 'quotation reply',
          unavailable: tr.t('quotation.unavailable'),
          unreadable: tr.t('quotation.unreadable'),
        });
        const retryAfter = Number(reply.getHeader('retry-after'));
        const said =
          status === 429 && Number.isFinite(retryAfter)
            ? tr.t('quotation.tooMany', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) })
            : problem;
        if (!view) return sendPage(reply, status === 429 ? 429 : 404, await notFoundPage());
        // What they typed goes back into the form they sent.
        const forms: ReplyForms = request.url.endsWith('/accept')
          ? { accept: { values: plainFormValues(request.body, ['name', 'purchaseOrder'] as const), errors: {} } }
          : { changes: { values: plainFormValues(request.body, ['message'] as const), errors: {} } };
        return sendPage(reply, status, await page(token, view, { ...forms, problem: said }));
      });

      /** The answer to a reply: back to the page when taken (or an Accept repeated), else the page saying why not. */
      const answer = async (
        reply: FastifyReply,
        token: string,
        outcome: ReplyOutcome | undefined,
        repeatIsDone: boolean,
      ) => {
        if (!outcome) return sendPage(reply, 404, await notFoundPage());
        if (outcome.done || (repeatIsDone && outcome.refusal === 'accepted')) return seePage(reply, token);
        return sendPage(reply, 409, await page(token, outcome.view, {}, outcome.refusal));
      };

      /** A refused form: the page with what was typed and why, or the 404 page for a link that opens nothing. */
      const refuse = async (reply: FastifyReply, token: string, forms: ReplyForms) => {
        const view = await readBuyerView(ctx, token);
        if (!view) return sendPage(reply, 404, await notFoundPage());
        return sendPage(reply, 400, await page(token, view, forms));
      };

      const fieldErrors = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
        const errors: Record<string, string> = {};
        for (const issue of issues) {
          const field = issue.path[0];
          if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
        }
        return errors;
      };

      form.post(
        '/q/:token/accept',
        { schema: { params: tokenParams }, config: { access: 'public' }, preHandler: limitReplies.refuseWhenSpent },
        async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
          const { token } = request.params;
          const values = plainFormValues(request.body, ['name', 'purchaseOrder'] as const);
          const parsed = quotationAcceptSchema.safeParse(values);
          if (!parsed.success) {
            return refuse(reply, token, { accept: { values, errors: fieldErrors(parsed.error.issues) } });
          }
          const outcome = await limitReplies.charge(request, (spend) =>
            acceptQuotation(ctx, token, parsed.data, spend),
          );
          return answer(reply, token, outcome, true);
        },
      );

      form.post(
        '/q/:token/changes',
        { schema: { params: tokenParams }, config: { access: 'public' }, preHandler: limitReplies.refuseWhenSpent },
        async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
          const { token } = request.params;
          const values = plainFormValues(request.body, ['message'] as const);
          const parsed = quotationChangesSchema.safeParse(values);
          if (!parsed.success) {
            return refuse(reply, token, { changes: { values, errors: fieldErrors(parsed.error.issues) } });
          }
          const outcome = await limitReplies.charge(request, (spend) =>
            requestQuotationChanges(ctx, token, parsed.data.message, spend),
          );
          return answer(reply, token, outcome, false);
        },
      );
    });
  };
