import type { InquiryStatus } from './schemas/inquiries';
import type { Specification } from './schemas/common';
import type { ItemAvailability, ItemWarranty } from './item-terms';
import type { PlainItemValuesOf } from './item-fields';
import type { ItemTranslations } from './item-translations';
import type { InquiryItemLine } from './quote-list';

/** One stored size of a picture, for a srcset candidate (`{url} {width}w`). */
export interface ImageVariant {
  url: string;
  width: number;
  height: number;
}

/** One stored picture: the large WebP (url, width, height), its thumbnail and all its sizes. */
export interface ImageAsset {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /**
   * Every stored size, smallest first (thumbnail ≤480, medium ≤960, large ≤1600 px edge); a small
   * picture has equal sizes. Always sent by this server; optional for older clients' fixtures.
   */
  variants?: ImageVariant[];
}

interface ItemBase {
  id: string;
  name: string;
  /**
   * Machine model code, part number or service code (decision 031); unique per kind, ignoring case.
   * Always sent by this server (null when none); optional for older clients' fixtures.
   */
  code?: string | null;
  description: string;
  featured: boolean;
  /**
   * Where staff placed a featured item on the landing page (0 first); null when not featured or
   * not placed. Always sent by this server; optional for older clients' fixtures.
   */
  featuredPosition?: number | null;
  /** Large image URLs in order (SPEC §3 `images`). */
  images: string[];
  /** The first image, or null (SPEC §3 `imageUrl`). */
  imageUrl: string | null;
  /** The same images with thumbnails and sizes, for srcset. */
  media: ImageAsset[];
  createdAt: string;
  updatedAt: string;
  /**
   * Its Tamil and Hindi versions (decision 072), `{}` when none. Left out of an answer asked with
   * `?lang=ta|hi`, which carries that language's fields in place instead.
   */
  translations?: ItemTranslations;
}

/** A spare part as a machine's page lists it ("Spare parts for this machine"). */
export interface PartThatFits {
  id: string;
  name: string;
  code: string | null;
  price: number | null;
  /** Its Tamil and Hindi names (decision 072); left out of an answer asked with `?lang`. */
  translations?: ItemTranslations;
}

/** `GET /api/machine-categories`: every category, in staff's order, with how many machines it has. */
export interface MachineCategory {
  slug: string;
  name: string;
  machineCount: number;
  /**
   * Its Tamil and Hindi names (decision 072). Absent when it has none, and on `?lang=ta|hi`, whose
   * `name` is already that language's.
   */
  translations?: MachineCategoryTranslations;
}

/** A machine category's name per content language; a language without one shows the English. */
export type MachineCategoryTranslations = { ta?: string; hi?: string };

/**
 * What a machine or spare part is sold on (decision 051): its own availability and warranty, or
 * its kind's defaults (`isDefault`). Sent by this server's details answers (and the saves that
 * answer an item); list entries leave them out. Optional for older clients' fixtures.
 */
interface ItemTermsFields {
  availability?: ItemAvailability;
  warranty?: ItemWarranty;
}

/** Its plain fields (brand, prices, key features) are those of its field table (item-fields.ts). */
export interface Machine extends ItemBase, ItemTermsFields, PlainItemValuesOf<'machine'> {
  /** A machine category slug (`GET /api/machine-categories`); `machine` is "uncategorised". */
  category: string;
  /**
   * The average stars of its customers' approved reviews, to one decimal, and how many there are;
   * both null while it has none (decision 051). Never typed by staff.
   */
  rating: number | null;
  reviewCount: number | null;
  /** Key-to-value map (SPEC §3); `specificationList` keeps the order. */
  specifications: Record<string, string>;
  specificationList: Specification[];
  /**
   * The spare parts that fit it, in name order, at most MAX_PARTS_THAT_FIT, so its page and
   * the server render need no second call. Details only: list entries leave it out. Always
   * sent by this server's details and featured answers; optional for older clients' fixtures.
   */
  partsThatFit?: PartThatFits[];
}

/** Its plain fields (price) are those of its field table (item-fields.ts). */
export interface SparePart extends ItemBase, ItemTermsFields, PlainItemValuesOf<'spare'> {
  /** SPEC §7: spare parts answer with `specs`. */
  specs: Record<string, string>;
  specificationList: Specification[];
  /**
   * The ids of the machines it fits, in the machines' name order. Always sent by this server;
   * optional for older clients' fixtures.
   */
  fits?: string[];
}

/** Its plain fields (HSN/SAC code, GST rate) are those of its field table (item-fields.ts). */
export interface Service extends ItemBase, PlainItemValuesOf<'service'> {
  specification: Record<string, string>;
  specificationList: Specification[];
}

