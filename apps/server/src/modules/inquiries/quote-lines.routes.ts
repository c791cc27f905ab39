import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeQuoteList,
  DEFAULT_LOCALE,
  type Locale,
  QUOTE_LINE_ACTIONS,
  QUOTE_LINES_ACTION,
  QUOTE_LIST_PATH,
  type QuoteLineAction,
  quoteQuantity,
  splitLocalePath,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { type ServerMessageKey, serverTranslator } from '../../i18n/server-translator';
import { acceptPlainForms, plainFormFailure, plainFormValues, sendPlainFormPage } from '../../plain-form';
import { publicCompanyOrNull } from '../site/site-settings.service';
import { isCatalogueItem } from './inquiry-items.repository';
import { documentHtml, escapeHtml, type FormPageCompany } from './inquiry-form-page';
import { isSecureRequest, quoteListOf, quoteListSetCookie } from './quote-list-cookie';

const FIELDS = ['id', 'quantity', 'action', 'back'] as const;
/** The query flag the page returned to reads to say the list is full (50 lines). */
export const QUOTE_FULL_FLAG = 'quote';

// A path on this site only: one leading slash, not two, and no backslash, space or control
// character anywhere (browsers read `\` as `/` and drop tabs and line breaks, so `/\evil.example`
// or `/<tab>/evil.example` would leave the site).
const LOCAL_PATH = /^\/(?![/\\])[^\s\\]*$/;
const BACK_MAX = 2000;
const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** `back` when it is a local path, else null (never a redirect to another site). */
export function localBackPath(back: string | undefined): string | null {
  return back !== undefined && back.length <= BACK_MAX && LOCAL_PATH.test(back) && !hasControlCharacter(back)
    ? back
    : null;
}

/**
 * `path` with the full-list flag set or removed, its path and hash as they were: a page that said
 * "full" once does not say it again after the next change.
 */
export function withFullFlag(path: string, full: boolean): string {
  const hashAt = path.indexOf('#');
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : beforeHash.slice(queryAt + 1));
  if (full) query.set(QUOTE_FULL_FLAG, 'full');
  else query.delete(QUOTE_FULL_FLAG);
  const search = query.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash}`;
}

const isAction = (value: string | undefined): value is QuoteLineAction =>
  (QUOTE_LINE_ACTIONS as readonly string[]).includes(value ?? '');

/** What a refused change says, and the way back, in the language of the page it came from. */
function refusedPage(company: FormPageCompany, locale: Locale, problem: string, back: string): string {
  const tr = serverTranslator(locale);
  const title = tr.t('contactForm.quoteNotChanged');
  return documentHtml(
    company,
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(problem)}</p>
<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(tr.t('contactForm.quoteGoBack'))}</a></p></div>`,
    locale,
  );
}

/**
 * `POST /quote/lines`: the quote list's "Add to quote", quantity and remove buttons when the app is
 * not running (decision 074). Changes the list in its cookie and answers 303 back to the page it
 * came from; bad input is a 400 page that changes nothing.
 */
export const quoteLinesRoutes =
  (ctx: AppContext, bodyLimit: number): FastifyPluginAsyncZod =>
  async (app) => {
    acceptPlainForms(app, bodyLimit);

    /** Where to go back to, and the language to speak there (the page's `/ta/` or `/hi/` prefix). */
    const returnOf = (body: unknown) => {
      const back = localBackPath(plainFormValues(body, FIELDS).back);
      return {
        back: back ?? QUOTE_LIST_PATH,
        locale: back === null ? DEFAULT_LOCALE : splitLocalePath(back).locale,
      };
    };

    app.setErrorHandler(async (error: Error, request, reply) => {
      const { back, locale } = returnOf(request.body);
      const tr = serverTranslator(locale);
      const { status, problem } = plainFormFailure(error, request, reply, {
        what: 'quote list change',
        unavailable: tr.t('contactForm.quoteUnavailable'),
        unreadable: tr.t('contactForm.quoteUnreadable'),
      });
      return sendPlainFormPage(reply, status, refusedPage(await publicCompanyOrNull(ctx.db), locale, problem, back));
    });

    app.post(QUOTE_LINES_ACTION, { config: { access: 'public' } }, async (request, reply) => {
      const values = plainFormValues(request.body, FIELDS);
      const { back, locale } = returnOf(request.body);
      const refuse = async (key: ServerMessageKey) =>
        sendPlainFormPage(
          reply,
          400,
          refusedPage(await publicCompanyOrNull(ctx.db), locale, serverTranslator(locale).t(key), back),
        );

      // Another site's page may not fill a visitor's list behind their back: browsers say where a
      // form came from (Fetch Metadata), and this form is only ever posted from our own pages.
      if (request.headers['sec-fetch-site'] === 'cross-site') return refuse('contactForm.quoteUnknownAction');
      const { action } = values;
      if (!isAction(action)) return refuse('contactForm.quoteUnknownAction');
      const id = values.id?.trim() ?? '';
      const quantityText = values.quantity?.trim() ?? '';
      const quantity = quantityText === '' ? 1 : quoteQuantity(quantityText);
      if (action !== 'remove') {
        if (quantity === null) return refuse('contactForm.quoteBadQuantity');
        if (id === '' || !(await isCatalogueItem(ctx.db, id))) return refuse('contactForm.quoteUnknownItem');
      } else if (id === '') {
        // Removing needs no catalogue item: one deleted since it was added must still leave the list.
        return refuse('contactForm.quoteUnknownItem');
      }

      const { lines, full } = changeQuoteList(quoteListOf(request), action, id, quantity ?? 1);
      reply.header('cache-control', 'no-store');
      if (full) return reply.redirect(withFullFlag(back, true), 303);
      reply.header('set-cookie', quoteListSetCookie(lines, isSecureRequest(request)));
      return reply.redirect(withFullFlag(back, false), 303);
    });
  };
