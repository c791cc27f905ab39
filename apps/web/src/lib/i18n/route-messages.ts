import { DEFAULT_LOCALE, flattenMessages, type Locale, LOCALES, splitLocalePath } from '@capstan/shared';
import { loadMessages } from './load-messages';
import type { Messages } from './messages';
import { ENGLISH_MESSAGES } from './translator';

/**
 * The namespaces only one kind of page or part uses (the files in `locales/<language>/on-demand/`)
 * load with it instead of with every page (decision 071). The router's `lazy` awaits a page's
 * beside its chunk (app/router.tsx), before the page renders or hydrates: the service pages'
 * (`service`, the largest), the catalogue's, the details page's, the comparison's and the quote
 * list's. The parts a page loads later bring theirs with their chunk: the staff sign-in dialog's
 * (`login`), the chat window's (`chatWindow`), the inquiry and review forms' (`inquiryForm`,
 * `reviewForm`, which the landing page loads as the visitor scrolls near them), and the forms'
 * refusals (`validation`) with every form that shows them. The landing page, which every visitor
 * opens, loads none of them with its first screen.
 *
 * They are added to the catalogues translators read (`ENGLISH_MESSAGES`, and the page language's
 * own object from `loadMessages`), which read a message when it is first used, so a translator made
 * before keeps working and sees them. Their keys stay in `MessageKey` (locales/en.ts).
 */
export const ROUTE_NAMESPACES = [
  'catalogue',
  'chatWindow',
  'compare',
  'inquiryForm',
  'login',
  'product',
  'quoteList',
  'reviewForm',
  'service',
  'validation',
] as const;
export type RouteNamespace = (typeof ROUTE_NAMESPACES)[number];

// One chunk per language and namespace: a Tamil catalogue page loads Tamil's and English's (the fallback).
const FILES = import.meta.glob<Record<string, string>>('../../locales/*/on-demand/*.json', { import: 'default' });

async function namespaceFile(namespace: RouteNamespace, locale: Locale): Promise<Record<string, string>> {
  const load = FILES[`../../locales/${locale}/on-demand/${namespace}.json`];
  if (load === undefined) throw new Error(`No ${locale} catalogue for the ${namespace} namespace`);
  return load();
}

/** The namespaces' messages in `locale` alone, keyed as the catalogues are (`product.inStock`). */
export async function routeNamespaceMessages(namespaces: readonly RouteNamespace[], locale: Locale): Promise<Messages> {
  const files = await Promise.all(namespaces.map((namespace) => namespaceFile(namespace, locale)));
  return flattenMessages(Object.fromEntries(namespaces.map((namespace, index) => [namespace, files[index]!])));
}

/** Adds the namespaces' messages in English (every language's fallback) and in `locale`. */
export async function loadRouteMessages(namespaces: readonly RouteNamespace[], locale: Locale): Promise<void> {
  const [english, own, catalogue] = await Promise.all([
    routeNamespaceMessages(namespaces, 'en'),
    locale === 'en' ? Promise.resolve({}) : routeNamespaceMessages(namespaces, locale),
    loadMessages(locale),
  ]);
  Object.assign(ENGLISH_MESSAGES, english);
  Object.assign(catalogue, own);
}

/** The page's language in the browser (its path's prefix); the server loads every language itself. */
function pageLocale(): Locale {
  return typeof window === 'undefined' ? DEFAULT_LOCALE : splitLocalePath(window.location.pathname).locale;
}

/** For the router: the namespaces in the language of the page being shown. */
export const loadRouteMessagesForPage = (namespaces: readonly RouteNamespace[]): Promise<void> =>
  loadRouteMessages(namespaces, pageLocale());

/** A lazily imported page or part, resolved once its namespaces are there in the page's language. */
export async function withRouteMessages<Module>(
  namespaces: readonly RouteNamespace[],
  chunk: Promise<Module>,
): Promise<Module> {
  const [module] = await Promise.all([chunk, loadRouteMessagesForPage(namespaces)]);
  return module;
}

/** For the server renderer and tests: every namespace in every language. */
export async function loadAllRouteMessages(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => loadRouteMessages(ROUTE_NAMESPACES, locale)));
}
