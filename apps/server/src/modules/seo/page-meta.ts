import {
  localizedPath,
  type Machine,
  MY_MACHINE_PATH,
  QUOTE_LIST_PATH,
  type Service,
  SERVICE_PAGE_PATH,
  type SparePart,
} from '@capstan/shared';
import { type ServerMessageKey, serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { brandAssets, UNVERSIONED_ICONS } from '../brand/brand-assets';
import {
  breadcrumbJsonLd,
  localBusinessJsonLd,
  organizationJsonLd,
  productJsonLd,
  type SeoCompany,
  serviceJsonLd,
} from './json-ld';

/** What a server-rendered page needs in its <head>, and the status to answer with. */
export interface PageMeta {
  status: 200 | 404;
  /** The company name as staff set it (og:site_name). */
  siteName: string;
  title: string;
  /** Plain text, at most DESCRIPTION_MAX_CHARS. */
  description: string;
  /** Root-relative, e.g. '/product/<id>'; made absolute with PUBLIC_URL when rendered. */
  canonicalPath: string;
  /** Root-relative or absolute. */
  image?: { url: string; width?: number; height?: number; alt: string };
  /** The favicon and home-screen icon, root-relative (versioned: brand-assets.ts). */
  icons: { favicon: string; appleTouchIcon: string };
  ogType: 'website' | 'product';
  noindex?: boolean;
  /** Rupees, for product:price:* tags; absent when the price is on request. */
  price?: { amount: number; currency: 'INR' };
  /** Root-relative URLs inside are made absolute when rendered. */
  jsonLd: Record<string, unknown>[];
}

export type CatalogueItem = Machine | SparePart | Service;

export const DESCRIPTION_MAX_CHARS = 160;

/**
 * Each function takes the page's language (`tr`, English when left out): titles, descriptions and
 * structured data are in the reader's language, and the paths they name are that language's pages.
 * Item names and descriptions are the catalogue's own.
 */
const ENGLISH = serverTranslator('en');

/** With the seeded name, the same text as apps/web/index.html. */
export const homeTitle = (company: SeoCompany, tr: ServerTranslator = ENGLISH) =>
  tr.t('seo.homeTitle', { company: company.name });
export const HOME_DESCRIPTION = ENGLISH.t('seo.homeDescription');

const homeCrumb = (tr: ServerTranslator) => ({ name: tr.t('seo.crumbHome'), path: localizedPath(tr.locale, '/') });
const productsCrumb = (tr: ServerTranslator) => ({
  name: tr.t('seo.crumbProducts'),
  path: localizedPath(tr.locale, '/products'),
});

/** The site's own picture for its own pages (shared links, search results), as staff set it. */
const siteImage = (company: SeoCompany): PageMeta['image'] => brandAssets(company).shareImage;

const iconsOf = (company: SeoCompany): PageMeta['icons'] => {
  const { favicon, appleTouchIcon } = brandAssets(company);
  return { favicon, appleTouchIcon };
};

/** Collapses whitespace and cuts at a word boundary so the snippet never ends mid-word. */
export function toMetaDescription(text: string, max = DESCRIPTION_MAX_CHARS): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** 'Coimbatore, Tamil Nadu': the town and state of the works. */
const locationOf = (company: SeoCompany) => `${company.address.locality}, ${company.address.region}`;

export function homeMeta(company: SeoCompany, tr: ServerTranslator = ENGLISH): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: homeTitle(company, tr),
    description: tr.t('seo.homeDescription'),
    canonicalPath: '/',
    image: siteImage(company),
    ogType: 'website',
    jsonLd: [organizationJsonLd(company), localBusinessJsonLd(company)],
  };
}

/** `canonicalPath`: the tab and page shown, as the renderer reports it ('/products' for page 1 of machines). */
export function catalogueMeta(
  company: SeoCompany,
  canonicalPath = '/products',
  tr: ServerTranslator = ENGLISH,
): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: tr.t('seo.catalogueTitle', { company: company.name }),
    description: toMetaDescription(
      tr.t('seo.catalogueDescription', { company: company.name, location: locationOf(company) }),
    ),
    canonicalPath,
    image: siteImage(company),
    ogType: 'website',
    jsonLd: [breadcrumbJsonLd([homeCrumb(tr), productsCrumb(tr)])],
  };
}

