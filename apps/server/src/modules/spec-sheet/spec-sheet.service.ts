import {
  DEFAULT_COMPANY,
  formatOpeningHours,
  formatRupees,
  formatSpecification,
  PRICE_ON_REQUEST,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { ItemKind } from '../../db/schema';
import { findItem, type ItemRecord } from '../catalogue/catalogue.repository';
import { findMachineCategory } from '../catalogue/machine-categories.repository';
import { imageIdFromUrl } from '../images/image-store';
import { readImageForPrint } from '../images/print-image';
import { publicCompanyOrNull } from '../site/site-settings.service';
import { type SpecSheetCompany, type SpecSheetContent, renderSpecSheet } from './spec-sheet-pdf';
import { specSheetFonts } from './spec-sheet-fonts';

export interface SpecSheet {
  pdf: Buffer;
  fileName: string;
}

const KIND_LABEL: Record<ItemKind, string> = { machine: 'Machine', spare: 'Spare part', service: 'Service' };
const CODE_LABEL: Record<ItemKind, string> = { machine: 'Model', spare: 'Part no.', service: 'Service code' };

/** The product page's path (apps/web/src/config/paths.ts `paths.product`). */
export const productPagePath = (id: string) => `/product/${encodeURIComponent(id)}`;
export const specSheetPath = (id: string) => `${productPagePath(id)}/spec-sheet.pdf`;

async function companyForSheet(ctx: AppContext): Promise<{ company: SpecSheetCompany; updatedAt: string | null }> {
  // As the footer: the stored settings, or the seeded defaults when they cannot be read.
  const stored = await publicCompanyOrNull(ctx.db);
  const source = stored ?? DEFAULT_COMPANY;
  return {
    company: {
      name: source.name,
      tagline: source.tagline,
      addressLines: source.address.lines,
      phones: source.phones,
      email: source.email,
      website: ctx.config.publicUrl,
      hours: formatOpeningHours(source.hours),
      gstin: source.gstin,
    },
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** A machine's category name ('Capstan lathe'); 'Machine' while it has none. */
async function kindLabelOf(ctx: AppContext, item: ItemRecord): Promise<string> {
  if (item.kind !== 'machine' || item.category === null) return KIND_LABEL[item.kind];
  return (await findMachineCategory(ctx.db, item.category))?.name ?? KIND_LABEL.machine;
}

/** The price as the details page prints it: services and unpriced items are 'Price on request'. */
function priceOf(item: ItemRecord): { price: string; priced: boolean } {
  if (item.kind === 'service' || item.price === null) return { price: PRICE_ON_REQUEST, priced: false };
  return { price: formatRupees(item.price), priced: true };
}

function latest(...dates: (string | null)[]): Date {
  const times = dates.map((date) => (date === null ? Number.NaN : Date.parse(date))).filter(Number.isFinite);
  return new Date(times.length > 0 ? Math.max(...times) : 0);
}

/** Letters a header can carry: 'NP-38 Capstan Lathe' → 'NP-38-Capstan-Lathe'. */
function fileNameSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * Code 'NP-38', name 'Capstan Lathe' → 'NP-38-Capstan-Lathe-spec-sheet.pdf'. A name that already
 * names the code ('NP-38 All-Geared Capstan Lathe') does not get it twice.
 */
export function specSheetFileName(item: { name: string; code?: string | null }): string {
  const name = fileNameSlug(item.name);
  const code = fileNameSlug(item.code ?? '');
  const hasCode = code !== '' && `-${name.toLowerCase()}-`.includes(`-${code.toLowerCase()}-`);
  const safe = [hasCode ? '' : code, name]
    .filter((part) => part !== '')
    .join('-')
    .slice(0, 80)
    .replace(/[-.]+$/, '');
  return safe === '' ? 'spec-sheet.pdf' : `${safe}-spec-sheet.pdf`;
}

/** The sheet of item `id` of any kind, or undefined when there is no such item. */
export async function buildSpecSheet(ctx: AppContext, id: string): Promise<SpecSheet | undefined> {
  const item = await findItem(ctx.db, id);
  if (!item) return undefined;
  const firstImage = item.images[0];
  const pictureId = firstImage ? imageIdFromUrl(firstImage.url) : null;
  const [{ company, updatedAt: companyUpdatedAt }, kindLabel, picture, fonts] = await Promise.all([
    companyForSheet(ctx),
    kindLabelOf(ctx, item),
    pictureId ? readImageForPrint(ctx.images, pictureId) : Promise.resolve(null),
    specSheetFonts(),
  ]);

  const content: SpecSheetContent = {
    company,
    kindLabel,
    name: item.name,
    codeLabel: CODE_LABEL[item.kind],
    code: item.code,
    brand: item.brand,
    ...priceOf(item),
    description: item.description,
    features: item.features,
    specifications: item.specifications.map((row) => ({ key: row.key, value: formatSpecification(row) })),
    picture,
    pageUrl: `${ctx.config.publicUrl}${productPagePath(item.id)}`,
    asOf: latest(item.updatedAt, companyUpdatedAt),
  };
  return { pdf: await renderSpecSheet(content, fonts), fileName: specSheetFileName(item) };
}
