import type { Kysely } from 'kysely';
import {
  type AdminSiteSettings,
  type CompanyInput,
  type CompanyPicture,
  companyPictureSchema,
  type CompanySettings,
  companyInputSchema,
  type ContentLocale,
  DEFAULT_CHAT,
  DEFAULT_CHAT_TRANSLATIONS,
  DEFAULT_COMPANY,
  DEFAULT_COMPANY_PRIVATE,
  DEFAULT_ITEM_TERMS,
  gstinSchema,
  DEFAULT_LANDING,
  type HeroPicture,
  type LandingContent,
  landingContentSchema,
  type LandingInput,
  type PublicCompanySettings,
  type PublicSiteSettings,
  SITE_STALE_EDIT_MESSAGE,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { diffSnapshots } from '../audit/audit-diff';
import { imageIdFromUrl } from '../images/image-store';
import { findImages } from '../images/images.repository';
import { recordAudit } from '../audit/audit.service';
import { findOldestActiveUser } from '../auth/users.repository';
import { bumpCatalogueRevision } from '../catalogue/catalogue-revision-bump';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { findSitePart, insertSitePartIfMissing, type SitePart, type SiteRow, updateSitePart } from './site.repository';
import { flattenForAudit } from './site-audit';
import {
  localizeCompany,
  localizeLanding,
  patchCompanyTranslations,
  patchLandingTranslations,
} from './site-translations';

type StoredCompany = Omit<CompanyInput, 'updatedAt' | 'logo' | 'sharePicture'> &
  Pick<CompanySettings, 'bank' | 'upiId' | 'quotationPrefix' | 'warrantyMonthsDefault'> & {
    logo: CompanyPicture | null;
    sharePicture: CompanyPicture | null;
  };

type StoredLanding = Omit<LandingContent, 'updatedAt'>;

const storedCompanyPicture = companyPictureSchema.nullable();

/** The version of a seeded part that nobody has saved yet. */
const SEEDED_AT = '2026-11-24T00:00:00.000Z';

const SEEDS: Record<SitePart, object> = {
  company: { ...DEFAULT_COMPANY, ...DEFAULT_COMPANY_PRIVATE },
  landing: DEFAULT_LANDING,
  chat: { ...DEFAULT_CHAT, translations: DEFAULT_CHAT_TRANSLATIONS },
  terms: DEFAULT_ITEM_TERMS,
};

/** The stored part, seeded with today's texts on first use (an empty database looks as before). */
export async function readPart(db: Kysely<Database>, part: SitePart): Promise<SiteRow> {
  const stored = await findSitePart(db, part);
  if (stored) return stored;
  await insertSitePartIfMissing(db, part, { document: JSON.stringify(SEEDS[part]), updatedAt: SEEDED_AT });
  const seeded = await findSitePart(db, part);
  if (!seeded) throw new Error(`Site settings part ${part} could not be seeded`);
  return seeded;
}

/**
 * The stored translations. A document saved before they existed has none, rather than the seed's:
 * those translate the seed's English, which staff may have changed. A seed nobody has saved yet
 * (stored before translations existed) gets the seed's.
 */
export function storedTranslations(document: { translations?: unknown }, row: SiteRow, seeded: unknown): unknown {
  if (document.translations !== undefined) return document.translations;
  return row.updatedAt === SEEDED_AT ? seeded : {};
}

/**
 * A GSTIN saved before the check character and state code were checked (decision 075) that fails
 * them now: kept as saved, so the footer goes on showing it, and the next save of Site → Company
 * asks for a correct one. Undefined when the stored GSTIN passes.
 */
function gstinSavedUnchecked(stored: { gstin?: unknown }): string | undefined {
  return typeof stored.gstin === 'string' && !gstinSchema.safeParse(stored.gstin).success ? stored.gstin : undefined;
}

// A stored document passed its schema when saved; parsing again also fills defaults that a
// newer version of the schema may have added (the bank details, UPI id, quotation prefix and default warranty).
function companyOf(row: SiteRow): StoredCompany {
  const stored = JSON.parse(row.document) as { translations?: unknown; gstin?: unknown };
  const unchecked = gstinSavedUnchecked(stored);
  const { updatedAt: _ignored, ...company } = companyInputSchema.parse({
    ...DEFAULT_COMPANY,
    ...DEFAULT_COMPANY_PRIVATE,
    ...stored,
    ...(unchecked === undefined ? {} : { gstin: '' }),
    translations: storedTranslations(stored, row, DEFAULT_COMPANY.translations),
  });
  // Saved with the stored image's size; a document saved before the pictures existed has none.
  return {
    ...company,
    gstin: unchecked ?? company.gstin,
    bank: company.bank ?? DEFAULT_COMPANY_PRIVATE.bank,
    upiId: company.upiId ?? DEFAULT_COMPANY_PRIVATE.upiId,
    quotationPrefix: company.quotationPrefix ?? DEFAULT_COMPANY_PRIVATE.quotationPrefix,
    warrantyMonthsDefault: company.warrantyMonthsDefault ?? DEFAULT_COMPANY_PRIVATE.warrantyMonthsDefault,
    logo: storedCompanyPicture.parse(company.logo ?? null),
    sharePicture: storedCompanyPicture.parse(company.sharePicture ?? null),
  };
}

/** The company without its private fields (PRIVATE_COMPANY_FIELDS): what everyone may read. */
function publicCompanyOf(company: StoredCompany, updatedAt: string): PublicCompanySettings {
  const {
    notificationEmails: _emails,
    bank: _bank,
    upiId: _upi,
    quotationPrefix: _prefix,
    warrantyMonthsDefault: _warranty,
    ...rest
  } = company;
  return { ...rest, updatedAt };
}

function landingOf(row: SiteRow): StoredLanding {
  const stored = JSON.parse(row.document) as Partial<Record<keyof StoredLanding, object>>;
  const { updatedAt: _ignored, ...landing } = landingContentSchema.parse({
    ...DEFAULT_LANDING,
    ...stored,
    // The hero too: a document saved before the picture existed has none.
    hero: { ...DEFAULT_LANDING.hero, ...stored.hero },
    translations: storedTranslations(stored, row, DEFAULT_LANDING.translations),
    updatedAt: row.updatedAt,
  });
  return landing;
}

/** Until staff set them, inquiry emails go to the first staff account, so no inquiry goes unseen (decision 020). */
async function resolvedNotificationEmails(db: Kysely<Database>, stored: readonly string[] | undefined) {
  if (stored && stored.length > 0) return [...stored];
  const first = await findOldestActiveUser(db);
  return first ? [first.email] : [];
}

/**
 * The current company settings with the private fields: what the inquiry notifications and
 * acknowledgements read (`notificationEmails`, phones, hours), and quotations (GSTIN, whose first
 * two digits are the seller's state; bank details, UPI id, number prefix).
 */
export async function currentCompanySettings(db: Kysely<Database>): Promise<CompanySettings> {
  const row = await readPart(db, 'company');
  const { notificationEmails, ...company } = companyOf(row);
  return {
    ...company,
    notificationEmails: await resolvedNotificationEmails(db, notificationEmails),
    updatedAt: row.updatedAt,
  };
}

async function currentLanding(db: Kysely<Database>): Promise<LandingContent> {
  const row = await readPart(db, 'landing');
  return { ...landingOf(row), updatedAt: row.updatedAt };
}

/** GET /api/admin/site. */
export async function adminSiteSettings(db: Kysely<Database>): Promise<AdminSiteSettings> {
  const [company, landing] = await Promise.all([currentCompanySettings(db), currentLanding(db)]);
  return { company, landing };
}

/**
 * GET /api/site: nothing private. With `lang` the texts are that language's, in place (English where
 * staff left one untranslated); without it they are English, with the translations beside them.
 */
export async function publicSiteSettings(db: Kysely<Database>, lang?: ContentLocale): Promise<PublicSiteSettings> {
  const [companyRow, landing] = await Promise.all([readPart(db, 'company'), currentLanding(db)]);
  const company = publicCompanyOf(companyOf(companyRow), companyRow.updatedAt);
  if (lang === undefined) return { company, landing };
  return { company: localizeCompany(company, lang), landing: localizeLanding(landing, lang) };
}

/**
 * The public company for pages the server writes itself (the contact form's no-script pages);
 * null when the database cannot answer, so that those pages still come back to the visitor.
 */
export async function publicCompanyOrNull(db: Kysely<Database>): Promise<PublicSiteSettings['company'] | null> {
  try {
    return (await publicSiteSettings(db)).company;
  } catch {
    return null;
  }
}

/** Now, but always later than the stored version, so every save changes it. */
function nextVersion(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

const AUDIT_ACTION = {
  company: 'site.company',
  landing: 'site.landing',
  chat: 'site.chat',
  terms: 'site.terms',
} as const;

/**
 * Saves one part: refuses a stale copy (409), stores it with the audit entry in one
 * transaction, and bumps the public revision so every process drops its cached pages and
 * answers within its revision check interval.
 */
export async function savePart<T extends object>(
  ctx: AppContext,
  part: SitePart,
  expected: string | undefined,
  merge: (stored: SiteRow, trx: Kysely<Database>) => T | Promise<T>,
): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    await readPart(trx, part);
    const stored = await findSitePart(trx, part, { dialect: ctx.dialect });
    if (!stored) throw new Error(`Site settings part ${part} is missing`);
    if (expected !== undefined && expected !== stored.updatedAt) throw new HttpError(409, SITE_STALE_EDIT_MESSAGE);
    const before = JSON.parse(stored.document) as object;
    const after = await merge(stored, trx);
    await updateSitePart(trx, part, { document: JSON.stringify(after), updatedAt: nextVersion(stored.updatedAt) });
    // The company, the terms and the landing page reach every answer but no list entry.
    await bumpCatalogueRevision(trx, { site: true });
    await recordAudit(trx, {
      action: AUDIT_ACTION[part],
      changes: diffSnapshots(
        flattenForAudit({ ...SEEDS[part], ...before, ...translationsBefore(part, before, stored) }),
        flattenForAudit(after),
      ),
    });
  });
  await catalogueResponseCache(ctx.db).refreshAfterWrite();
}

