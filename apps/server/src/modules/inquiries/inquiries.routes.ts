import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_FORM_ACTION,
  type ContactServiceOption,
  contactServiceOptions,
  type CreateInquiryResponse,
  idParamsSchema,
  INQUIRY_RATE_LIMIT,
  INQUIRY_RATE_WINDOW_MS,
  type InquiryInput,
  inquiryInputSchema,
  indianToday,
  inquiryListQuerySchema,
  inquiryNoteInputSchema,
  inquiryStatusUpdateSchema,
  type Locale,
  LOCALES,
  parseQuoteList,
  type PublicCompanySettings,
  inquiryUpdateSchema,
  type QuoteListLine,
} from '@capstan/shared';
import { type AcceptedOnlyLimit, acceptedOnlyLimit } from '../../address-limit';
import type { AppContext } from '../../app-context';
import { acceptPlainForms, plainFormFailure, plainFormValues, sendPlainFormPage } from '../../plain-form';
import { HttpError } from '../../http-error';
import { RequestValidationError } from '../../validation';
import { publicCompanyOrNull } from '../site/site-settings.service';
import { requireSession } from '../../plugins/authentication';
import { findUserLocale } from '../auth/users.repository';
import { serverTranslator } from '../../i18n/server-translator';
import { listMachineCategories } from '../catalogue/machine-categories.repository';
import { categoriesInLanguage } from '../catalogue/machine-categories.service';
import { inquiriesCsv } from './inquiries-csv';
import { activeStaff, findInquiry, listInquiries } from './inquiries.repository';
import { addInquiryNote, changeInquiryStatus, storeInquiry, updateInquiry } from './inquiries.service';
import {
  formPageLocale,
  type FormQuoteLines,
  type InquiryFormErrors,
  inquiryFormPage,
  type InquiryFormValues,
  inquiryThanksPage,
} from './inquiry-form-page';
import { quoteLinesOnPage } from './inquiry-items.service';
import { clearQuoteListCookie, isSecureRequest } from './quote-list-cookie';
import { quoteLinesRoutes } from './quote-lines.routes';

// `locale`: a hidden field of the web app's form, the language of the page it was posted from.
// `items`: the quote list page's lines, in the quote list cookie's format (`id:qty.id:qty`).
const FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'service',
  'message',
  'product',
  'locale',
  'items',
] as const;
/** The plain forms' body limit (the contact form, the quote list's changes). */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * What a visitor over the limit is told (decision 022), in the language of the page they sent from:
 * in plain words, how to reach us now (the numbers under Site → Company), and that nothing they
 * typed is lost. Read by people on the JSON toast and on the no-JS form page alike.
 */
export function inquiryLimitMessage(
  minutes: number,
  company: Pick<PublicCompanySettings, 'phones' | 'whatsapp'> | null,
  locale: Locale = 'en',
): string {
  const tr = serverTranslator(locale);
  const phones = company?.phones.map((phone) => phone.number) ?? [];
  const reachUs =
    company && phones.length > 0
      ? tr.t('contactForm.limitReachUs', {
          phones: tr.intl.formatList(phones, { type: 'disjunction' }),
          whatsapp: company.whatsapp.number,
        })
      : tr.t('contactForm.limitReachUsAnyway');
  return [tr.t('contactForm.limitIntro'), reachUs, tr.t('contactForm.limitAgain', { minutes })].join(' ');
}

const formValues = (body: unknown): InquiryFormValues => plainFormValues(body, FORM_FIELDS);

/** The Service list for the plain form page; the fixed options alone when the categories cannot be read. */
/** The form's options, the machine categories named in the page's language (decision 072). */
async function serviceOptionsOrFixed(ctx: AppContext, locale: Locale): Promise<ContactServiceOption[]> {
  try {
    return contactServiceOptions(
      categoriesInLanguage(await listMachineCategories(ctx.db), locale === 'en' ? undefined : locale),
    );
  } catch {
    return contactServiceOptions([]);
  }
}

