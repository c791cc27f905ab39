export { I18nProvider, useLocalizedHref, useT } from './i18n-provider';
export { loadMessages, LOCALE_MODULES } from './load-messages';
export { loadAllRouteMessages, withRouteMessages } from './route-messages';
export type { MessageKey } from './messages';
export { createTranslator, ENGLISH, type Translator } from './translator';
export { translateRefusal } from './validation';
