import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicSiteSettings, telOf, whatsappLink } from '@capstan/shared';
import type { Translator } from '@/lib/i18n';
import { api } from './api-client';

/**
 * The company's facts and the landing page's texts as staff set them under Site (decision 020).
 * Every public page reads them from here (prefetched by the server render, so they are in the
 * page's embedded data); nothing public keeps a copy of its own.
 */
export const siteSettingsQuery = queryOptions({
  queryKey: ['/api/site'],
  queryFn: ({ signal }) => api.get<PublicSiteSettings>('/api/site', { signal }),
});

/** The site settings, or undefined until they have arrived (never on server-rendered pages). */
export function useSiteSettings(): PublicSiteSettings | undefined {
  return useQuery(siteSettingsQuery).data;
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
