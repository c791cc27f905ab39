import { WEEK_DAYS } from '../site-format';
import { gstinSchema } from '../gst/gstin';
import { storedImageUrlSchema } from './common';
import { warrantyMonthsSchema } from './item-terms';
import { perContentLocale, translatedText } from './translated-text';
import { z } from './zod';

export * from '../site-format';

/**
 * Site settings (decision 020): the company's facts and the landing page's texts,
 * edited by staff under Site. One schema per form, shared by the admin form and the route.
 * Each part carries its `updatedAt` so that read → change → write back is checked for staleness.
 */

/** The 409 answer to a save made on an outdated copy of a settings part. */
export const SITE_STALE_EDIT_MESSAGE =
  'These settings were changed by someone else — reload to see the latest version.';

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

/** Translations by position of an English list; an empty entry leaves that position in English. */
const translatedList = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z.array(item).max(max, { message: `At most ${max} ${label}s` });

const list = <T extends z.ZodType>(item: T, label: string, min: number, max: number) =>
  z
    .array(item)
    .min(min, { message: min === 1 ? `Add at least one ${label}` : `Add at least ${min} ${label}s` })
    .max(max, { message: `At most ${max} ${label}s` });

/** http(s) only: a `javascript:` or `data:` link must never reach a page. */
export const httpUrlSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .max(500, { message: `${label} must be at most 500 characters` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
        } catch {
          return false;
        }
      },
      { message: `${label} must be a web address starting with https://` },
    );

const optionalHttpUrl = (label: string) => z.union([z.literal(''), httpUrlSchema(label)]);

/**
 * An international number as people write it: '+', country code and number, spaces or hyphens
 * allowed, 8 to 15 digits (E.164). Both a `tel:` link and WhatsApp's wa.me accept its digits.
 */
export const PHONE_NUMBER_MESSAGE = 'Enter the number with its country code, e.g. +91 98430 12345';
export const phoneNumberSchema = z
  .string({ message: PHONE_NUMBER_MESSAGE })
  .trim()
  .regex(/^\+[0-9][0-9 -]*[0-9]$/, { message: PHONE_NUMBER_MESSAGE })
  .refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15;
    },
    { message: PHONE_NUMBER_MESSAGE },
  );

const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'Enter a time as HH:MM, e.g. 09:00' });

export const dayHoursSchema = z
  .object({
    day: z.enum(WEEK_DAYS),
    closed: z.boolean(),
    /** 24-hour local time (Asia/Kolkata). */
    opens: clockTime,
    closes: clockTime,
  })
  .strict()
  .superRefine((hours, ctx) => {
    if (!hours.closed && hours.opens >= hours.closes) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'Closing time must be after opening time' });
    }
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

const currentYear = () => new Date().getFullYear();

/**
 * The company's texts in Tamil and Hindi (decision 072). Its name is a brand and stays as typed;
 * addresses, numbers and links are the same in every language. Phone labels go by the phone's
 * position. On a save, absent keeps the stored translation, empty removes it.
 */
export const companyTranslationSchema = z
  .object({
    tagline: translatedText('Tagline', 200).optional(),
    whatsappMessage: translatedText('WhatsApp message', 300).optional(),
    phoneLabels: translatedList(translatedText('Label', 40), 'phone number', 5).optional(),
  })
  .strict();
export type CompanyTranslation = z.infer<typeof companyTranslationSchema>;
export const companyTranslationsSchema = perContentLocale(companyTranslationSchema);
export type CompanyTranslations = z.infer<typeof companyTranslationsSchema>;