/** The translations a document had in effect, so the audit lists only what a save changed. */
function translationsBefore(part: SitePart, before: object, row: SiteRow): { translations?: unknown } {
  if (part === 'terms') return {};
  const seeded = {
    company: DEFAULT_COMPANY.translations,
    landing: DEFAULT_LANDING.translations,
    chat: DEFAULT_CHAT_TRANSLATIONS,
  }[part];
  return { translations: storedTranslations(before, row, seeded) };
}

export const HERO_PICTURE_NOT_FOUND_MESSAGE = 'The hero picture was not found; upload it again';
export const LOGO_NOT_FOUND_MESSAGE = 'The logo was not found; upload it again';
export const SHARE_PICTURE_NOT_FOUND_MESSAGE = 'The share picture was not found; upload it again';

/**
 * An upload a setting shows, with the stored image's size. Only an upload no item owns (or the
 * current picture) is accepted: an item's image goes when the item is deleted.
 */
async function storedPictureOf(
  trx: Kysely<Database>,
  url: string,
  notFoundMessage: string,
): Promise<{ url: string; width: number; height: number }> {
  const id = imageIdFromUrl(url);
  const [row] = id ? await findImages(trx, [id]) : [];
  if (!row || row.item_id !== null || row.service_request_id !== null) throw new HttpError(400, notFoundMessage);
  return { url, width: row.width, height: row.height };
}