/**
 * What the list calls (`GET /api/products`, `/api/spareparts`, `/api/services`) send for each item:
 * the SPEC §3 fields, and of our own only what a card shows — a picture's thumbnail and size, the code, a part's fits
 * (`media[i]` describes `images[i]`). The ordered specification list, the other image sizes
 * (derivable from the large URL, see image-sizes.ts) and the timestamps are for the details page
 * and the forms, which load the item by id. At 25,000 parts that is 15 MB to send and parse
 * instead of 32 MB. The HSN/SAC code and GST rate are for quotations, which read the item by id.
 */
export type ListEntry<T extends ItemBase> = Omit<
  T,
  | 'specificationList'
  | 'media'
  | 'createdAt'
  | 'updatedAt'
  | 'partsThatFit'
  | 'availability'
  | 'warranty'
  | 'hsnCode'
  | 'gstRate'
> & {
  media: Pick<ImageAsset, 'thumbnailUrl' | 'width' | 'height'>[];
};
export type MachineListEntry = ListEntry<Machine>;
export type SparePartListEntry = ListEntry<SparePart>;
export type ServiceListEntry = ListEntry<Service>;

export interface AuthUser {
  id: string;
  email: string;
  username: string;
}

export interface LoginResponse {
  token: string;
  user: AuthUser;
  message: string;
  expiresAt: string;
}

export interface UploadImagesResponse {
  imageUrls: string[];
}

export interface Inquiry {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The Service option's value: a machine category's slug or a fixed option (contactServiceOptions). */
  service: string | null;
  /** The option's label as the buyer saw it; null for inquiries stored before labels were kept. */
  serviceLabel: string | null;
  message: string;
  product: string | null;
  status: InquiryStatus;
  createdAt: string;
  /** `KPM-YYYY-NNNNN`, sequential per year (India time); the buyer's acknowledgement quotes it. */
  reference: string;
  /** The staff account looking after it, or null. */
  assignee: { id: string; email: string } | null;
  /** The day to follow it up (India), YYYY-MM-DD, or null. */
  followUpOn: string | null;
  /** Staff notes, newest first. */
  notes: InquiryNote[];
  /** The items the buyer's quote list asked for, in its order; [] when it listed none. */
  items: InquiryItemLine[];
}

export interface InquiryNote {
  id: string;
  text: string;
  /** The signed-in staff email that wrote it. */
  author: string;
  createdAt: string;
}

/** A staff account an inquiry can be assigned to (`GET /api/inquiries/assignees`). */
export interface InquiryAssignee {
  id: string;
  email: string;
}

/** What `POST /api/inquiries` answers. */
export interface CreateInquiryResponse {
  id: string;
  reference: string;
  message: string;
  /** The lines as stored (each item's code and name when sent); [] when the request listed none. */
  items: InquiryItemLine[];
}

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxMessageStatus = (typeof OUTBOX_STATUSES)[number];

/** An email in the outbox, as staff see it (no bodies). */
export interface OutboxMessage {
  id: string;
  /** 'inquiry.staff' (notification to staff) or 'inquiry.acknowledgement' (to the buyer). */
  kind: string;
  inquiryId: string | null;
  recipients: string[];
  subject: string;
  status: OutboxMessageStatus;
  attempts: number;
  /** Why the last attempt failed (kept after a later success is cleared). */
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/outbox`: the newest messages and whether email can be sent at all. */
export interface OutboxOverview {
  /** False when SMTP_URL is not set: nothing is sent, messages wait. */
  configured: boolean;
  pending: number;
  failed: number;
  messages: OutboxMessage[];
}

export interface AdminStats {
  machines: number;
  spareParts: number;
  services: number;
  featured: number;
  /** `thisWeek`: received in the last 7 days; `overdue`: follow-up day passed, not closed (decision 021). */
  inquiries: { total: number; new: number; thisWeek: number; overdue: number };
  /** Oldest first; `weekStart` is the Monday (UTC) of each of the last 8 weeks. */
  inquiriesPerWeek: { weekStart: string; count: number }[];
  /** Which products inquiries named in the last 30 days, most asked first (at most 5). */
  inquiryProducts: { product: string; count: number }[];
  /** The outbox: whether email can go out at all (SMTP_URL set), and what waits or failed. */
  email: { configured: boolean; pending: number; failed: number };
}

export interface HealthResponse {
  /** degraded: ready (200) while uploads fail; failing (503): the database cannot be used. */
  status: 'ok' | 'degraded' | 'failing';
  database: 'ok' | 'failing';
  uploads: 'ok' | 'failing';
  /** Only when something fails: which part, in words (never the cause's details). */
  message?: string;
}