const companyFields = {
  name: text('Company name', 80),
  tagline: text('Tagline', 200),
  address: z
    .object({
      /** The printed form, one line each. */
      lines: list(text('Address line', 120), 'address line', 1, 5),
      streetAddress: text('Street address', 120),
      locality: text('Town or city', 80),
      region: text('State', 80),
      postalCode: z
        .string()
        .trim()
        .regex(/^[1-9][0-9]{5}$/, { message: 'Enter the six-digit PIN code' }),
      countryCode: z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/, { message: 'Enter the two-letter country code, e.g. IN' }),
      mapUrl: optionalHttpUrl('Map link'),
    })
    .strict(),
  /** For the map pin in search results; null when nobody has measured it. */
  geo: z
    .object({
      latitude: z.number({ message: 'Latitude must be a number' }).min(-90).max(90),
      longitude: z.number({ message: 'Longitude must be a number' }).min(-180).max(180),
    })
    .strict()
    .nullable(),
  phones: list(z.object({ label: text('Label', 40), number: phoneNumberSchema }).strict(), 'phone number', 1, 5),
  email: z.email({ message: 'Enter a valid email address' }).max(200),
  whatsapp: z
    .object({
      number: phoneNumberSchema,
      message: text('WhatsApp message', 300),
    })
    .strict(),
  hours: z
    .array(dayHoursSchema)
    .length(7, { message: 'Give the hours of all seven days' })
    .superRefine((days, ctx) => {
      days.forEach((hours, index) => {
        if (hours.day !== WEEK_DAYS[index]) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'day'],
            message: `Day ${index + 1} must be ${WEEK_DAYS[index]}`,
          });
        }
      });
    }),
  social: z
    .object({
      facebook: optionalHttpUrl('Facebook link'),
      instagram: optionalHttpUrl('Instagram link'),
      linkedin: optionalHttpUrl('LinkedIn link'),
      youtube: optionalHttpUrl('YouTube link'),
    })
    .strict(),
  /**
   * Optional; shown in the footer when set, and on quotations, whose seller's state (the place of
   * supply's other end) is its first two digits. Checked offline, part by part (checkGstin).
   */
  gstin: gstinSchema,
  yearFounded: z
    .number({ message: 'Year founded must be a year' })
    .int({ message: 'Year founded must be a year' })
    .min(1800, { message: 'Year founded must be 1800 or later' })
    .refine((year) => year <= currentYear(), { message: 'Year founded cannot be in the future' })
    .nullable(),
  /** Absent on `GET /api/site?lang=…`, whose texts are already in that language. */
  translations: companyTranslationsSchema.optional(),
};

/** IFSC: four letters (the bank), 0, six letters or digits (the branch). */
export const IFSC_MESSAGE = 'An IFSC has 11 characters: 4 letters, 0, then 6 letters or digits, e.g. SBIN0000123';
export const ACCOUNT_NUMBER_MESSAGE = 'A bank account number has 9 to 18 digits';
export const UPI_ID_MESSAGE = 'Enter the UPI id as name@bank, e.g. kovaiprecision@okaxis';
export const QUOTATION_PREFIX_MESSAGE =
  'The quotation number prefix may have letters, digits, / and -, and must start and end with a letter or digit';
/**
 * The prefix of quotation numbers (`KPM/Q` makes `KPM/Q/2026-27/0042`). At most 16 characters, the
 * length GST rule 46 allows a tax invoice's whole number; a quotation is no tax invoice, and the
 * series and serial it adds make the issue's example 18 (decision 075).
 */
export const QUOTATION_PREFIX_MAX_LENGTH = 16;

const bankFields = {
  accountName: optionalText('Account name', 120),
  bankName: optionalText('Bank name', 120),
  branch: optionalText('Branch', 120),
  accountNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || /^[0-9]{9,18}$/.test(value), { message: ACCOUNT_NUMBER_MESSAGE }),
  ifsc: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value), { message: IFSC_MESSAGE }),
};

/**
 * The account buyers pay into, printed on quotations (issue 39). All empty is none; once any is
 * given, the account name, bank, number and IFSC are needed (the branch is optional).
 */
