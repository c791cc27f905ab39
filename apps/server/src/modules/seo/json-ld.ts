import type { AvailabilityStatus, ItemAvailability } from '@capstan/shared';
import { brandAssets } from '../brand/brand-assets';
import { groupOpeningHours, type PublicCompanySettings, socialLinksOf, telOf } from '@capstan/shared';

/**
 * schema.org objects for the public pages. URLs here are root-relative on purpose: the page
 * metadata is built without knowing where the site is served, and `absolutizeJsonLd` turns
 * them into absolute URLs with PUBLIC_URL when the head is rendered.
 */
export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
export const ORGANIZATION_ID = '/#organization';
const LOCAL_BUSINESS_ID = '/#localbusiness';

/** Keys whose string values are URLs (and so may be root-relative). */
const URL_KEYS = new Set(['@id', 'url', 'image', 'logo', 'item']);

/** The company's facts the structured data carries: the site settings' public company part. */
export type SeoCompany = PublicCompanySettings;

function phoneTels(company: SeoCompany): string[] {
  return company.phones.map((phone) => telOf(phone.number));
}

export function organizationJsonLd(company: SeoCompany): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': ORGANIZATION_ID,
    name: company.name,
    description: company.tagline,
    url: '/',
    logo: brandAssets(company).logo,
    email: company.email,
    telephone: phoneTels(company)[0],
    contactPoint: phoneTels(company).map((tel) => ({
      '@type': 'ContactPoint',
      telephone: tel,
      email: company.email,
      contactType: 'sales',
      areaServed: 'IN',
      availableLanguage: ['en', 'ta'],
    })),
    ...(company.yearFounded === null ? {} : { foundingDate: String(company.yearFounded) }),
    ...(company.gstin ? { taxID: company.gstin } : {}),
    sameAs: socialLinksOf(company.social).map((link) => link.href),
  };
}

/** schema.org wants each day's hours; closed days are simply not listed. */
function openingHoursSpecification(company: SeoCompany): JsonLd[] {
  return groupOpeningHours(company.hours)
    .filter((group) => !group.closed)
    .map((group) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: group.days,
      opens: group.opens,
      closes: group.closes,
    }));
}

export function localBusinessJsonLd(company: SeoCompany): JsonLd {
  const { address, geo } = company;
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    '@id': LOCAL_BUSINESS_ID,
    name: company.name,
    description: company.tagline,
    url: '/',
    logo: brandAssets(company).logo,
    image: brandAssets(company).shareImage.url,
    parentOrganization: { '@id': ORGANIZATION_ID },
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.streetAddress,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    ...(geo ? { geo: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude } } : {}),
    ...(address.mapUrl ? { hasMap: address.mapUrl } : {}),
    telephone: phoneTels(company)[0],
    email: company.email,
    openingHoursSpecification: openingHoursSpecification(company),
    currenciesAccepted: 'INR',
    ...(company.gstin ? { taxID: company.gstin } : {}),
    sameAs: socialLinksOf(company.social).map((link) => link.href),
  };
}

export function breadcrumbJsonLd(crumbs: readonly { name: string; path: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}

export interface ProductJsonLdInput {
  id: string;
  name: string;
  /** The whole description (structured data is not a snippet: nothing is cut). */
  description: string;
  path: string;
  images: readonly string[];
  brand: string;
  category: string;
  /** Rupees; null means "price on request", which must not become an Offer. */
  price: number | null;
  /** Average stars (1-5) and how many approved reviews; absent when the item has none (decision 051). */
  rating?: { value: number; count: number };
  /** What the page says of its availability and warranty; absent for a client that sent none. */
  availability?: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'>;
  warrantyMonths?: number;
}

const SCHEMA_AVAILABILITY: Record<AvailabilityStatus, string> = {
  in_stock: 'https://schema.org/InStock',
  made_to_order: 'https://schema.org/MadeToOrder',
};

/** The Offer's availability, lead time and warranty, as the page shows them. */
function offerTerms(input: ProductJsonLdInput): JsonLd {
  const { availability, warrantyMonths } = input;
  return {
    ...(availability ? { availability: SCHEMA_AVAILABILITY[availability.status] } : {}),
    ...(availability?.leadTimeWeeks
      ? {
          deliveryLeadTime: {
            '@type': 'QuantitativeValue',
            minValue: availability.leadTimeWeeks.min,
            maxValue: availability.leadTimeWeeks.max,
            unitCode: 'WEE',
          },
        }
      : {}),
    ...(warrantyMonths !== undefined && warrantyMonths > 0
      ? {
          warranty: {
            '@type': 'WarrantyPromise',
            durationOfWarranty: { '@type': 'QuantitativeValue', value: warrantyMonths, unitCode: 'MON' },
          },
        }
      : {}),
  };
}

export function productJsonLd(input: ProductJsonLdInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${input.path}#product`,
    productID: input.id,
    sku: input.id,
    name: input.name,
    description: input.description,
    url: input.path,
    ...(input.images.length > 0 ? { image: [...input.images] } : {}),
    brand: { '@type': 'Brand', name: input.brand },
    manufacturer: { '@id': ORGANIZATION_ID },
    category: input.category,
    ...(input.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: input.rating.value,
            reviewCount: input.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(input.price === null
      ? {}
      : {
          offers: {
            '@type': 'Offer',
            url: input.path,
            priceCurrency: 'INR',
            price: input.price,
            ...offerTerms(input),
            seller: { '@id': ORGANIZATION_ID },
          },
        }),
  };
}

export interface ServiceJsonLdInput {
  id: string;
  name: string;
  /** The whole description. */
  description: string;
  path: string;
  images: readonly string[];
}

/** An engineering service is a schema.org Service offered by the company, not a Product. */
export function serviceJsonLd(input: ServiceJsonLdInput): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    '@id': `${input.path}#service`,
    identifier: input.id,
    name: input.name,
    description: input.description,
    url: input.path,
    ...(input.images.length > 0 ? { image: [...input.images] } : {}),
    serviceType: input.name,
    provider: { '@id': ORGANIZATION_ID },
    // The works sends engineers across India (the company's contact points serve 'IN' too).
    areaServed: { '@type': 'Country', name: 'India' },
  };
}

function absoluteUrl(value: string, publicUrl: string): string {
  return value.startsWith('/') && !value.startsWith('//') ? `${publicUrl}${value}` : value;
}

/** A copy of `value` with every root-relative URL under a URL key made absolute. */
export function absolutizeJsonLd<T>(value: T, publicUrl: string, key?: string): T {
  if (typeof value === 'string') {
    return (key !== undefined && URL_KEYS.has(key) ? absoluteUrl(value, publicUrl) : value) as T;
  }
  if (Array.isArray(value)) {
    return value.map((entry: unknown) => absolutizeJsonLd(entry, publicUrl, key)) as T;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = absolutizeJsonLd(v, publicUrl, k);
    return out as T;
  }
  return value;
}

/**
 * JSON for inside <script type="application/ld+json">. The HTML parser ends the element at the
 * first `</script`, so `<` (and `>`/`&` for good measure) become \u escapes; U+2028/2029 are
 * escaped too so the text is also valid as a JavaScript string literal.
 */
export function serializeJsonLd(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