function itemCategory(item: CatalogueItem, tr: ServerTranslator): string {
  if ('category' in item) return item.category === 'machine' ? tr.t('seo.categoryMachines') : item.category;
  if ('specs' in item) return tr.t('seo.categorySpares');
  return tr.t('seo.categoryServices');
}

function itemPrice(item: CatalogueItem): number | null {
  return 'price' in item ? item.price : null;
}

function itemRating(item: CatalogueItem): { value: number; count: number } | undefined {
  if (!('rating' in item) || item.rating === null || !item.reviewCount) return undefined;
  return { value: item.rating, count: item.reviewCount };
}

const isService = (item: CatalogueItem): item is Service => 'specification' in item;

export function itemMeta(company: SeoCompany, item: CatalogueItem, tr: ServerTranslator = ENGLISH): PageMeta {
  // The canonical path is the app's (the head tags add the language); structured data names the page itself.
  const appPath = `/product/${encodeURIComponent(item.id)}`;
  const path = localizedPath(tr.locale, appPath);
  const price = itemPrice(item);
  const category = itemCategory(item, tr);
  const brand = ('brand' in item ? item.brand : null) ?? company.name;
  const fallback = tr.t('seo.itemFallbackDescription', { item: item.name, company: company.name });
  const description = toMetaDescription(item.description) || toMetaDescription(fallback);
  // Structured data carries the description whole; only the meta tags get the short snippet.
  const wholeDescription = item.description.replace(/\s+/g, ' ').trim() || fallback;
  const first = item.media[0];
  const imageUrl = first?.url ?? item.images[0];
  const images = item.media.length > 0 ? item.media.map((m) => m.url) : item.images;

  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: tr.t('seo.itemTitle', { item: item.name, company: company.name }),
    description,
    canonicalPath: appPath,
    ...(imageUrl
      ? {
          image: {
            url: imageUrl,
            ...(first ? { width: first.width, height: first.height } : {}),
            alt: item.name,
          },
        }
      : {}),
    ogType: 'product',
    ...(price === null ? {} : { price: { amount: price, currency: 'INR' as const } }),
    jsonLd: [
      isService(item)
        ? serviceJsonLd({ id: item.id, name: item.name, description: wholeDescription, path, images })
        : productJsonLd({
            id: item.id,
            name: item.name,
            description: wholeDescription,
            path,
            images,
            brand,
            category,
            price,
            rating: itemRating(item),
            ...('availability' in item && item.availability ? { availability: item.availability } : {}),
            ...('warranty' in item && item.warranty ? { warrantyMonths: item.warranty.months } : {}),
          }),
      breadcrumbJsonLd([homeCrumb(tr), productsCrumb(tr), { name: item.name, path }]),
    ],
  };
}

/**
 * `/compare?ids=…` (decision 035). A shared link previews with the machines' names; the page itself
 * is not for search engines (any set of ids makes another URL of the same machines' pages).
 */
export function compareMeta(
  company: SeoCompany,
  canonicalPath: string,
  names: readonly string[],
  tr: ServerTranslator = ENGLISH,
): PageMeta {
  const what =
    names.length === 0 ? tr.t('seo.compareMachines') : tr.t('seo.compareNamed', { names: names.join(' vs ') });
  const listed = names.length === 0 ? tr.t('seo.compareMachinesListed') : tr.list(names);
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: tr.t('seo.compareTitle', { what, company: company.name }),
    description: toMetaDescription(tr.t('seo.compareDescription', { listed, company: company.name })),
    canonicalPath,
    image: siteImage(company),
    ogType: 'website',
    noindex: true,
    jsonLd: [
      breadcrumbJsonLd([
        homeCrumb(tr),
        productsCrumb(tr),
        { name: tr.t('seo.crumbCompare'), path: localizedPath(tr.locale, canonicalPath) },
      ]),
    ],
  };
}