export const bankDetailsSchema = z
  .object(bankFields)
  .strict()
  .superRefine((bank, ctx) => {
    if (Object.values(bank).every((value) => value === '')) return;
    const needed = [
      ['accountName', 'Account name'],
      ['bankName', 'Bank name'],
      ['accountNumber', 'Account number'],
      ['ifsc', 'IFSC'],
    ] as const;
    for (const [key, label] of needed) {
      if (bank[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required` });
    }
  });
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** A UPI id (virtual payment address): a name, `@`, the payment app's handle; empty is none. */
export const upiIdSchema = z
  .string()
  .trim()
  .max(100, { message: 'UPI id must be at most 100 characters' })
  .refine((value) => value === '' || /^[A-Za-z0-9._-]{2,}@[A-Za-z][A-Za-z0-9]{1,63}$/.test(value), {
    message: UPI_ID_MESSAGE,
  });

export const quotationPrefixSchema = z
  .string({ message: 'Quotation number prefix is required' })
  .trim()
  .min(1, { message: 'Quotation number prefix is required' })
  .max(QUOTATION_PREFIX_MAX_LENGTH, {
    message: `Quotation number prefix must be at most ${QUOTATION_PREFIX_MAX_LENGTH} characters`,
  })
  .refine((value) => /^[A-Za-z0-9](?:[A-Za-z0-9/-]*[A-Za-z0-9])?$/.test(value), {
    message: QUOTATION_PREFIX_MESSAGE,
  });

/** The version the editor's copy was read at (`updatedAt` of the GET answer); absent: no check. */
const versionField = z.string().max(40, { message: 'updatedAt is not a valid version' });

/** Who gets the email of each new inquiry. Private: only staff reads include it. */
export const notificationEmailsSchema = list(
  z.email({ message: 'Enter a valid email address' }).max(200),
  'notification email',
  1,
  10,
);

/**
 * The company's fields only staff read (Site → Company): where inquiry emails go, and what
 * quotations print for payment and number themselves by. Never in the public GET /api/site.
 */
const privateCompanyFields = {
  notificationEmails: notificationEmailsSchema,
  bank: bankDetailsSchema,
  upiId: upiIdSchema,
  quotationPrefix: quotationPrefixSchema,
  /** The warranty of an installed machine registered without one (DEFAULT_WARRANTY_MONTHS until set). */
  warrantyMonthsDefault: warrantyMonthsSchema,
};
/** The private fields' names, which the public answer leaves out. */
export const PRIVATE_COMPANY_FIELDS = Object.keys(privateCompanyFields) as (keyof typeof privateCompanyFields)[];

const imagePixels = z.number().int().positive().max(100_000);

/**
 * The company's logo or share picture: an upload of this site (POST /api/upload-images), with the
 * stored image's size, which the server takes from the image itself (decision 053).
 */
export const companyPictureSchema = z
  .object({ url: storedImageUrlSchema, width: imagePixels, height: imagePixels })
  .strict();
export type CompanyPicture = z.infer<typeof companyPictureSchema>;

/** As sent: a size in a copy written back is accepted and ignored. */
const companyPictureInputSchema = z
  .object({ url: storedImageUrlSchema, width: imagePixels.optional(), height: imagePixels.optional() })
  .strict();

/**
 * The logo (header, footer, favicon, search results) and the picture shared links show; null
 * when none is uploaded (the site then draws them from the name and tagline).
 */
const companyPictureFields = {
  logo: companyPictureSchema.nullable(),
  sharePicture: companyPictureSchema.nullable(),
};

/** The company as everyone may read it (GET /api/site). */
export const publicCompanySchema = z
  .object({ ...companyFields, ...companyPictureFields, updatedAt: z.string() })
  .strict();
export type PublicCompanySettings = z.infer<typeof publicCompanySchema>;

/** The company as staff read it: with the private fields. */
export const companySettingsSchema = publicCompanySchema.extend(privateCompanyFields);
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/**
 * PUT /api/site/company and the Company form: the shape of the GET answer. Left-out private
 * fields (notification emails, bank details, UPI id, quotation prefix, default warranty: a copy taken
 * from the public answer has none) keep their stored values (decision 011); so do a
 * left-out logo and share picture, and null removes them (decision 053, as the hero picture).
 * Translations are patched per language and text: absent keeps, empty removes (decision 072).
 */
export const companyInputSchema = z
  .object({
    ...companyFields,
    logo: companyPictureInputSchema.nullable().optional(),
    sharePicture: companyPictureInputSchema.nullable().optional(),
    notificationEmails: notificationEmailsSchema.optional(),
    bank: bankDetailsSchema.optional(),
    upiId: upiIdSchema.optional(),
    quotationPrefix: quotationPrefixSchema.optional(),
    warrantyMonthsDefault: warrantyMonthsSchema.optional(),
    updatedAt: versionField.optional(),
  })
  .strict();
export type CompanyInput = z.infer<typeof companyInputSchema>;
export type CompanyFormValues = z.input<typeof companyInputSchema>;

export const SERVICE_ICONS = [
  'lathe',
  'cnc',
  'parts',
  'installation',
  'maintenance',
  'retrofit',
  'training',
  'custom',
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

const heroTextFields = {
  eyebrow: optionalText('Line above the heading', 80),
  heading: text('Hero heading', 120),
  text: text('Hero text', 300),
};

export const HERO_PICTURE_ALT_MAX = 150;

const pixels = z.number().int().positive().max(100_000);

const heroPictureFields = {
  /** An upload of this site (POST /api/upload-images), as items store theirs. */
  url: storedImageUrlSchema,
  /** Read out in place of the picture; a picture in the hero carries meaning, so it is required. */
  alt: text('Picture description', HERO_PICTURE_ALT_MAX),
};

/**
 * The hero's optional picture as stored and read: with the stored image's size, so pages can
 * give the `<img>` its width and height (no layout shift) without reading the file.
 */
export const heroPictureSchema = z.object({ ...heroPictureFields, width: pixels, height: pixels }).strict();
export type HeroPicture = z.infer<typeof heroPictureSchema>;

/** As sent: a size in a copy written back is accepted and ignored; the server takes the stored image's. */
const heroPictureInputSchema = z
  .object({ ...heroPictureFields, width: pixels.optional(), height: pixels.optional() })
  .strict();

const titledTranslationSchema = z
  .object({
    title: translatedText('Title', 80).optional(),
    description: translatedText('Description', 300).optional(),
  })
  .strict();

/**
 * The landing page's texts in Tamil or Hindi (decision 072), held to the English fields' limits.
 * Lists go by position: the nth paragraph, highlight, statistic label, service or reason translates
 * the nth English one, and a position without a translation shows the English. Figures, icons,
 * pictures and testimonials (customers' own words) are not translated.
 */
export const landingTranslationSchema = z
  .object({
    hero: z
      .object({
        eyebrow: translatedText('Line above the heading', 80).optional(),
        heading: translatedText('Hero heading', 120).optional(),
        text: translatedText('Hero text', 300).optional(),
      })
      .strict()
      .optional(),
    /** The statistics' labels. */
    stats: translatedList(translatedText('Label', 40), 'statistic', 4).optional(),
    about: z
      .object({
        heading: translatedText('About heading', 120).optional(),
        paragraphs: translatedList(translatedText('Paragraph', 1000), 'paragraph', 6).optional(),
        highlights: translatedList(translatedText('Highlight', 120), 'highlight', 8).optional(),
      })
      .strict()
      .optional(),
    services: translatedList(titledTranslationSchema, 'service', 12).optional(),
    reasons: translatedList(titledTranslationSchema, 'reason', 8).optional(),
  })
  .strict();
export type LandingTranslation = z.infer<typeof landingTranslationSchema>;
export const landingTranslationsSchema = perContentLocale(landingTranslationSchema);
export type LandingTranslations = z.infer<typeof landingTranslationsSchema>;

const landingFields = {
  stats: z
    .array(
      z
        .object({
          value: z
            .number({ message: 'Value must be a number' })
            .int({ message: 'Value must be a whole number' })
            .min(0, { message: 'Value cannot be negative' })
            .max(10_000_000, { message: 'Value is too large' }),
          suffix: optionalText('Suffix', 4),
          label: text('Label', 40),
        })
        .strict(),
    )
    .length(4, { message: 'The strip shows exactly four statistics' }),
  about: z
    .object({
      heading: text('About heading', 120),
      paragraphs: list(text('Paragraph', 1000), 'paragraph', 1, 6),
      highlights: list(text('Highlight', 120), 'highlight', 0, 8),
    })
    .strict(),
  services: list(
    z
      .object({
        icon: z.enum(SERVICE_ICONS, { message: 'Choose an icon' }),
        title: text('Title', 80),
        description: text('Description', 300),
      })
      .strict(),
    'service',
    1,
    12,
  ),
  reasons: list(z.object({ title: text('Title', 80), description: text('Description', 300) }).strict(), 'reason', 1, 8),
  testimonials: list(
    z
      .object({
        rating: z
          .number({ message: 'Rating must be 1 to 5' })
          .int({ message: 'Rating must be 1 to 5' })
          .min(1, { message: 'Rating must be 1 to 5' })
          .max(5, { message: 'Rating must be 1 to 5' }),
        text: text('Testimonial', 1000),
        author: text('Author', 80),
        position: optionalText('Position', 120),
        initials: z
          .string()
          .trim()
          .min(1, { message: 'Initials are required' })
          .max(3, { message: 'Initials must be at most 3 characters' }),
        /** Hidden testimonials stay stored but are not shown (nor sent to visitors). */
        hidden: z.boolean(),
      })
      .strict(),
    'testimonial',
    0,
    20,
  ),
  /** Absent on `GET /api/site?lang=…`, whose texts are already in that language. */
  translations: landingTranslationsSchema.optional(),
};

/** The landing page's content as staff read it (hidden testimonials included); no picture: null. */
export const landingContentSchema = z
  .object({
    hero: z.object({ ...heroTextFields, picture: heroPictureSchema.nullable() }).strict(),
    ...landingFields,
    updatedAt: z.string(),
  })
  .strict();
export type LandingContent = z.infer<typeof landingContentSchema>;
export type Testimonial = LandingContent['testimonials'][number];

/**
 * PUT /api/site/landing and the Landing page form. `hero.picture`: null removes the picture, left
 * out keeps the stored one (decision 026, as decision 011 for items), so a copy made before the
 * picture existed cannot drop it. Translations are patched per language and text (absent keeps,
 * empty removes); a list of them, when sent, replaces that list (decision 072).
 */
export const landingInputSchema = z
  .object({
    hero: z.object({ ...heroTextFields, picture: heroPictureInputSchema.nullable().optional() }).strict(),
    ...landingFields,
    updatedAt: versionField.optional(),
  })
  .strict();
export type LandingInput = z.infer<typeof landingInputSchema>;
export type LandingFormValues = z.input<typeof landingInputSchema>;

/** GET /api/site: what the public pages show. */
export interface PublicSiteSettings {
  company: PublicCompanySettings;
  landing: LandingContent;
}

/** GET /api/admin/site: the same with the private fields and hidden testimonials. */
export interface AdminSiteSettings {
  company: CompanySettings;
  landing: LandingContent;
}
