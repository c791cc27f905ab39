import Validator, { type StructuredDataIssue } from '@adobe/structured-data-validator';

type Node = Record<string, unknown>;

/** The JSON-LD blocks of an HTML page as a crawler reads them back. */
export function jsonLdBlocks(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Node,
  );
}

/**
 * Google's rich-result rules (@adobe/structured-data-validator, offline). Its schema.org check
 * needs the vocabulary file, which is not available offline here, so `schemaOrgProblems` below
 * checks the properties instead.
 */
export async function richResultIssues(blocks: Node[]): Promise<StructuredDataIssue[]> {
  const byType: Record<string, Node[]> = {};
  for (const block of blocks) {
    const type = String(block['@type']);
    (byType[type] ??= []).push(structuredClone(block));
  }
  return new Validator().validate({ jsonld: byType });
}

const THING = [
  'name',
  'description',
  'url',
  'image',
  'identifier',
  'sameAs',
  'alternateName',
  'disambiguatingDescription',
  'mainEntityOfPage',
  'additionalType',
  'potentialAction',
  'subjectOf',
];
const PLACE = [
  'address',
  'aggregateRating',
  'geo',
  'hasMap',
  'latitude',
  'longitude',
  'openingHoursSpecification',
  'photo',
  'telephone',
  'review',
  'containedInPlace',
  'amenityFeature',
  'faxNumber',
  'logo',
  'isAccessibleForFree',
];
const ORGANIZATION = [
  'address',
  'aggregateRating',
  'areaServed',
  'brand',
  'contactPoint',
  'department',
  'email',
  'faxNumber',
  'founder',
  'foundingDate',
  'hasOfferCatalog',
  'legalName',
  'location',
  'logo',
  'makesOffer',
  'member',
  'numberOfEmployees',
  'parentOrganization',
  'review',
  'subOrganization',
  'taxID',
  'telephone',
  'vatID',
];
const CONTACT_POINT = [
  'areaServed',
  'availableLanguage',
  'contactOption',
  'contactType',
  'email',
  'faxNumber',
  'hoursAvailable',
  'productSupported',
  'telephone',
];

/**
 * Properties schema.org defines for each type the site emits (its own and inherited ones), from
 * the schema.org type pages (Thing → Organization/Place → LocalBusiness, Thing → Product, …).
 */
const SCHEMA_ORG_PROPERTIES: Record<string, readonly string[]> = {
  Organization: [...THING, ...ORGANIZATION],
  LocalBusiness: [
    ...THING,
    ...ORGANIZATION,
    ...PLACE,
    'currenciesAccepted',
    'openingHours',
    'paymentAccepted',
    'priceRange',
    'branchOf',
  ],
  PostalAddress: [
    ...THING,
    ...CONTACT_POINT,
    'addressCountry',
    'addressLocality',
    'addressRegion',
    'postalCode',
    'postOfficeBoxNumber',
    'streetAddress',
  ],
  ContactPoint: [...THING, ...CONTACT_POINT],
  GeoCoordinates: [...THING, 'address', 'addressCountry', 'elevation', 'latitude', 'longitude', 'postalCode'],
  OpeningHoursSpecification: [...THING, 'closes', 'dayOfWeek', 'opens', 'validFrom', 'validThrough'],
  Product: [
    ...THING,
    'additionalProperty',
    'aggregateRating',
    'audience',
    'award',
    'brand',
    'category',
    'color',
    'gtin',
    'hasMerchantReturnPolicy',
    'isRelatedTo',
    'isSimilarTo',
    'itemCondition',
    'logo',
    'manufacturer',
    'material',
    'model',
    'mpn',
    'offers',
    'productID',
    'releaseDate',
    'review',
    'sku',
    'weight',
  ],
  Brand: [...THING, 'aggregateRating', 'logo', 'review', 'slogan'],
  Offer: [
    ...THING,
    'acceptedPaymentMethod',
    'areaServed',
    'availability',
    'availabilityEnds',
    'availabilityStarts',
    'businessFunction',
    'category',
    'deliveryLeadTime',
    'eligibleRegion',
    'gtin',
    'hasMerchantReturnPolicy',
    'itemCondition',
    'itemOffered',
    'mpn',
    'offeredBy',
    'price',
    'priceCurrency',
    'priceSpecification',
    'priceValidUntil',
    'seller',
    'shippingDetails',
    'sku',
    'validFrom',
    'warranty',
  ],
  AggregateRating: [
    ...THING,
    'author',
    'bestRating',
    'itemReviewed',
    'ratingCount',
    'ratingExplanation',
    'ratingValue',
    'reviewAspect',
    'reviewCount',
    'worstRating',
  ],
  Service: [
    ...THING,
    'aggregateRating',
    'areaServed',
    'audience',
    'availableChannel',
    'award',
    'brand',
    'broker',
    'category',
    'hasOfferCatalog',
    'hoursAvailable',
    'isRelatedTo',
    'isSimilarTo',
    'logo',
    'offers',
    'provider',
    'providerMobility',
    'review',
    'serviceOutput',
    'serviceType',
    'slogan',
    'termsOfService',
  ],
  Country: [...THING, ...PLACE],
  QuantitativeValue: [
    ...THING,
    'additionalProperty',
    'maxValue',
    'minValue',
    'unitCode',
    'unitText',
    'value',
    'valueReference',
  ],
  WarrantyPromise: [...THING, 'durationOfWarranty', 'warrantyScope'],
  BreadcrumbList: [...THING, 'itemListElement', 'itemListOrder', 'numberOfItems'],
  ListItem: [...THING, 'item', 'nextItem', 'position', 'previousItem'],
};

const DAYS = new Set(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
const URL_KEYS = new Set(['@id', 'url', 'image', 'logo', 'item', 'hasMap', 'sameAs', 'availability']);

/**
 * Every typed node's properties must be schema.org properties of its type, URLs absolute, days
 * real day names and ratings inside their scale. Nodes with only an `@id` are references.
 */
export function schemaOrgProblems(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, i) => schemaOrgProblems(entry, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const node = value as Node;
  const problems: string[] = [];
  const type = node['@type'];
  if (typeof type === 'string') {
    const allowed = SCHEMA_ORG_PROPERTIES[type];
    if (!allowed) problems.push(`${path}: type ${type} is not one the checker knows`);
    for (const key of Object.keys(node)) {
      if (key.startsWith('@')) continue;
      if (allowed && !allowed.includes(key)) problems.push(`${path}: ${type} has no property "${key}"`);
    }
    if (type === 'AggregateRating') {
      const rating = Number(node.ratingValue);
      if (!(rating >= Number(node.worstRating ?? 1) && rating <= Number(node.bestRating ?? 5))) {
        problems.push(`${path}: ratingValue ${String(node.ratingValue)} outside its scale`);
      }
    }
  } else if (Object.keys(node).some((key) => key !== '@id')) {
    problems.push(`${path}: an object without @type`);
  }
  for (const [key, child] of Object.entries(node)) {
    if (URL_KEYS.has(key)) {
      for (const url of [child].flat()) {
        if (typeof url === 'string' && !/^https?:\/\//.test(url))
          problems.push(`${path}.${key}: ${url} is not absolute`);
      }
    }
    if (key === 'dayOfWeek') {
      for (const day of [child].flat()) if (!DAYS.has(String(day))) problems.push(`${path}.dayOfWeek: ${String(day)}`);
    }
    problems.push(...schemaOrgProblems(child, `${path}.${key}`));
  }
  return problems;
}
