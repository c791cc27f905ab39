import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from '@capstan/shared';
import { adminTranslatorFor } from '@/testing/locale';
import { refusalsOf } from './admin-refusal-probe';
import { translateAdminRefusal } from './admin-validation';

/** The schemas the back office's forms and the admin routes validate with. */
const ADMIN_SCHEMAS = {
  machineInputSchema: shared.machineInputSchema,
  machineUpdateSchema: shared.machineUpdateSchema,
  sparePartInputSchema: shared.sparePartInputSchema,
  sparePartUpdateSchema: shared.sparePartUpdateSchema,
  serviceInputSchema: shared.serviceInputSchema,
  serviceUpdateSchema: shared.serviceUpdateSchema,
  machineCategoryInputSchema: shared.machineCategoryInputSchema,
  featuredOrderSchema: shared.featuredOrderSchema,
  itemTermsDefaultsInputSchema: shared.itemTermsDefaultsInputSchema,
  companyInputSchema: shared.companyInputSchema,
  landingInputSchema: shared.landingInputSchema,
  chatInputSchema: shared.chatInputSchema,
  staffInviteInputSchema: shared.staffInviteInputSchema,
  staffUpdateInputSchema: shared.staffUpdateInputSchema,
  staffLocaleInputSchema: shared.staffLocaleInputSchema,
  loginInputSchema: shared.loginInputSchema,
  loginTotpInputSchema: shared.loginTotpInputSchema,
  changePasswordFormSchema: shared.changePasswordFormSchema,
  enableTotpInputSchema: shared.enableTotpInputSchema,
  disableTotpInputSchema: shared.disableTotpInputSchema,
  backupScheduleSchema: shared.backupScheduleSchema,
  reviewUpdateSchema: shared.reviewUpdateSchema,
  inquiryNoteInputSchema: shared.inquiryNoteInputSchema,
  inquiryUpdateSchema: shared.inquiryUpdateSchema,
  inquiryListQuerySchema: shared.inquiryListQuerySchema,
  quotationInputSchema: shared.quotationInputSchema,
  quotationListQuerySchema: shared.quotationListQuerySchema,
  installationInputSchema: shared.installationInputSchema,
  installationUpdateSchema: shared.installationUpdateSchema,
  amcContractInputSchema: shared.amcContractInputSchema,
  amcVisitInputSchema: shared.amcVisitInputSchema,
  serviceRequestUpdateSchema: shared.serviceRequestUpdateSchema,
  serviceReportSchema: shared.serviceReportSchema,
} satisfies Record<string, z.ZodType>;

const ITEM_ID = '0b0e6a4c-5f0e-4c1a-9a52-3a1f2d6b7c8e';

/** Refusals only a particular combination gives, which the probe's uniform bad input does not reach. */
function combinationRefusals(): string[] {
  const issues = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];
  const spec = (key: string, extra: object = {}) => ({ key, value: '', number: '38', ...extra });
  const machine = {
    name: 'N',
    description: 'D',
    specifications: [spec('A'), spec('B')],
    availability: 'made_to_order',
    leadTimeMinWeeks: 2,
    leadTimeMaxWeeks: 4,
  };
  return [
    ...issues(shared.specificationListSchema.safeParse([spec('Swing'), spec('swing')])),
    ...issues(shared.specificationListSchema.safeParse([{ key: 'Swing', value: '', unit: 'mm' }])),
    ...issues(shared.specificationListSchema.safeParse([{ key: 'Swing', value: 'x', unit: 'parsec' }])),
    ...issues(shared.dayHoursSchema.safeParse({ day: 'Monday', closed: false, opens: '18:00', closes: '09:00' })),
    ...issues(shared.machineInputSchema.safeParse({ ...machine, leadTimeMinWeeks: 8, leadTimeMaxWeeks: 2 })),
    ...issues(shared.machineInputSchema.safeParse({ ...machine, leadTimeMaxWeeks: undefined })),
    ...issues(shared.machineInputSchema.safeParse({ ...machine, specifications: [spec('A')], rating: 4 })),
    ...issues(shared.machineInputSchema.safeParse({ ...machine, keepImages: ['/uploads/x.webp'] })),
    ...issues(
      shared.sparePartInputSchema.safeParse({
        name: 'N',
        description: 'D',
        availability: 'in_stock',
        leadTimeMinWeeks: 2,
      }),
    ),
    ...issues(shared.imageUrlListSchema.safeParse(Array(2).fill(`/uploads/${'a'.repeat(36)}.webp`))),
    ...issues(shared.machineCategoryInputSchema.safeParse({ name: '—' })),
    ...issues(shared.featuredOrderSchema.safeParse({ ids: [ITEM_ID, ITEM_ID] })),
    ...issues(shared.featuredOrderSchema.safeParse({ ids: ['x'] })),
    ...issues(
      shared.changePasswordFormSchema.safeParse({
        currentPassword: 'a',
        newPassword: 'b'.repeat(12),
        confirmPassword: 'c',
      }),
    ),
    ...issues(
      shared.loginTotpInputSchema.safeParse({ challenge: 'c'.repeat(20), code: '123456', recoveryCode: 'abcde-12345' }),
    ),
    ...issues(shared.companyInputSchema.shape.yearFounded.safeParse(9999)),
    ...issues(shared.companyInputSchema.shape.yearFounded.safeParse(1700)),
    ...issues(shared.inquiryListQuerySchema.safeParse({ from: '2026-05-02', to: '2026-05-01' })),
  ];
}

