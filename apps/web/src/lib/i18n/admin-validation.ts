import { useMemo } from 'react';
import {
  ADMIN_ENGLISH,
  ADMIN_ENGLISH_MESSAGES,
  type AdminMessageKey,
  type AdminTranslator,
  type BackOfficeKey,
  useAdminT,
} from './admin';
import type { MessageValues } from './translator';

/**
 * The back office's refusals in the reader's language (decision 071, "Refusals"). The shared
 * schemas and the server word a refusal in English and that text is its code: the
 * `adminValidation` catalogue (and the public `validation` one) says it in Tamil and Hindi. A
 * refusal with a value inside (a code, a file name, a field's label) is read by a pattern below.
 */

/**
 * Refusals with values inside, tried in order after the exact texts. Named groups become the
 * message's arguments:
 * - `label`: a field's label as the schemas write it (`Tagline is required`), said through the
 *   catalogue's `label…` messages; a quoted file name passes as it is. An unknown label leaves the
 *   refusal in English rather than half translated.
 * - `kind`: the item kind (`machine`, `spare parts`…), the `select` of the message.
 * - `…Count`: a number, for the message's plural.
 * - any other: passed as written (codes, names, numbers the server chose).
 */
export const REFUSAL_PATTERNS: readonly { pattern: RegExp; key: AdminMessageKey }[] = [
  {
    pattern: /^A (?<kind>machine|spare part|service) with code (?<code>.+) already exists\.$/,
    key: 'adminValidation.duplicateCode',
  },
  { pattern: /^Unknown machine category: (?<category>.+)$/, key: 'adminValidation.unknownCategory' },
  { pattern: /^Unknown machine in fits: (?<machine>.+)$/, key: 'adminValidation.unknownFitsMachine' },
  {
    pattern: /^Item (?<id>.+) is not featured: only featured items can be placed$/,
    key: 'adminValidation.notFeatured',
  },
  { pattern: /^A machine category named (?<name>.+) already exists\.$/, key: 'adminValidation.categoryExists' },
  {
    pattern: /^"(?<name>.+)" is kept for machines without a category; choose another name\.$/,
    key: 'adminValidation.categoryNameReserved',
  },
  {
    pattern: /^"(?<name>.+)" is the name of a fixed contact form option; choose another name\.$/,
    key: 'adminValidation.categoryNameIsContactOption',
  },
  {
    pattern: /^(?<name>.+) still has (?<machineCount>\d+) machines?; move them to another category first\.$/,
    key: 'adminValidation.categoryHasMachines',
  },
  { pattern: /^A staff account with email (?<email>.+) already exists$/, key: 'adminValidation.staffEmailExists' },
  // The staff screen's answers to a change (not refusals, worded by the server the same way).
  {
    pattern: /^Invited (?<email>.+)\. Pass the password on privately; it is shown only this once\.$/,
    key: 'adminValidation.staffInvitedNotice',
  },
  { pattern: /^(?<email>.+) is disabled\.$/, key: 'adminValidation.staffDisabledNotice' },
  { pattern: /^(?<email>.+) is now (?<role>owner|editor|sales|service)\.$/, key: 'adminValidation.staffRoleNotice' },
  {
    pattern: /^Two-factor sign-in is off for (?<email>.+); their sessions have ended\.$/,
    key: 'adminValidation.staffTwoFactorResetNotice',
  },
  { pattern: /^Not a valid email address: (?<email>.+)$/, key: 'adminValidation.staffEmailInvalid' },
  {
    pattern: /^Specification "(?<name>.*)" has a unit but no number$/,
    key: 'adminValidation.specificationUnitNoNumber',
  },
  { pattern: /^Specification "(?<name>.*)" appears twice$/, key: 'adminValidation.specificationTwice' },
  { pattern: /^A specification unit must be one of (?<units>.+)$/, key: 'adminValidation.specificationUnitUnknown' },
  { pattern: /^Each image must be at most (?<size>[\d.]+) MB$/, key: 'adminValidation.imageTooBig' },
  { pattern: /^At most (?<max>\d+) images can be uploaded at once$/, key: 'adminValidation.tooManyUploads' },
  // Upload refusals (`refusedFileMessage`): the file's quoted name, or "The image".
  {
    pattern: /^(?<label>".*"|The image) is not an image we can read: send JPEG, PNG or WebP$/,
    key: 'adminValidation.fileNotImage',
  },
  {
    pattern: /^(?<label>".*"|The image) is too large \(at most 40 megapixels\)$/,
    key: 'adminValidation.fileTooManyPixels',
  },
  {
    pattern: /^(?<label>".*"|The image) is larger than (?<size>[\d.]+) MB: each image must be at most that$/,
    key: 'adminValidation.fileTooManyBytes',
  },
  {
    pattern:
      /^(?<label>".*"|The image) is an iPhone HEIC photo, which we cannot read: send it as JPEG \(on the iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG\)$/,
    key: 'adminValidation.fileHeic',
  },
  // The catalogue import's refusals of a file, a header or a line.
  { pattern: /^Column "(?<column>.*)" appears twice$/, key: 'adminValidation.importColumnTwice' },
  { pattern: /^Column "(?<column>.*)" names no specification$/, key: 'adminValidation.importColumnNoSpecification' },
  {
    pattern: /^Column "(?<column>.*)" is not used for (?<kind>machines|spare parts|services)$/,
    key: 'adminValidation.importColumnNotUsed',
  },
  {
    pattern: /^Unknown column "(?<column>.*)": the columns are (?<columns>.+), and "spec: Name \[unit\]"$/,
    key: 'adminValidation.importColumnUnknown',
  },
  {
    pattern: /^Column "(?<column>.*)": unknown unit "(?<unit>.*)"; use one of (?<units>.+) or (?<plain>\S+)$/,
    key: 'adminValidation.importColumnUnit',
  },
  {
    pattern: /^No (?<kind>machine|spare part|service) has this id: leave id empty to add a new one$/,
    key: 'adminValidation.importNoSuchId',
  },
  {
    pattern: /^Line (?<line>\d+) already changes this (?<kind>machine|spare part|service)$/,
    key: 'adminValidation.importLineAlreadyChanges',
  },
  {
    pattern: /^Unknown machine category "(?<category>.*)": add it under Machine categories first$/,
    key: 'adminValidation.importUnknownCategory',
  },
  {
    pattern: /^Specification "(?<name>.*)" is also filled in column "(?<column>.*)": fill one of them$/,
    key: 'adminValidation.importSpecificationTwice',
  },
  {
    pattern: /^"(?<text>.*)" is not a number: write a number such as 38, or 38 \(max\) with a remark$/,
    key: 'adminValidation.importNotANumber',
  },
  { pattern: /^Code (?<code>.+) is also on line (?<line>\d+)$/, key: 'adminValidation.importCodeTwice' },
  // The import of installed machines (after the catalogue's column refusal, which this one would also match).
  {
    pattern: /^Unknown column "(?<column>.*)": the columns are (?<columns>.+)$/,
    key: 'adminValidation.importInstallationColumnUnknown',
  },
  { pattern: /^Serial (?<serial>.+) is also on line (?<line>\d+)$/, key: 'adminValidation.importSerialTwice' },
  {
    pattern: /^Unknown model "(?<model>.*)": write the code or the English name of a machine of the catalogue$/,
    key: 'adminValidation.importUnknownModel',
  },
  {
    pattern: /^Several machines are named "(?<model>.*)": write the model code instead$/,
    key: 'adminValidation.importModelAmbiguous',
  },
  {
    pattern: /^The file has (?<cellCount>\d+) invalid cells? in (?<rowCount>\d+) rows?: nothing was imported\.$/,
    key: 'adminValidation.importInvalidCells',
  },
  {
    pattern: /^The file has more than (?<max>[\d,]+) rows: at most \k<max> can be imported at once\.$/,
    key: 'adminValidation.importTooManyRows',
  },
  {
    pattern: /^The file has more than (?<max>[\d,]+) cells: split it into smaller files\.$/,
    key: 'adminValidation.importTooManyCells',
  },
  {
    pattern: /^Row (?<line>\d+) has cells past column (?<max>[\d,]+): at most \k<max> columns are read\.$/,
    key: 'adminValidation.importCellsPastColumn',
  },
  {
    pattern: /^Row (?<line>\d+) has a cell in column (?<column>\d+): at most (?<max>[\d,]+) columns are read\.$/,
    key: 'adminValidation.importCellInColumn',
  },
  {
    pattern: /^The ZIP holds (?<count>\d+) pictures: at most (?<max>\d+) at once\.$/,
    key: 'adminValidation.zipTooManyPictures',
  },
  {
    pattern: /^The ZIP holds too many files: at most (?<max>\d+) pictures at once\.$/,
    key: 'adminValidation.zipTooManyFiles',
  },
  // A second machine with a serial already registered (409 of the installed machines).
  { pattern: /^A machine with serial (?<serial>.+) is already registered$/, key: 'adminValidation.serialTaken' },
  // A service request's status change the flow does not allow (serviceRequestTransitionMessage).
  {
    pattern:
      /^A request cannot go from (?<from>new|assigned|scheduled|resolved|closed) to (?<to>new|assigned|scheduled|resolved|closed)$/,
    key: 'adminValidation.serviceTransition',
  },
  // The GST rates are data (GST_RATES): the refusal lists them.
  { pattern: /^GST rate must be one of (?<rates>.+) per cent$/, key: 'adminValidation.gstRate' },
  // The schemas' refusals built from a field's label; last, as they match the most.
  { pattern: /^(?<label>.+) must be at most (?<max>\d+) characters$/, key: 'adminValidation.fieldTooLong' },
  { pattern: /^(?<label>.+) must be text$/, key: 'adminValidation.fieldNotText' },
  {
    pattern: /^(?<label>.+) must be a web address starting with https:\/\/$/,
    key: 'adminValidation.fieldNotWebAddress',
  },
  { pattern: /^(?<label>.+) is required$/, key: 'adminValidation.fieldRequired' },
  { pattern: /^(?<label>.+) not found$/, key: 'adminValidation.fieldNotFound' },
  { pattern: /^At most (?<max>\d+) (?<label>.+)s$/, key: 'adminValidation.listTooLong' },
  { pattern: /^Add at least one (?<label>.+)$/, key: 'adminValidation.listTooShortOne' },
  { pattern: /^Add at least (?<min>\d+) (?<label>.+)s$/, key: 'adminValidation.listTooShort' },
];