/**
 * The quote list a refused form carries, as the catalogue holds it now, for the page sent back;
 * undefined when it carries none or the catalogue cannot be read (the lines then go back unnamed).
 */
async function formQuoteLinesOrNone(
  ctx: AppContext,
  lines: readonly QuoteListLine[],
  locale: Locale,
): Promise<FormQuoteLines | undefined> {
  if (lines.length === 0) return undefined;
  try {
    const found = await quoteLinesOnPage(ctx.db, lines, locale);
    return { lines: found.lines, unknownCount: found.unknown.length };
  } catch {
    return undefined;
  }
}

export const inquiryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // One allowance per address for both ways of sending an inquiry (the app's JSON call and the
    // plain form), so switching between them does not double it. Only stored inquiries use it up.
    // One limit object per language, all counting under the one name, so the visitor over it is told
    // in the language of the page they sent from (the body's `locale`: checked once the body is read).
    const limits = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        acceptedOnlyLimit(ctx.db, {
          name: 'inquiries',
          max: INQUIRY_RATE_LIMIT,
          windowMs: INQUIRY_RATE_WINDOW_MS,
          message: async (minutes) => inquiryLimitMessage(minutes, await publicCompanyOrNull(ctx.db), locale),
        }),
      ]),
    ) as Record<Locale, AcceptedOnlyLimit>;
    const limitOf = (request: FastifyRequest) => limits[formPageLocale(plainFormValues(request.body, ['locale']))];
    const refuseWhenSpent = (request: FastifyRequest) => limitOf(request).refuseWhenSpent(request);

    app.post(
      '/api/inquiries',
      { schema: { body: inquiryInputSchema }, config: { access: 'public' }, preHandler: refuseWhenSpent },
      async (request, reply) => {
        const inquiry = await limitOf(request).charge(request, (spend) =>
          storeInquiry(ctx, request.body, request.ip, spend),
        );
        const answer: CreateInquiryResponse = {
          id: inquiry.id,
          reference: inquiry.reference,
          message: 'Thank you for your inquiry!',
          items: inquiry.items,
        };
        return reply.status(201).send(answer);
      },
    );

    // The contact form posted as HTML when the app is not running (decision 015: no JavaScript, or
    // not started yet). Same schema, limit and storage; the answer is a page, never JSON.
    await app.register(async (form) => {
      acceptPlainForms(form, FORM_BODY_LIMIT);
      form.setErrorHandler(async (error: Error, request, reply) => {
        const values = formValues(request.body);
        const locale = formPageLocale(values);
        const tr = serverTranslator(locale);
        const { status, problem } = plainFormFailure(error, request, reply, {
          what: 'contact form',
          unavailable: tr.t('contactForm.unavailable'),
          unreadable: tr.t('contactForm.unreadable'),
        });
        return sendPlainFormPage(
          reply,
          status,
          inquiryFormPage(
            await publicCompanyOrNull(ctx.db),
            await serviceOptionsOrFixed(ctx, locale),
            values,
            {},
            problem,
            await formQuoteLinesOrNone(ctx, parseQuoteList(values.items), locale),
          ),
        );
      });

      // Limited after the body is read, so a visitor told to wait still gets back what they typed.
      form.post(
        CONTACT_FORM_ACTION,
        { config: { access: 'public' }, preHandler: refuseWhenSpent },
        async (request, reply) => {
          const values = formValues(request.body);
          const locale = formPageLocale(values);
          // The quote list's lines, read as the cookie is (a malformed line is dropped, not refused).
          const lines = parseQuoteList(values.items);
          const refuse = async (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
            const errors: InquiryFormErrors = {};
            for (const issue of issues) {
              const field = issue.path[0] as keyof InquiryInput | undefined;
              // An item the catalogue lacks is a problem of the whole form: the page says so above it.
              if (field && field !== 'items' && !errors[field]) errors[field] = issue.message;
            }
            const page = inquiryFormPage(
              await publicCompanyOrNull(ctx.db),
              await serviceOptionsOrFixed(ctx, locale),
              values,
              errors,
              undefined,
              await formQuoteLinesOrNone(ctx, lines, locale),
            );
            return sendPlainFormPage(reply, 400, page);
          };
          const parsed = inquiryInputSchema.safeParse({ ...values, items: lines.length > 0 ? lines : undefined });
          if (!parsed.success) return refuse(parsed.error.issues);
          let inquiry;
          try {
            inquiry = await limitOf(request).charge(request, (spend) =>
              storeInquiry(ctx, parsed.data, request.ip, spend),
            );
          } catch (error) {
            // A service the list no longer offers (a category deleted since the page was loaded), an
            // item the catalogue no longer holds.
            if (error instanceof RequestValidationError) return refuse(error.issues);
            throw error;
          }
          // The list is sent: the buyer starts a new one. A form that carried none leaves theirs alone.
          if (lines.length > 0) reply.header('set-cookie', clearQuoteListCookie(isSecureRequest(request)));
          return sendPlainFormPage(
            reply,
            200,
            inquiryThanksPage(await publicCompanyOrNull(ctx.db), inquiry.reference, locale),
          );
        },
      );
    });

    // The no-JS quote list's changes: a plain form too, beside the contact form that sends the list.
    await app.register(quoteLinesRoutes(ctx, FORM_BODY_LIMIT));

    app.get(
      '/api/inquiries',
      { schema: { querystring: inquiryListQuerySchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request) =>
        listInquiries(ctx.db, request.query, { userId: requireSession(request).user.id, today: indianToday() }),
    );

    app.get(
      '/api/inquiries/:id',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request) => {
        const inquiry = await findInquiry(ctx.db, request.params.id);
        if (!inquiry) throw new HttpError(404, 'Inquiry not found');
        return inquiry;
      },
    );

    // Who an inquiry can be assigned to; sales may read it (the staff screen needs staff.manage).
    app.get('/api/inquiries/assignees', { config: { access: 'admin', permission: 'inquiries.manage' } }, async () =>
      activeStaff(ctx.db),
    );

    app.get(
      '/api/inquiries/:id/notes',
      { schema: { params: idParamsSchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request) => {
        const inquiry = await findInquiry(ctx.db, request.params.id);
        if (!inquiry) throw new HttpError(404, 'Inquiry not found');
        return inquiry.notes;
      },
    );

    app.post(
      '/api/inquiries/:id/notes',
      {
        schema: { params: idParamsSchema, body: inquiryNoteInputSchema },
        config: { access: 'admin', permission: 'inquiries.manage' },
      },
      async (request, reply) => {
        const { user } = requireSession(request);
        const inquiry = await addInquiryNote(ctx, request.params.id, request.body.text, user);
        return reply.status(201).send(inquiry);
      },
    );

    app.put(
      '/api/inquiries/:id',
      {
        schema: { params: idParamsSchema, body: inquiryUpdateSchema },
        config: { access: 'admin', permission: 'inquiries.manage' },
      },
      async (request) => updateInquiry(ctx, request.params.id, request.body, requireSession(request).user),
    );

    // The filtered list as a spreadsheet (same query as the list), its header row in the reader's language.
    app.get(
      '/api/inquiries/export',
      { schema: { querystring: inquiryListQuerySchema }, config: { access: 'admin', permission: 'inquiries.manage' } },
      async (request, reply) => {
        const day = indianToday();
        const userId = requireSession(request).user.id;
        const inquiries = await listInquiries(ctx.db, request.query, { userId, today: day });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="inquiries-${day}.csv"`)
          .send(inquiriesCsv(inquiries, await findUserLocale(ctx.db, userId)));
      },
    );

    app.patch(
      '/api/inquiries/:id',
      {
        schema: { params: idParamsSchema, body: inquiryStatusUpdateSchema },
        config: { access: 'admin', permission: 'inquiries.manage' },
      },
      async (request) => changeInquiryStatus(ctx, request.params.id, request.body.status),
    );
  };
