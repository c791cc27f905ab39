/**
 * What a buyer is promised about an item besides its price (decision 051): whether it is in stock
 * or made to order (and in how many weeks), and its warranty. Each machine and spare part may
 * carry its own; otherwise its kind's default from the site settings holds. The product page, the
 * JSON-LD, the spec sheet and the chat word them with the functions below, so they say the same.
 * No zod here: the public pages import it.
 */

export const AVAILABILITY_STATUSES = ['in_stock', 'made_to_order'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const AVAILABILITY_LABELS: Record<AvailabilityStatus, string> = {
  in_stock: 'In stock',
  made_to_order: 'Made to order',
};

/** Machines and spare parts carry terms; a service is work done to order and states its own in its specification. */
export const TERMS_KINDS = ['machine', 'spare'] as const;
export type TermsKind = (typeof TERMS_KINDS)[number];

export const LEAD_TIME_MAX_WEEKS = 104;
export const WARRANTY_MAX_MONTHS = 120;

export interface LeadTimeWeeks {
  min: number;
  max: number;
}

/** A kind's default terms (site settings), or an item's own when it sets all of them. */
export interface ItemTerms {
  availability: AvailabilityStatus;
  /** Weeks from order to dispatch; set for made-to-order, null for in stock. */
  leadTimeWeeks: LeadTimeWeeks | null;
  /** 0: sold without warranty. */
  warrantyMonths: number;
}

/** `GET /api/site/terms`: each kind's defaults, and the version a save is checked against. */
export interface ItemTermsDefaults {
  machine: ItemTerms;
  spare: ItemTerms;
  updatedAt: string;
}

/** An item's own terms as stored: null is "its kind's default" (availability and lead time go together). */
export interface StoredItemTerms {
  availability: AvailabilityStatus | null;
  leadTimeWeeks: LeadTimeWeeks | null;
  warrantyMonths: number | null;
}

/** The availability in force for an item, as its JSON carries it. */
export interface ItemAvailability {
  status: AvailabilityStatus;
  leadTimeWeeks: LeadTimeWeeks | null;
  /** True when it is its kind's default rather than the item's own. */
  isDefault: boolean;
}

/** The warranty in force for an item, as its JSON carries it. */
export interface ItemWarranty {
  months: number;
  isDefault: boolean;
}

export function isAvailabilityStatus(value: unknown): value is AvailabilityStatus {
  return typeof value === 'string' && (AVAILABILITY_STATUSES as readonly string[]).includes(value);
}

/** The item's own terms where it has them, else its kind's defaults. */
export function effectiveItemTerms(
  stored: StoredItemTerms,
  defaults: ItemTerms,
): { availability: ItemAvailability; warranty: ItemWarranty } {
  const ownAvailability = stored.availability !== null;
  return {
    availability: ownAvailability
      ? {
          status: stored.availability as AvailabilityStatus,
          leadTimeWeeks: stored.availability === 'made_to_order' ? stored.leadTimeWeeks : null,
          isDefault: false,
        }
      : { status: defaults.availability, leadTimeWeeks: defaults.leadTimeWeeks, isDefault: true },
    warranty:
      stored.warrantyMonths !== null
        ? { months: stored.warrantyMonths, isDefault: false }
        : { months: defaults.warrantyMonths, isDefault: true },
  };
}

/** `6-8 weeks`, `6 weeks`, `1 week`. */
export function formatLeadTime({ min, max }: LeadTimeWeeks): string {
  if (min === max) return `${min} ${min === 1 ? 'week' : 'weeks'}`;
  return `${min}-${max} weeks`;
}

/** `In stock`, `Made to order: 6-8 weeks`. */
export function formatAvailability(availability: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'>): string {
  const label = AVAILABILITY_LABELS[availability.status];
  if (availability.status !== 'made_to_order' || availability.leadTimeWeeks === null) return label;
  return `${label}: ${formatLeadTime(availability.leadTimeWeeks)}`;
}

/** `12-month warranty`; `No warranty` for 0. */
export function formatWarranty(months: number): string {
  return months > 0 ? `${months}-month warranty` : 'No warranty';
}

/**
 * One sentence for an item's terms, as the chat says it: `Made to order: 6-8 weeks. 24-month warranty.`
 * Takes an item's JSON (`availability`, `warranty`) or a kind's defaults (ItemTerms).
 */
export function formatItemTerms(
  terms:
    | { availability: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'>; warranty: Pick<ItemWarranty, 'months'> }
    | ItemTerms,
): string {
  if (typeof terms.availability === 'string') {
    const kind = terms as ItemTerms;
    return `${formatAvailability({ status: kind.availability, leadTimeWeeks: kind.leadTimeWeeks })}. ${formatWarranty(kind.warrantyMonths)}.`;
  }
  const item = terms as {
    availability: Pick<ItemAvailability, 'status' | 'leadTimeWeeks'>;
    warranty: { months: number };
  };
  return `${formatAvailability(item.availability)}. ${formatWarranty(item.warranty.months)}.`;
}

/**
 * What an empty database starts with, as the chat's scripted answers say (SPEC §7): machines are
 * built to order in 4-6 weeks (a CNC machine's own 6-8 weeks is set on it) with 24 months'
 * warranty; spare parts are kept in stock with 12 months'.
 */
export const DEFAULT_ITEM_TERMS: Omit<ItemTermsDefaults, 'updatedAt'> = {
  machine: { availability: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 }, warrantyMonths: 24 },
  spare: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 12 },
};

/** `GET /api/site/terms` (public) and `PUT /api/site/terms` (staff with catalogue.write). */
export const ITEM_TERMS_URL = '/api/site/terms';