/** A 400 of the server's own request check names the field first: `translations.ta.name: Name is required`. */
const FIELD_PATH = /^(?<path>[\w.]+): (?<rest>.+)$/s;

const LABEL_PREFIX = 'adminValidation.label';
const PATTERN_KEYS = new Set<string>(REFUSAL_PATTERNS.map(({ key }) => key));

const KIND_OF = new Map([
  ['machine', 'machine'],
  ['machines', 'machine'],
  ['spare part', 'sparePart'],
  ['spare parts', 'sparePart'],
  ['service', 'service'],
  ['services', 'service'],
]);

function keysWithPrefix(...prefixes: string[]): BackOfficeKey[] {
  return Object.keys(ADMIN_ENGLISH_MESSAGES).filter((key) =>
    prefixes.some((prefix) => key.startsWith(prefix)),
  ) as BackOfficeKey[];
}

/** A field label as the schemas write it, in any case (`Address line`, `address line`) → its message. */
const LABEL_KEYS = new Map(keysWithPrefix(LABEL_PREFIX).map((key) => [ADMIN_ENGLISH.t(key).toLowerCase(), key]));

/** The fixed refusals, by their English text, as the formatter writes it. */
const EXACT_KEYS = new Map(
  keysWithPrefix('adminValidation.', 'validation.')
    .filter((key) => !key.startsWith(LABEL_PREFIX) && !PATTERN_KEYS.has(key))
    .map((key) => [ADMIN_ENGLISH.t(key), key]),
);

