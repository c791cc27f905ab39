import { DEFAULT_COMPANY, formatSpecification, INTL_LOCALES, type Locale, localizedPath } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { type ServerTranslator, serverTranslator } from '../../i18n/server-translator';
import { inLanguage } from '../catalogue/answer-language';
import { findItem, type ItemRecord } from '../catalogue/catalogue.repository';
import { findMachineCategory, findMachineCategoryTranslations } from '../catalogue/machine-categories.repository';
import { imageIdFromUrl } from '../images/image-store';
import { readImageForPrint } from '../images/print-image';
import { publicCompanyOrNull } from '../site/site-settings.service';
import { localizeCompany } from '../site/site-translations';
import { scriptsIn } from './script-runs';
import { type SpecSheetCompany, type SpecSheetContent, renderSpecSheet } from './spec-sheet-pdf';
import { specSheetFontsFor } from './spec-sheet-fonts';
import { codeLabelIn, kindLabelIn, openingHoursIn, priceIn, specSheetWords } from './spec-sheet-words';

export interface SpecSheet {
  pdf: Buffer;
  fileName: string;
}

/** The product page's path (apps/web/src/config/paths.ts `paths.product`). */
export const productPagePath = (id: string) => `/product/${encodeURIComponent(id)}`;
export const specSheetPath = (id: string) => `${productPagePath(id)}/spec-sheet.pdf`;

async function companyForSheet(
  ctx: AppContext,
  translator: ServerTranslator,
  locale: Locale,
): Promise<{ company: SpecSheetCompany; updatedAt: string | null }> {
  // As the footer: the stored settings, or the seeded defaults when they cannot be read; the
  // tagline and phone labels in the sheet's language where staff translated them (decision 072).
  const stored = await publicCompanyOrNull(ctx.db);
  const found = stored ?? DEFAULT_COMPANY;
  const source = locale === 'en' || stored === null ? found : localizeCompany(stored, locale);
  return {
    company: {
      name: source.name,
      tagline: source.tagline,
      addressLines: source.address.lines,
      phones: source.phones,
      email: source.email,
      website: ctx.config.publicUrl,
      hours: openingHoursIn(translator, source.hours),
      gstin: source.gstin,
    },
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** A machine's category name ('Capstan lathe') in the sheet's language; 'Machine' in it while it has none. */
async function kindLabelOf(
  ctx: AppContext,
  item: ItemRecord,
  translator: ServerTranslator,
  locale: Locale,
): Promise<string> {
  if (item.kind !== 'machine' || item.category === null) return kindLabelIn(translator, item.kind);
  const [category, names] = await Promise.all([
    findMachineCategory(ctx.db, item.category),
    locale === 'en' ? undefined : findMachineCategoryTranslations(ctx.db, item.category),
  ]);
  if (category === undefined) return kindLabelIn(translator, 'machine');
  return (locale === 'en' ? undefined : names?.[locale]) ?? category.name;
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

/** Every text a sheet prints (all of its content's strings), to choose the fonts it needs. */
function textsOf({ picture: _picture, words, ...content }: SpecSheetContent): string[] {
  return [
    JSON.stringify(content),
    JSON.stringify(words),
    words.moreFeatures(0),
    words.moreSpecifications(0),
    words.gstin(''),
    words.pageOf(1, 2),
  ];
}

/**
 * The sheet of item `id` of any kind in `locale`, or undefined when there is no such item: the
 * sheet's words from the `specSheet` messages, the item's name, description, key features and
 * specification labels in the language where staff translated them (decision 072; English where
 * not), values and units as they are.
 */
export async function buildSpecSheet(
  ctx: AppContext,
  id: string,
  locale: Locale = 'en',
): Promise<SpecSheet | undefined> {
  const item = await findItem(ctx.db, id);
  if (!item) return undefined;
  const translator = serverTranslator(locale);
  const texts = inLanguage(
    {
      name: item.name,
      description: item.description,
      features: item.features,
      specificationList: item.specifications,
      translations: item.translations,
    },
    locale === 'en' ? undefined : locale,
  );
  const firstImage = item.images[0];
  const pictureId = firstImage ? imageIdFromUrl(firstImage.url) : null;
  const [{ company, updatedAt: companyUpdatedAt }, kindLabel, picture] = await Promise.all([
    companyForSheet(ctx, translator, locale),
    kindLabelOf(ctx, item, translator, locale),
    pictureId ? readImageForPrint(ctx.images, pictureId) : Promise.resolve(null),
  ]);
  const asOf = latest(item.updatedAt, companyUpdatedAt);

  const content: SpecSheetContent = {
    lang: INTL_LOCALES[locale],
    words: specSheetWords(translator, { company: company.name, name: texts.name, asOf }),
    company,
    kindLabel,
    name: texts.name,
    codeLabel: codeLabelIn(translator, item.kind),
    code: item.code,
    brand: item.brand,
    // Services are priced on request, as their page says.
    ...priceIn(translator, item.kind === 'service' ? null : item.price),
    description: texts.description,
    features: texts.features ?? item.features,
    specifications: (texts.specificationList ?? item.specifications).map((row) => ({
      key: row.key,
      value: formatSpecification(row),
    })),
    picture,
    // The QR code and the link lead to the product page in the sheet's language.
    pageUrl: `${ctx.config.publicUrl}${localizedPath(locale, productPagePath(item.id))}`,
    asOf,
  };
  const fonts = await specSheetFontsFor(scriptsIn(textsOf(content)));
  return { pdf: await renderSpecSheet(content, fonts), fileName: specSheetFileName(item) };
}
