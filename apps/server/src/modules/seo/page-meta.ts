import type { Machine, Service, SparePart } from '@capstan/shared';
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

/** With the seeded name, the same text as apps/web/index.html. */
export const homeTitle = (company: SeoCompany) => `${company.name} — Capstan Lathes & CNC Machines, Coimbatore`;
export const HOME_DESCRIPTION =
  'Precision capstan lathes, CNC turning centres, spare parts and service from Coimbatore, Tamil Nadu. Browse machines and request a quote.';

const HOME_CRUMB = { name: 'Home', path: '/' };

/** The site's own picture for its own pages (shared links, search results), as staff set it. */
const siteImage = (company: SeoCompany): PageMeta['image'] => brandAssets(company).shareImage;

const iconsOf = (company: SeoCompany): PageMeta['icons'] => {
  const { favicon, appleTouchIcon } = brandAssets(company);
  return { favicon, appleTouchIcon };
};
const PRODUCTS_CRUMB = { name: 'Products', path: '/products' };

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

export function homeMeta(company: SeoCompany): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: homeTitle(company),
    description: HOME_DESCRIPTION,
    canonicalPath: '/',
    image: siteImage(company),
    ogType: 'website',
    jsonLd: [organizationJsonLd(company), localBusinessJsonLd(company)],
  };
}

/** `canonicalPath`: the tab and page shown, as the renderer reports it ('/products' for page 1 of machines). */
export function catalogueMeta(company: SeoCompany, canonicalPath = PRODUCTS_CRUMB.path): PageMeta {
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: `Product Catalogue | ${company.name}`,
    description: toMetaDescription(
      `Capstan lathes, CNC turning machines, genuine spare parts and engineering services from ${company.name}, ${locationOf(company)}. Prices in rupees; request a quote.`,
    ),
    canonicalPath,
    image: siteImage(company),
    ogType: 'website',
    jsonLd: [breadcrumbJsonLd([HOME_CRUMB, PRODUCTS_CRUMB])],
  };
}

function itemCategory(item: CatalogueItem): string {
  if ('category' in item) return item.category === 'machine' ? 'Machines' : item.category;
  if ('specs' in item) return 'Spare Parts';
  return 'Services';
}

function itemPrice(item: CatalogueItem): number | null {
  return 'price' in item ? item.price : null;
}

function itemRating(item: CatalogueItem): { value: number; count: number } | undefined {
  if (!('rating' in item) || item.rating === null || !item.reviewCount) return undefined;
  return { value: item.rating, count: item.reviewCount };
}

const isService = (item: CatalogueItem): item is Service => 'specification' in item;

export function itemMeta(company: SeoCompany, item: CatalogueItem): PageMeta {
  const path = `/product/${encodeURIComponent(item.id)}`;
  const price = itemPrice(item);
  const category = itemCategory(item);
  const brand = ('brand' in item ? item.brand : null) ?? company.name;
  const description = toMetaDescription(item.description) || toMetaDescription(`${item.name} from ${company.name}.`);
  // Structured data carries the description whole; only the meta tags get the short snippet.
  const wholeDescription = item.description.replace(/\s+/g, ' ').trim() || `${item.name} from ${company.name}.`;
  const first = item.media[0];
  const imageUrl = first?.url ?? item.images[0];
  const images = item.media.length > 0 ? item.media.map((m) => m.url) : item.images;

  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: `${item.name} | ${company.name}`,
    description,
    canonicalPath: path,
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
      breadcrumbJsonLd([HOME_CRUMB, PRODUCTS_CRUMB, { name: item.name, path }]),
    ],
  };
}

/**
 * `/compare?ids=…` (decision 035). A shared link previews with the machines' names; the page itself
 * is not for search engines (any set of ids makes another URL of the same machines' pages).
 */
export function compareMeta(company: SeoCompany, canonicalPath: string, names: readonly string[]): PageMeta {
  const what = names.length === 0 ? 'Compare machines' : `Compare ${names.join(' vs ')}`;
  const listed = names.length <= 1 ? (names[0] ?? 'Machines') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return {
    status: 200,
    siteName: company.name,
    icons: iconsOf(company),
    title: `${what} | ${company.name}`,
    description: toMetaDescription(
      `${listed} from ${company.name} side by side: specifications in one unit per row, differences highlighted, prices in rupees. Request a quote for each.`,
    ),
    canonicalPath,
    image: siteImage(company),
    ogType: 'website',
    noindex: true,
    jsonLd: [breadcrumbJsonLd([HOME_CRUMB, PRODUCTS_CRUMB, { name: 'Compare', path: canonicalPath }])],
  };
}

/** `path` is whatever was requested: only its path part is kept, and it is escaped when rendered. */
export function notFoundMeta(company: SeoCompany, path: string): PageMeta {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? '';
  const canonicalPath = pathOnly.startsWith('/') ? pathOnly : `/${pathOnly}`;
  // Same wording as the client's document.title on a missing product.
  const what = canonicalPath.startsWith('/product/') ? 'Product not found' : 'Page not found';
  return {
    status: 404,
    siteName: company.name,
    icons: iconsOf(company),
    title: `${what} | ${company.name}`,
    description: `The page you asked for does not exist at ${company.name}.`,
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
export function unavailableMeta(path: string): PageMeta {
  return {
    status: 200,
    siteName: '',
    icons: UNVERSIONED_ICONS,
    title: 'Capstan Lathes & CNC Machines',
    description: HOME_DESCRIPTION,
    canonicalPath: path.split(/[?#]/, 1)[0] || '/',
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}
