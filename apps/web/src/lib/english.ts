import { createTranslator, type Translator } from '@/lib/i18n';

/** English, for the plain functions a caller may use without a page's translator (the back office, tests). */
export const ENGLISH: Translator = createTranslator('en', {});