/** A pattern's named groups as the message's arguments; undefined when a label is not known. */
function argumentsOf(
  translator: AdminTranslator,
  groups: Record<string, string | undefined>,
): MessageValues | undefined {
  const values: MessageValues = {};
  for (const [name, value = ''] of Object.entries(groups)) {
    if (name === 'label') {
      const key = LABEL_KEYS.get(value.toLowerCase());
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) values.label = value;
      else if (key !== undefined) values.label = translator.t(key);
      else return undefined;
    } else if (name === 'kind') {
      values.kind = KIND_OF.get(value) ?? value;
    } else {
      values[name] = name.endsWith('Count') ? Number(value) : value;
    }
  }
  return values;
}

function translated(translator: AdminTranslator, message: string): string | undefined {
  const key = EXACT_KEYS.get(message);
  if (key !== undefined) return translator.t(key);
  for (const { pattern, key: patternKey } of REFUSAL_PATTERNS) {
    const groups = pattern.exec(message)?.groups;
    const values = groups && argumentsOf(translator, groups);
    if (values) return translator.t(patternKey, values);
  }
  const located = FIELD_PATH.exec(message)?.groups;
  const inner = located?.rest === undefined ? undefined : translated(translator, located.rest);
  return inner === undefined ? undefined : `${located?.path}: ${inner}`;
}

/**
 * A schema's or the server's refusal in the person's back-office language. English stays exactly
 * as sent; a refusal the catalogues lack stays in English.
 */
export function translateAdminRefusal(translator: AdminTranslator, message: string): string;
export function translateAdminRefusal(translator: AdminTranslator, message: string | undefined): string | undefined;
export function translateAdminRefusal(translator: AdminTranslator, message: string | undefined): string | undefined {
  if (message === undefined || translator.locale === 'en') return message;
  return translated(translator, message) ?? message;
}

export interface AdminRefusal {
  (message: string): string;
  (message: string | undefined): string | undefined;
}

/** `translateAdminRefusal` in the back office's language, for a field's error or a toast's reason. */
export function useAdminRefusal(): AdminRefusal {
  const translator = useAdminT();
  return useMemo(
    () => ((message: string | undefined) => translateAdminRefusal(translator, message)) as AdminRefusal,
    [translator],
  );
}
