import type { StaffRole } from '@capstan/shared';

/** Row types of every table, in one place. Booleans are 0/1 integers on both databases. */

export type ItemKind = 'machine' | 'spare' | 'service';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
  password_changed_at: string | null;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: number | null;
  /** A StaffRole: owner, editor or sales (what each may do: packages/shared/src/roles.ts). */
  role: StaffRole;
  /** The back office's language this person chose ('ta', 'hi'); null is English. */
  locale: string | null;
  last_sign_in_at: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface LoginChallengesTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: string;
  client_key: string;
  failed_at: string;
  /** The account (email) a sign-in failure was against; null for keys that are an account already. */
  account: string | null;
}

/** An account whose password sign-in is refused until `locked_until`, whatever the address. */
export interface SignInLocksTable {
  /** The lower-cased email, whether or not such an account exists. */
  account: string;
  locked_at: string;
  locked_until: string;
}

/** How many requests a client made under one limit in its current window (decision 027). */
export interface RateLimitsTable {
  /** The limit's name and the client's address, e.g. `inquiries 203.0.113.7`. */
  key: string;
  count: number;
  /** When the window ends (ISO 8601); the next request after it starts a new one. */
  reset_at: string;
}

export interface ItemsTable {
  id: string;
  kind: ItemKind;
  name: string;
  description: string;
  category: string | null;
  brand: string | null;
  price: number | null;
  original_price: number | null;
  rating: number | null;
  review_count: number | null;
  /** JSON array of strings. */
  features: string;
  featured: number;
  /** Landing-page place among featured items (0 first); null: after the placed ones. */
  featured_position: number | null;
  created_at: string;
  updated_at: string;
  version: number;
  /** Model code, part number or service code as staff typed it (decision 031). */
  code: string | null;
  /** `code` trimmed and lower-cased: unique per kind, so codes differing only in case collide. */
  code_key: string | null;
  /** 'in_stock' | 'made_to_order'; null: the default of its kind (site settings, decision 051). */
  availability: string | null;
  /** A made-to-order item's lead time in weeks (min ≤ max); null otherwise. */
  lead_time_min_weeks: number | null;
  lead_time_max_weeks: number | null;
  /** Null: the default of its kind. */
  warranty_months: number | null;
  /** Its Tamil and Hindi texts as JSON (ItemTranslations, decision 072); null when none. */
  translations: string | null;
  /**
   * Its HSN code (goods) or SAC (services), digits only, and GST rate in per cent (decision 075);
   * null only in a row an older release wrote, read as its kind's default.
   */
  hsn_code: string | null;
  /** numeric: PostgreSQL answers it as text. */
  gst_rate: number | string | null;
}

export interface ItemSpecificationsTable {
  item_id: string;
  position: number;
  spec_key: string;
  /** The row's text; '' when a typed row has no remark. */
  spec_value: string;
  spec_number: number | null;
  /** A SpecUnit, or null. */
  spec_unit: string | null;
}

/** Machine categories (decision 031); a machine's `category` holds a slug, or `machine` (uncategorised). */
export interface MachineCategoriesTable {
  slug: string;
  name: string;
  position: number;
  created_at: string;
  /** Its Tamil and Hindi names as JSON (`{"ta":"…","hi":"…"}`, decision 072); null when none. */
  translations: string | null;
}

/** Which machines a spare part fits. */
export interface ItemFitsTable {
  part_id: string;
  machine_id: string;
}

export interface ImagesTable {
  /** Also the file name stem: `/uploads/{id}.webp` and `/uploads/{id}-thumb.webp`. */
  id: string;
  /** Null while uploaded but not yet attached to an item (POST /api/upload-images). */
  item_id: string | null;
  position: number;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
  bytes: number;
  created_at: string;
  /** Set for a photo of a service request (issue 40); such an image has no item. */
  service_request_id: string | null;
}

export interface InquiriesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string | null;
  /** The Service option's label the buyer saw; null on rows stored before it was kept. */
  service_label: string | null;
  message: string;
  product: string | null;
  status: string;
  client_ip: string | null;
  created_at: string;
  /** `KPM-YYYY-NNNNN`; set for every inquiry (migration 201 numbered the older ones). */
  reference: string | null;
  /** The staff account looking after it (migration 202). */
  assignee_id: string | null;
  /** When to follow it up: a calendar day in India, YYYY-MM-DD. */
  follow_up_on: string | null;
  /** The language of the page it was sent from ('ta', 'hi'): the buyer's acknowledgement is in it. Null is English. */
  locale: string | null;
}

