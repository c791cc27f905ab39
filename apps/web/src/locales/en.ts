/**
 * The English catalogue: the site's default language, in the main bundle (every page needs it,
 * and a Tamil or Hindi page falls back to it for a message its own catalogue lacks). Its files
 * are imported one by one so the message keys the code uses are types (`MessageKey`).
 *
 * The service pages' namespace (`service`, the largest, used by three pages) is not in it: it
 * loads with those pages' routes, in each language (`lib/i18n/route-messages.ts`). Its keys are
 * types all the same (`EnglishCatalogue`).
 */
import catalogue from './en/catalogue.json';
import chat from './en/chat.json';
import common from './en/common.json';
import compare from './en/compare.json';
import contact from './en/contact.json';
import landing from './en/landing.json';
import login from './en/login.json';
import product from './en/product.json';
import quote from './en/quote.json';
import type service from './en/service.json';
import ui from './en/ui.json';
import validation from './en/validation.json';

export const EN_CATALOGUE = {
  catalogue,
  chat,
  common,
  compare,
  contact,
  landing,
  login,
  product,
  quote,
  ui,
  validation,
};

/** Every English namespace the code may name, those loaded with their routes included. */
export type EnglishCatalogue = typeof EN_CATALOGUE & { service: typeof service };
