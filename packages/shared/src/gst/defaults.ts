/**
 * The HSN/SAC code and GST rate a new item gets when staff give none, by kind and, for machines,
 * by category (issue 39, decision 075). Data, not code: when a rate changes, this table changes.
 * Each item keeps its own code and rate once saved; an emptied one goes back to its default.
 */
import type { ItemFieldKind } from '../item-fields';
import type { GstRate } from './rates';

export interface GstDefaults {
  hsnCode: string;
  gstRate: GstRate;
}

/**
 * By kind: machines are lathes (8458, the maker's own line) unless their category says otherwise
 * (MACHINE_HSN_BY_CATEGORY); spare parts are parts of machine tools (8466); services are
 * maintenance and repair (SAC heading 9987). All at 18% today.
 */
export const GST_DEFAULTS_BY_KIND: Record<ItemFieldKind, GstDefaults> = {
  machine: { hsnCode: '8458', gstRate: 18 },
  spare: { hsnCode: '8466', gstRate: 18 },
  service: { hsnCode: '9987', gstRate: 18 },
};

/**
 * A machine's HSN heading by the words of its category's slug (`cnc-lathe`, `vertical-machining-
 * centre`), first match wins: machining centres are 8457, lathes and turning centres 8458. A
 * category named by none keeps the machine default.
 */
export const MACHINE_HSN_BY_CATEGORY: readonly { words: readonly string[]; hsnCode: string }[] = [
  { words: ['machining-centre', 'machining-center', 'vmc', 'hmc'], hsnCode: '8457' },
  { words: ['lathe', 'capstan', 'turret', 'turning'], hsnCode: '8458' },
];

/** Whether a slug holds the hyphenated words `phrase` (`machining-centre` in `vertical-machining-centre`). */
const hasPhrase = (slug: string, phrase: string): boolean => `-${slug}-`.includes(`-${phrase}-`);

/** The HSN/SAC code and GST rate an item of this kind (and category) gets by default. */
export function gstDefaultsFor(kind: ItemFieldKind, category?: string | null): GstDefaults {
  const defaults = GST_DEFAULTS_BY_KIND[kind];
  if (kind !== 'machine' || !category) return defaults;
  const slug = category.toLowerCase();
  const match = MACHINE_HSN_BY_CATEGORY.find((rule) => rule.words.some((words) => hasPhrase(slug, words)));
  return match ? { ...defaults, hsnCode: match.hsnCode } : defaults;
}
