import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCALES, type Locale, type PublicSiteSettings, telOf, whatsappLink } from '@capstan/shared';
import { useT, type Translator } from '@/lib/i18n';
import { api } from './api-client';
import { inPageLanguage } from './content-language';

export const SITE_SETTINGS_URL = '/api/site';

/**
 * The company's facts and the landing page's texts as staff set them under Site (decision 020), in
 * the page's language (decision 072): a Tamil or Hindi page asks with `lang`, and the server answers
 * staff's translations in place, English where they left a text untranslated. Every public page
 * reads them from here (prefetched by the server render, so they are in the page's embedded data);
 * nothing public keeps a copy of its own.
 */
export const siteSettingsQueryIn = (locale: Locale) => {
  const url = inPageLanguage(SITE_SETTINGS_URL, locale);
  return queryOptions({ queryKey: [url], queryFn: ({ signal }) => api.get<PublicSiteSettings>(url, { signal }) });
};

/** In English, with the translations beside the texts. */
export const siteSettingsQuery = siteSettingsQueryIn('en');

/** Every language's answer, for a save to refresh them all. */
export const isSiteSettingsKey = (queryKey: readonly unknown[]): boolean =>
  LOCALES.some((locale) => queryKey[0] === siteSettingsQueryIn(locale).queryKey[0]);

/** The site settings in the page's language, or undefined until they have arrived (never on server-rendered pages). */
export function useSiteSettings(): PublicSiteSettings | undefined {
  const { locale } = useT();
  return useQuery(siteSettingsQueryIn(locale)).data;
}

export interface DialablePhone {
  label: string;
  /** As printed, e.g. '+91 98430 12345'. */
  display: string;
  /** For a `tel:` link, e.g. '+919843012345'. */
  tel: string;
}

export function phonesOf(site: PublicSiteSettings): DialablePhone[] {
  return site.company.phones.map((phone) => ({ label: phone.label, display: phone.number, tel: telOf(phone.number) }));
}

/** The wa.me link with the company's number and its prefilled message. */
export function whatsappHrefOf(site: PublicSiteSettings): string {
  return whatsappLink(site.company.whatsapp.number, site.company.whatsapp.message);
}

/** The message a "WhatsApp about this item" link starts, in the page's language: the item's name, code and page. */
export function itemEnquiryMessage(
  item: { name: string; code: string | null },
  pageUrl: string,
  translator: Translator,
): string {
  return item.code
    ? translator.t('ui.whatsappItemMessageWithCode', { name: item.name, code: item.code, url: pageUrl })
    : translator.t('ui.whatsappItemMessage', { name: item.name, url: pageUrl });
}

/** The wa.me link with the company's number and a message about one item. */
export function whatsappItemHrefOf(
  site: PublicSiteSettings,
  item: { name: string; code: string | null },
  pageUrl: string,
  translator: Translator,
): string {
  return whatsappLink(site.company.whatsapp.number, itemEnquiryMessage(item, pageUrl, translator));
}

/** 'Coimbatore, Tamil Nadu, India': where the works is, in one line. */
export function locationOf(site: PublicSiteSettings): string {
  const { locality, region, lines } = site.company.address;
  const country = lines.length > 2 ? lines[lines.length - 1] : undefined;
  return [locality, region, country].filter(Boolean).join(', ');
}
