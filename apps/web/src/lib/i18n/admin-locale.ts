import { isLocale, type Locale } from '@capstan/shared';

/**
 * The back-office language last seen in this browser (the staff member's Account → Language, kept
 * with their account): a reload starts loading it at once, and what is said after they are signed
 * out (the session-expired toast) is said in it. Small on purpose: public pages' code reads it.
 */
const ADMIN_LOCALE_STORAGE_KEY = 'capstan.adminLocale';

/** The back office's last language in this browser; null when none was kept or storage is off. */
export function rememberedAdminLocale(): Locale | null {
  try {
    const saved = localStorage.getItem(ADMIN_LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function rememberAdminLocale(locale: Locale): void {
  try {
    localStorage.setItem(ADMIN_LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the next load starts in English until the account answers.
  }
}