/**
 * A page of one form or one visitor's own things, under the home page: its title, description and
 * breadcrumb are the `seo` messages named, with the company's name in them.
 */
function singlePageMeta(
  company: SeoCompany,
  tr: ServerTranslator,
  page: {
    path: string;
    title: ServerMessageKey;
    description: ServerMessageKey;
    crumb: ServerMessageKey;
    noindex: boolean;
  },
): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: tr.t(page.title, { company: company.name }),
    description: toMetaDescription(tr.t(page.description, { company: company.name })),
    canonicalPath: page.path,
    image: siteImage(company),
    ogType: 'website',
    ...(page.noindex ? { noindex: true } : {}),
    jsonLd: [breadcrumbJsonLd([homeCrumb(tr), { name: tr.t(page.crumb), path: localizedPath(tr.locale, page.path) }])],
  };
}

/**
 * The buyer's quote list, `/quote` (issue 39). Its lines are the visitor's own (a cookie, decision
 * 074): nothing for search engines, and never another visitor's page.
 */
export const quoteMeta = (company: SeoCompany, tr: ServerTranslator = ENGLISH): PageMeta =>
  singlePageMeta(company, tr, {
    path: QUOTE_LIST_PATH,
    title: 'seo.quoteTitle',
    description: 'seo.quoteDescription',
    crumb: 'seo.crumbQuote',
    noindex: true,
  });

/**
 * Request service, `/service` (issue 40): the same form for everyone, for search engines too. A
 * `?serial=` prefill names the same page.
 */
export const serviceMeta = (company: SeoCompany, tr: ServerTranslator = ENGLISH): PageMeta =>
  singlePageMeta(company, tr, {
    path: SERVICE_PAGE_PATH,
    title: 'seo.serviceTitle',
    description: 'seo.serviceDescription',
    crumb: 'seo.crumbService',
    noindex: false,
  });

/** My machine, `/my-machine` (issue 40): one buyer's machine behind a one-time code, nothing for search engines. */
export const myMachineMeta = (company: SeoCompany, tr: ServerTranslator = ENGLISH): PageMeta =>
  singlePageMeta(company, tr, {
    path: MY_MACHINE_PATH,
    title: 'seo.myMachineTitle',
    description: 'seo.myMachineDescription',
    crumb: 'seo.crumbMyMachine',
    noindex: true,
  });

/** `path` is whatever was requested: only its path part is kept, and it is escaped when rendered. */
export function notFoundMeta(company: SeoCompany, path: string, tr: ServerTranslator = ENGLISH): PageMeta {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? '';
  const canonicalPath = pathOnly.startsWith('/') ? pathOnly : `/${pathOnly}`;
  // Same wording as the client's document.title on a missing product.
  const what = canonicalPath.startsWith('/product/') ? tr.t('seo.productNotFound') : tr.t('seo.pageNotFound');
  return {
    status: 404,
    siteName: company.name,
    icons: iconsOf(company),
    title: tr.t('seo.notFoundTitle', { what, company: company.name }),
    description: tr.t('seo.notFoundDescription', { company: company.name }),
    canonicalPath,
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}

export function adminMeta(company: SeoCompany): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: `Admin | ${company.name}`,
    description: `Back office of ${company.name}.`,
    canonicalPath: '/admin',
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}

/**
 * The head of a page whose site settings could not be read (an overloaded or failing API): no
 * company facts to show, and nothing for search engines to keep.
 */
export function unavailableMeta(path: string, tr: ServerTranslator = ENGLISH): PageMeta {
  return {
    status: 200,
    siteName: '',
    icons: UNVERSIONED_ICONS,
    title: tr.t('seo.unavailableTitle'),
    description: tr.t('seo.homeDescription'),
    canonicalPath: path.split(/[?#]/, 1)[0] || '/',
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}
