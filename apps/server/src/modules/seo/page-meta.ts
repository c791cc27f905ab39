import {
  COMPANY_LOCATION,
  COMPANY_NAME,
  COMPANY_SOCIAL_IMAGE,
  type Machine,
  type Service,
  type SparePart,
} from '@capstan/shared';
import { breadcrumbJsonLd, localBusinessJsonLd, organizationJsonLd, productJsonLd, serviceJsonLd } from './json-ld';

/** What a server-rendered page needs in its <head>, and the status to answer with. */
export interface PageMeta {
  status: 200 | 404;
  title: string;
  /** Plain text, at most DESCRIPTION_MAX_CHARS. */
  description: string;
  /** Root-relative, e.g. '/product/<id>'; made absolute with PUBLIC_URL when rendered. */
  canonicalPath: string;
  /** Root-relative or absolute. */
  image?: { url: string; width?: number; height?: number; alt: string };
  ogType: 'website' | 'product';
  noindex?: boolean;
  /** Rupees, for product:price:* tags; absent when the price is on request. */
  price?: { amount: number; currency: 'INR' };
  /** Root-relative URLs inside are made absolute when rendered. */
  jsonLd: Record<string, unknown>[];
}

export type CatalogueItem = Machine | SparePart | Service;

export const DESCRIPTION_MAX_CHARS = 160;

/** Same text as apps/web/index.html, so the server-rendered and client-only home agree. */
export const HOME_TITLE = `${COMPANY_NAME} — Capstan Lathes & CNC Machines, Coimbatore`;
export const HOME_DESCRIPTION =
  'Precision capstan lathes, CNC turning centres, spare parts and service from Coimbatore, Tamil Nadu. Browse machines and request a quote.';

const HOME_CRUMB = { name: 'Home', path: '/' };

/** The site's own picture for its own pages (shared links, search results). */
const SITE_IMAGE: PageMeta['image'] = {
  url: COMPANY_SOCIAL_IMAGE.path,
  width: COMPANY_SOCIAL_IMAGE.width,
  height: COMPANY_SOCIAL_IMAGE.height,
  alt: COMPANY_SOCIAL_IMAGE.alt,
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

export function homeMeta(): PageMeta {
  return {
    status: 200,
    title: HOME_TITLE,
    description: HOME_DESCRIPTION,
    canonicalPath: '/',
    image: SITE_IMAGE,
    ogType: 'website',
    jsonLd: [organizationJsonLd(), localBusinessJsonLd()],
  };
}

/** `canonicalPath`: the tab and page shown, as the renderer reports it ('/products' for page 1 of machines). */
export function catalogueMeta(canonicalPath = PRODUCTS_CRUMB.path): PageMeta {
  return {
    status: 200,
    title: `Product Catalogue | ${COMPANY_NAME}`,
    description: toMetaDescription(
      `Capstan lathes, CNC turning machines, genuine spare parts and engineering services from ${COMPANY_NAME}, ${COMPANY_LOCATION}. Prices in rupees; request a quote.`,
    ),
    canonicalPath,
    image: SITE_IMAGE,
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

export function itemMeta(item: CatalogueItem): PageMeta {
  const path = `/product/${encodeURIComponent(item.id)}`;
  const price = itemPrice(item);
  const category = itemCategory(item);
  const brand = ('brand' in item ? item.brand : null) ?? COMPANY_NAME;
  const description = toMetaDescription(item.description) || toMetaDescription(`${item.name} from ${COMPANY_NAME}.`);
  // Structured data carries the description whole; only the meta tags get the short snippet.
  const wholeDescription = item.description.replace(/\s+/g, ' ').trim() || `${item.name} from ${COMPANY_NAME}.`;
  const first = item.media[0];
  const imageUrl = first?.url ?? item.images[0];
  const images = item.media.length > 0 ? item.media.map((m) => m.url) : item.images;

  return {
    status: 200,
    title: `${item.name} | ${COMPANY_NAME}`,
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
          }),
      breadcrumbJsonLd([HOME_CRUMB, PRODUCTS_CRUMB, { name: item.name, path }]),
    ],
  };
}

/** `path` is whatever was requested: only its path part is kept, and it is escaped when rendered. */
export function notFoundMeta(path: string): PageMeta {
  const pathOnly = path.split(/[?#]/, 1)[0] ?? '';
  const canonicalPath = pathOnly.startsWith('/') ? pathOnly : `/${pathOnly}`;
  // Same wording as the client's document.title on a missing product.
  const what = canonicalPath.startsWith('/product/') ? 'Product not found' : 'Page not found';
  return {
    status: 404,
    title: `${what} | ${COMPANY_NAME}`,
    description: `The page you asked for does not exist at ${COMPANY_NAME}.`,
    canonicalPath,
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}

export function adminMeta(): PageMeta {
  return {
    status: 200,
    title: `Admin | ${COMPANY_NAME}`,
    description: `Back office of ${COMPANY_NAME}.`,
    canonicalPath: '/admin',
    ogType: 'website',
    noindex: true,
    jsonLd: [],
  };
}
