/**
 * The English catalogue: the site's default language, in the main bundle (every page needs it,
 * and a Tamil or Hindi page falls back to it for a message its own catalogue lacks). Its files
 * are imported one by one so the message keys the code uses are types (`MessageKey`).
 *
 * The namespaces of one kind of page (the catalogue's, the details page's, the comparison's and the
 * service pages', and the staff sign-in dialog's) are not in it: they load with those pages' routes, in each language
 * (`lib/i18n/route-messages.ts`). Their keys are types all the same (`EnglishCatalogue`).
 */
import type catalogue from './en/catalogue.json';
import chat from './en/chat.json';
import common from './en/common.json';
import type compare from './en/compare.json';
import contact from './en/contact.json';
import landing from './en/landing.json';
import type login from './en/login.json';
import type product from './en/product.json';
import quote from './en/quote.json';
import type service from './en/service.json';
import ui from './en/ui.json';
import validation from './en/validation.json';

export const EN_CATALOGUE = {
  chat,
  common,
  contact,
  landing,
  quote,
  ui,
  validation,
};

/** Every English namespace the code may name, those loaded with their routes included. */
export type EnglishCatalogue = typeof EN_CATALOGUE & {
  catalogue: typeof catalogue;
  compare: typeof compare;
  login: typeof login;
  product: typeof product;
  service: typeof service;
};