/** A staff note on an inquiry; never edited. */
export interface InquiryNotesTable {
  id: string;
  inquiry_id: string;
  text: string;
  author_id: string | null;
  author_email: string;
  created_at: string;
}

/** One row a year: the last inquiry reference number handed out in it. */
/**
 * A line of a buyer's quote list sent with an inquiry (issue 39), as the item was when sent: its
 * kind, code and English name. `item_id` is no foreign key, so a renamed or deleted item keeps it.
 */
export interface InquiryItemsTable {
  inquiry_id: string;
  /** 0, 1, …: the order of the buyer's list. */
  position: number;
  item_id: string;
  kind: ItemKind;
  code: string | null;
  name: string;
  quantity: number;
}

export interface InquiryReferenceCountersTable {
  year: number;
  last_number: number;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** An email waiting for, or done with, the mail worker (decision 021). */
export interface OutboxTable {
  id: string;
  kind: string;
  inquiry_id: string | null;
  /** JSON array of addresses. */
  recipients: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** A quotation whose stored PDF goes with the email (read when sending, never copied here). */
  attachment_quotation_id: string | null;
  /** A service request whose stored report PDF goes with the email (issue 40). */
  attachment_service_request_id: string | null;
}

/** One row per financial year (`2026-27`): the last quotation sequence handed out in it. */
export interface QuotationSeriesTable {
  series: string;
  last_sequence: number;
}

/**
 * One revision of a GST quotation (issue 39). JSON text: `buyer` (QuotationBuyer), `lines`
 * (QuotationLine[] in paise, see quotations.repository.ts), `charges`, `terms`, `acceptance`,
 * `change_requests`. Paise columns are bigint: PostgreSQL answers them as text.
 */
export interface QuotationsTable {
  id: string;
  inquiry_id: string;
  number: string;
  /** The financial year, `2026-27`. */
  series: string;
  sequence: number;
  revision: number;
  /** A QuotationStatus; `expired` is worked out when read, never stored. */
  status: string;
  buyer: string;
  lines: string;
  charges: string;
  terms: string;
  /** 'intraState' | 'interState'. */
  supply: string;
  /** 'SGST' | 'UTGST'. */
  state_tax: string;
  place_of_supply: string;
  seller_state: string;
  taxable_paise: number | string;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  round_off_paise: number;
  total_paise: number | string;
  validity_days: number;
  /** YYYY-MM-DD (India); null until sent. */
  valid_until: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  viewed_at: string | null;
  accepted_at: string | null;
  acceptance: string | null;
  change_requests: string;
  /** SHA-256 (hex) of the buyer's link token; null until sent. */
  token_hash: string | null;
  /** The PDF as sent; null for a draft. */
  pdf: Buffer | null;
  pdf_sha256: string | null;
  created_by: string | null;
}

/** A single row (id 1); `revision` goes up by one with every catalogue write. */
export interface CatalogueRevisionTable {
  id: number;
  revision: number;
}

/** What one catalogue revision changed: JSON (catalogue-revision.repository.ts), or null for anything (decision 067). */
export interface CatalogueChangesTable {
  revision: number;
  change: string | null;
}

/** One item as PostgreSQL searches and orders it (decision 069; empty on SQLite). */
export interface CatalogueSearchTable {
  item_id: string;
  kind: ItemKind;
  /**
   * The name as a key whose byte order is SPEC §5's name order, then the name and the id
   * (name-sort-key.ts): one column a list is paged by, from an index.
   */
  sort_key: string;
  category: string | null;
  /**
   * The price, 0 when it has none, as the row was last written whole: for an older release
   * (decision 086). This release orders by catalogue_search_prices.
   */
  price_order: number;
  featured: number;
  /** The code without separators, lower case; '' when it has none. */
  code: string;
  /** Name and description, lower case. */
  name_text: string;
  description_text: string;
  /** The fitted machines' names and codes, space-separated. */
  fits_text: string;
  /** The fitted machines' ids, a JSON array in id order; null in a row of an older release. */
  fits_ids: string | null;
  /** Name, description and fits, lower case (SearchFields.all), and its compact form. */
  all_text: string;
  all_compact: string;
  /** Each of name, description and fits without separators (SearchFields.compact), as a search ranks by. */
  name_compact: string;
  description_compact: string;
  fits_compact: string;
  /** Each of them as wordStartText (list-search.ts): a word start is ' ' + the word. */
  name_words: string;
  description_words: string;
  fits_words: string;
  /** Name and code with only their letters and digits, for the chat helper's look-ups. */
  name_letters: string;
  code_letters: string;
}

/**
 * An item's search fields and order keys before the revision that rewrote its search row (decision
 * 069): the oldest row after a revision is the item as a list or search at that revision saw it.
 * All null but the revision and id when the item had no row yet.
 */
export interface CatalogueSearchBeforeTable {
  revision: number;
  item_id: string;
  kind: ItemKind | null;
  code: string | null;
  name_text: string | null;
  description_text: string | null;
  fits_text: string | null;
  sort_key: string | null;
  price_order: number | null;
  featured: number | null;
  /** What narrowed lists read (migration 2026-11-30-401); all three null when not recorded. */
  category: string | null;
  fits_ids: string | null;
  /** Numeric specification rows, a JSON array of [slug, number, unit] in the item's order. */
  spec_rows: string | null;
}

/** An item's specification rows that carry a number, with their keys' slugs (decision 069). */
export interface CatalogueSpecValuesTable {
  item_id: string;
  position: number;
  kind: ItemKind;
  slug: string;
  spec_key: string;
  number: number;
  unit: string | null;
  /**
   * Whether this is the item's first row of the key among rows whose units convert to one another:
   * the row a list reads for the key. Null on a row an older release wrote (decision 088).
   */
  first_of_family: boolean | null;
}

/** The words of a list's items a mistyped query word may mean (decision 069). */
export interface CatalogueSearchWordsTable {
  kind: ItemKind;
  word: string;
}

/** An item's place in the price order (decision 086): its price, 0 when it has none. */
export interface CatalogueSearchPricesTable {
  item_id: string;
  price_order: number;
}

/** One row (id 1): the catalogue revision the search tables are at; -1 before their first build. */
export interface CatalogueSearchStateTable {
  id: number;
  revision: number;
  /** The revision catalogue_search_prices is at; behind `revision` after an older release caught up. */
  prices_at: number | null;
}

/** The daily backup (decision 068): one row, id 1; `time_of_day` HH:MM India time. */
export interface BackupScheduleTable {
  id: number;
  enabled: number;
  time_of_day: string;
  keep_count: number;
  updated_at: string | null;
}

/** One backup run; `counts` JSON (BackupCounts); `removed_at` set once pruned to keep the newest. */
export interface BackupRunsTable {
  id: string;
  trigger: 'scheduled' | 'manual';
  status: 'running' | 'succeeded' | 'failed';
  started_at: string;
  finished_at: string | null;
  file_name: string | null;
  size_bytes: number | string | null;
  counts: string | null;
  error: string | null;
  removed_at: string | null;
}

/** Visitors' reviews (decision 023); `status` is pending, approved or rejected. */
export interface ReviewsTable {
  id: string;
  rating: number;
  text: string;
  name: string;
  position: string | null;
  company: string | null;
  status: string;
  client_ip: string | null;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  /** The machine the review is about; null for a review of the company (decision 051). */
  item_id: string | null;
}

/** A single row (id 1); `revision` goes up with every change to the public list of reviews. */
export interface ReviewsRevisionTable {
  id: number;
  revision: number;
}

/** Append-only record of admin actions (modules/audit); nothing updates or deletes rows. */
export interface AuditLogTable {
  id: string;
  at: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  /** JSON object `{ field: { before, after } }`, or null. */
  changes: string | null;
}

/** One part of the site settings (decision 020): a JSON document and the time of its last save. */
export interface SiteSettingsTable {
  part: 'company' | 'landing' | 'chat' | 'terms';
  document: string;
  updated_at: string;
}

/** One occurrence of a scheduled job, claimed by one process (modules/scheduler, decision 066). */
export interface ScheduledRunsTable {
  job: string;
  /** Which occurrence: for a daily job, the Indian calendar day (YYYY-MM-DD). */
  occurrence: string;
  /** The process running it (host, pid and a random part). */
  claimed_by: string;
  /** Until when the claim holds; an unfinished run past it may be taken over. */
  lease_until: string;
  started_at: string;
  finished_at: string | null;
  outcome: 'done' | 'failed' | null;
  /** What it did, or why it failed, in a line. */
  detail: string | null;
}

/** An installed machine (issue 40). Days are YYYY-MM-DD; `serial` in capitals, unique. */
export interface InstallationsTable {
  id: string;
  serial: string;
  machine_id: string;
  /** The catalogue machine's English name when last saved (shown once it leaves the catalogue). */
  model_name: string;
  company: string;
  contact_name: string;
  phone: string;
  /** The phone's last ten digits (phoneDigits): what lookups and search match. */
  phone_digits: string;
  email: string | null;
  gstin: string | null;
  state: string | null;
  address: string | null;
  locale: string;
  invoice_number: string | null;
  invoice_date: string | null;
  commissioned_on: string;
  warranty_months: number;
  warranty_ends_on: string;
  control_make: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

export interface AmcContractsTable {
  id: string;
  installation_id: string;
  starts_on: string;
  ends_on: string;
  visits_included: number;
  /** bigint: PostgreSQL answers it as text. */
  value_paise: number | string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

export interface AmcVisitsTable {
  id: string;
  contract_id: string;
  visited_on: string;
  engineer_id: string | null;
  engineer_name: string;
  notes: string | null;
  /** JSON text: PartUsed[]. */
  parts_used: string;
  created_at: string;
  created_by: string | null;
}

/** One row per calendar year (`2026`): the last service request sequence handed out in it. */
export interface ServiceRequestSeriesTable {
  series: string;
  last_sequence: number;
}

export interface ServiceRequestsTable {
  id: string;
  reference: string;
  /** Null: the serial matched no machine of the register ("unregistered"), until staff match it. */
  installation_id: string | null;
  serial: string;
  name: string;
  phone: string;
  phone_digits: string;
  email: string | null;
  symptom: string;
  machine_down: number;
  preferred_date: string | null;
  status: string;
  assignee_id: string | null;
  visit_on: string | null;
  locale: string;
  /** JSON text: ServiceReport. */
  report: string | null;
  report_pdf: Buffer | null;
  report_pdf_sha256: string | null;
  ip: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface ServiceRequestEventsTable {
  id: string;
  request_id: string;
  at: string;
  kind: string;
  status: string | null;
  actor_id: string | null;
  detail: string | null;
}

export interface MyMachineCodesTable {
  id: string;
  installation_id: string;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

export interface MyMachineSessionsTable {
  token_hash: string;
  installation_id: string;
  expires_at: string;
  created_at: string;
}

/** A reminder sent: (kind, subject, due day) is unique, so each is sent once across processes. */
export interface ServiceRemindersTable {
  kind: string;
  subject_id: string;
  due_on: string;
  sent_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  sign_in_locks: SignInLocksTable;
  rate_limits: RateLimitsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  items: ItemsTable;
  item_specifications: ItemSpecificationsTable;
  machine_categories: MachineCategoriesTable;
  item_fits: ItemFitsTable;
  images: ImagesTable;
  inquiries: InquiriesTable;
  inquiry_reference_counters: InquiryReferenceCountersTable;
  inquiry_notes: InquiryNotesTable;
  inquiry_items: InquiryItemsTable;
  outbox: OutboxTable;
  quotations: QuotationsTable;
  quotation_series: QuotationSeriesTable;
  catalogue_revision: CatalogueRevisionTable;
  catalogue_changes: CatalogueChangesTable;
  catalogue_search: CatalogueSearchTable;
  catalogue_spec_values: CatalogueSpecValuesTable;
  catalogue_search_words: CatalogueSearchWordsTable;
  catalogue_search_state: CatalogueSearchStateTable;
  catalogue_search_prices: CatalogueSearchPricesTable;
  catalogue_search_before: CatalogueSearchBeforeTable;
  backup_schedule: BackupScheduleTable;
  backup_runs: BackupRunsTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  reviews: ReviewsTable;
  reviews_revision: ReviewsRevisionTable;
  scheduled_runs: ScheduledRunsTable;
  installations: InstallationsTable;
  amc_contracts: AmcContractsTable;
  amc_visits: AmcVisitsTable;
  service_request_series: ServiceRequestSeriesTable;
  service_requests: ServiceRequestsTable;
  service_request_events: ServiceRequestEventsTable;
  my_machine_codes: MyMachineCodesTable;
  my_machine_sessions: MyMachineSessionsTable;
  service_reminders: ServiceRemindersTable;
}