/**
 * The shared package's refusal constants (`…_MESSAGE`, `…_MESSAGES`), and the upload refusals
 * built from its `…_REASON`s: a constant added there is checked without touching this test.
 */
function constantRefusals(): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(shared)) {
    if (name.endsWith('_MESSAGE') && typeof value === 'string') found.push(value);
    if (name.endsWith('_MESSAGES') && typeof value === 'object' && value !== null) {
      found.push(...Object.values(value).filter((entry): entry is string => typeof entry === 'string'));
    }
    if (name.endsWith('_REASON') && typeof value === 'string') {
      found.push(shared.refusedFileMessage('photo.jpg', value), shared.refusedFileMessage(undefined, value));
    }
  }
  for (const kind of ['machine', 'spare part', 'service'] as const)
    found.push(shared.duplicateCodeMessage(kind, 'NP-38'));
  return found;
}

// The schemas' sources, for the plain `message: '…'` texts of refinements no input above reaches.
const SCHEMA_SOURCES = import.meta.glob<string>('../../../../../packages/shared/src/schemas/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Schemas of public reads and query strings staff never type into: their refusals are not the back office's. */
const PUBLIC_ONLY_SOURCES = ['list-query.ts', 'catalogue-items.ts', 'zod.ts'];

function sourceRefusals(): string[] {
  const found: string[] = [];
  for (const [path, text] of Object.entries(SCHEMA_SOURCES)) {
    if (PUBLIC_ONLY_SOURCES.some((file) => path.endsWith(`/${file}`))) continue;
    for (const match of text.matchAll(/message:\s*'((?:[^'\\]|\\.)*)'/g)) found.push(match[1] ?? '');
  }
  return found;
}

/** Refusals left in English on purpose, each with why no staff member meets it. */
const LEFT_IN_ENGLISH: { matches: RegExp; why: string }[] = [
  {
    matches: /^(Invalid input|Invalid option|Invalid key in record|Too big|Too small|Invalid string|Invalid UUID)/,
    why: "zod's own text for a check without a message: the forms never send a value of the wrong type or size there",
  },
  {
    matches: /^(expectedUpdatedAt|updatedAt) is not a valid version$/,
    why: 'the version a screen sends back as it loaded it; only a broken client gets this',
  },
  { matches: /^translations must be an object$/, why: 'the forms always send an object' },
  { matches: /^Invalid category$/, why: 'a URL parameter the screens build from a stored slug' },
  { matches: /^q is required$/, why: "the public chat's item lookup, not a staff screen" },
  {
    matches: /^Day \d must be \w+day$/,
    why: 'the hours form sends the seven days in order; only a hand-made request gets it',
  },
];

const isLeftInEnglish = (message: string) => LEFT_IN_ENGLISH.some(({ matches }) => matches.test(message));

function untranslated(messages: readonly string[]): string[] {
  const tamil = adminTranslatorFor('ta');
  const hindi = adminTranslatorFor('hi');
  return [
    ...new Set(
      messages.filter(
        (message) =>
          !isLeftInEnglish(message) &&
          [tamil, hindi].some((translator) => translateAdminRefusal(translator, message) === message),
      ),
    ),
  ].sort();
}

describe("the back office's refusals in the adminValidation catalogue", () => {
  it('says every refusal of the admin schemas to bad input in Tamil and Hindi', () => {
    const probed = Object.values(ADMIN_SCHEMAS).flatMap((schema) => refusalsOf(schema));
    expect(probed.length).toBeGreaterThan(150);
    expect(untranslated(probed)).toEqual([]);
  });

  it('says the refusals of refinements and of combinations of fields', () => {
    const combined = combinationRefusals();
    expect(combined.length).toBeGreaterThan(15);
    expect(untranslated(combined)).toEqual([]);
  });

  it("says every refusal constant of the shared package and every plain message of the schemas' sources", () => {
    const fromSources = sourceRefusals();
    expect(Object.keys(SCHEMA_SOURCES).length).toBeGreaterThan(8);
    expect(fromSources.length).toBeGreaterThan(80);
    expect(untranslated([...constantRefusals(), ...fromSources])).toEqual([]);
  });

  it('leaves in English only what its list of exceptions names', () => {
    expect(LEFT_IN_ENGLISH.every(({ why }) => why.length > 0)).toBe(true);
    expect(isLeftInEnglish('Tagline is required')).toBe(false);
  });
});