/** Left out keeps the stored picture, null removes it (decision 053). */
async function companyPictureOf(
  trx: Kysely<Database>,
  wanted: CompanyInput['logo'],
  stored: CompanyPicture | null | undefined,
  notFoundMessage: string,
): Promise<CompanyPicture | null> {
  const picture = wanted === undefined ? stored : wanted;
  return picture ? storedPictureOf(trx, picture.url, notFoundMessage) : null;
}

/**
 * PUT /api/site/company: left-out private fields (notification emails, bank details, UPI id,
 * quotation prefix, default warranty), logo and share picture keep their stored values (decisions 011 and 053).
 */
export async function saveCompany(ctx: AppContext, input: CompanyInput): Promise<CompanySettings> {
  const { updatedAt, ...fields } = input;
  await savePart(ctx, 'company', updatedAt, async (stored, trx) => {
    const kept = companyOf(stored);
    const notificationEmails = fields.notificationEmails ?? kept.notificationEmails;
    return {
      ...fields,
      bank: fields.bank ?? kept.bank,
      upiId: fields.upiId ?? kept.upiId,
      quotationPrefix: fields.quotationPrefix ?? kept.quotationPrefix,
      warrantyMonthsDefault: fields.warrantyMonthsDefault ?? kept.warrantyMonthsDefault,
      translations: patchCompanyTranslations(kept.translations, fields.translations, fields.phones.length),
      logo: await companyPictureOf(trx, fields.logo, kept.logo, LOGO_NOT_FOUND_MESSAGE),
      sharePicture: await companyPictureOf(
        trx,
        fields.sharePicture,
        kept.sharePicture,
        SHARE_PICTURE_NOT_FOUND_MESSAGE,
      ),
      ...(notificationEmails ? { notificationEmails } : {}),
    };
  });
  return currentCompanySettings(ctx.db);
}

