/**
 * The English catalogue: the site's default language, in the main bundle (every page needs it,
 * and a Tamil or Hindi page falls back to it for a message its own catalogue lacks). Its files
 * are imported one by one so the message keys the code uses are types (`MessageKey`).
 *
 * The namespaces in `en/on-demand/` (the catalogue's, the details page's, the comparison's, the
 * quote list's and the service pages'; the chat window's, the inquiry and review forms' and the
 * staff sign-in dialog's; the forms' refusals) are not in it: they load with those pages and parts,
 * in each language (`lib/i18n/route-messages.ts`). Their keys are types all the same
 * (`EnglishCatalogue`).
 */
import type catalogue from './en/on-demand/catalogue.json';
import chat from './en/chat.json';
import type chatWindow from './en/on-demand/chatWindow.json';
import common from './en/common.json';
import type compare from './en/on-demand/compare.json';
import contact from './en/contact.json';
import type inquiryForm from './en/on-demand/inquiryForm.json';
import landing from './en/landing.json';
import type login from './en/on-demand/login.json';
import type product from './en/on-demand/product.json';
import quote from './en/quote.json';
import type quoteList from './en/on-demand/quoteList.json';
import type reviewForm from './en/on-demand/reviewForm.json';
import type service from './en/on-demand/service.json';
import ui from './en/ui.json';
import type validation from './en/on-demand/validation.json';

export const EN_CATALOGUE = {
  chat,
  common,
  contact,
  landing,
  quote,
  ui,
};

/** Every English namespace the code may name, those loaded with their routes included. */
export type EnglishCatalogue = typeof EN_CATALOGUE & {
  catalogue: typeof catalogue;
  chatWindow: typeof chatWindow;
  compare: typeof compare;
  inquiryForm: typeof inquiryForm;
  login: typeof login;
  product: typeof product;
  quoteList: typeof quoteList;
  reviewForm: typeof reviewForm;
  service: typeof service;
  validation: typeof validation;
};