/** The wanted hero picture with the stored image's size. */
async function heroPictureOf(
  trx: Kysely<Database>,
  wanted: NonNullable<LandingInput['hero']['picture']>,
): Promise<HeroPicture> {
  return { ...(await storedPictureOf(trx, wanted.url, HERO_PICTURE_NOT_FOUND_MESSAGE)), alt: wanted.alt };
}

/**
 * PUT /api/site/landing. A left-out hero picture keeps the stored one, null removes it
 * (decision 026); a picture no longer used waits for the unattached-upload sweep. Translations are
 * patched (decision 072): left out, they are kept, lined up with the saved English lists.
 */
export async function saveLanding(ctx: AppContext, input: LandingInput): Promise<LandingContent> {
  const { updatedAt, ...fields } = input;
  await savePart(ctx, 'landing', updatedAt, async (stored, trx) => {
    const kept = landingOf(stored);
    const wanted = fields.hero.picture === undefined ? kept.hero.picture : fields.hero.picture;
    const picture = wanted ? await heroPictureOf(trx, wanted) : null;
    const translations = patchLandingTranslations(kept.translations, fields.translations, {
      stats: fields.stats.length,
      paragraphs: fields.about.paragraphs.length,
      highlights: fields.about.highlights.length,
      services: fields.services.length,
      reasons: fields.reasons.length,
    });
    return { ...fields, hero: { ...fields.hero, picture }, translations };
  });
  return currentLanding(ctx.db);
}

/**
 * The images the site settings show (the hero picture, the logo, the share picture), which the
 * unattached-upload sweep must keep. Locks both rows on PostgreSQL (BEGIN IMMEDIATE does it on
 * SQLite), so that a sweep and a save that picks an old upload cannot interleave inside `trx`.
 */
export async function imagesUsedBySiteSettings(
  trx: Kysely<Database>,
  dialect: AppContext['dialect'],
): Promise<string[]> {
  const landingRow = await findSitePart(trx, 'landing', { dialect });
  const companyRow = await findSitePart(trx, 'company', { dialect });
  const company = companyRow ? companyOf(companyRow) : undefined;
  const urls = [
    landingRow ? landingOf(landingRow).hero.picture?.url : undefined,
    company?.logo?.url,
    company?.sharePicture?.url,
  ];
  return urls.flatMap((url) => {
    const id = url ? imageIdFromUrl(url) : null;
    return id ? [id] : [];
  });
}
