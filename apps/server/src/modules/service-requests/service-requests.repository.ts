import { randomUUID } from 'node:crypto';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import {
  OPEN_SERVICE_REQUEST_STATUSES,
  phoneDigits,
  rolesThatCan,
  type ServiceRequestListQuery,
} from '@capstan/shared';
import type { DialectName } from '../../db/database';
import type {
  Database,
  ImagesTable,
  InstallationsTable,
  ServiceRequestEventsTable,
  ServiceRequestsTable,
} from '../../db/schema';
import { pageWithTotal } from '../../db/paged-query';
import type { ProcessedImage } from '../images/image-pipeline';

/** Every column but the report PDF's bytes, which only the download and the mail worker read. */
const COLUMNS = [
  'service_requests.id',
  'service_requests.reference',
  'service_requests.installation_id',
  'service_requests.serial',
  'service_requests.name',
  'service_requests.phone',
  'service_requests.phone_digits',
  'service_requests.email',
  'service_requests.symptom',
  'service_requests.machine_down',
  'service_requests.preferred_date',
  'service_requests.status',
  'service_requests.assignee_id',
  'service_requests.visit_on',
  'service_requests.locale',
  'service_requests.report',
  'service_requests.report_pdf_sha256',
  'service_requests.ip',
  'service_requests.created_at',
  'service_requests.updated_at',
  'service_requests.closed_at',
] as const;

export type ServiceRequestRow = Omit<ServiceRequestsTable, 'report_pdf'>;

/** A request with the names the answer shows: the machine's model and the engineer's. */
export type ServiceRequestListRow = ServiceRequestRow & { model: string | null; assignee_name: string | null };

/** What a request needs of its machine: the buyer's email and language on record, and the report's facts. */
export type InstallationForService = Pick<
  InstallationsTable,
  | 'id'
  | 'serial'
  | 'model_name'
  | 'company'
  | 'contact_name'
  | 'phone'
  | 'email'
  | 'address'
  | 'locale'
  | 'commissioned_on'
  | 'warranty_ends_on'
>;

const INSTALLATION_COLUMNS = [
  'id',
  'serial',
  'model_name',
  'company',
  'contact_name',
  'phone',
  'email',
  'address',
  'locale',
  'commissioned_on',
  'warranty_ends_on',
] as const;

/**
 * The next sequence of the year's series: an upsert in the request's write transaction, so the
 * number and the request are kept together or not at all (no gap), and two processes never get
 * the same one (the row is locked until the transaction ends).
 */
export async function nextServiceRequestSequence(db: Kysely<Database>, series: string): Promise<number> {
  const row = await db
    .insertInto('service_request_series')
    .values({ series, last_sequence: 1 })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ last_sequence: eb('service_request_series.last_sequence', '+', 1) })),
    )
    .returning('last_sequence')
    .executeTakeFirstOrThrow();
  return Number(row.last_sequence);
}

export async function findInstallationBySerial(
  db: Kysely<Database>,
  serial: string,
): Promise<InstallationForService | undefined> {
  return db.selectFrom('installations').select(INSTALLATION_COLUMNS).where('serial', '=', serial).executeTakeFirst();
}

export async function findInstallationForService(
  db: Kysely<Database>,
  id: string,
): Promise<InstallationForService | undefined> {
  return db.selectFrom('installations').select(INSTALLATION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Whether an AMC contract of the machine covers `day` (YYYY-MM-DD). */
export async function hasAmcOn(db: Kysely<Database>, installationId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('amc_contracts')
    .select('id')
    .where('installation_id', '=', installationId)
    .where('starts_on', '<=', day)
    .where('ends_on', '>=', day)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertServiceRequest(db: Kysely<Database>, row: ServiceRequestsTable): Promise<void> {
  await db.insertInto('service_requests').values(row).execute();
}

export async function insertServiceRequestEvent(
  db: Kysely<Database>,
  event: Omit<ServiceRequestEventsTable, 'id'>,
): Promise<void> {
  await db
    .insertInto('service_request_events')
    .values({ id: randomUUID(), ...event })
    .execute();
}

/** The request's photos: image rows of no item, in the order sent. */
export async function insertServiceRequestPhotos(
  db: Kysely<Database>,
  requestId: string,
  images: readonly ProcessedImage[],
  now: string,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('images')
    .values(
      images.map((image, position): ImagesTable => ({
        id: image.id,
        item_id: null,
        service_request_id: requestId,
        position,
        width: image.width,
        height: image.height,
        thumb_width: image.thumbWidth,
        thumb_height: image.thumbHeight,
        bytes: image.bytes,
        created_at: now,
      })),
    )
    .execute();
}

function selectRequests(db: Kysely<Database>) {
  return db
    .selectFrom('service_requests')
    .leftJoin('installations', 'installations.id', 'service_requests.installation_id')
    .leftJoin('users', 'users.id', 'service_requests.assignee_id')
    .select(COLUMNS)
    .select(['installations.model_name as model', 'users.username as assignee_name']);
}

export async function findServiceRequestRow(
  db: Kysely<Database>,
  id: string,
): Promise<ServiceRequestListRow | undefined> {
  return selectRequests(db).where('service_requests.id', '=', id).executeTakeFirst();
}

/** The request, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function lockServiceRequestRow(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
): Promise<ServiceRequestRow | undefined> {
  let query = db.selectFrom('service_requests').select(COLUMNS).where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateServiceRequestRow(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<ServiceRequestsTable, 'id' | 'reference' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('service_requests').set(changes).where('id', '=', id).execute();
}

/** What makes a request overdue now (working-hours.ts says when "too long new" began). */
export interface OverdueRule {
  /** A request still `new` raised before this instant (ISO) is overdue. */
  newBefore: string;
  /** India's calendar day: a visit day before it has passed. */
  today: string;
}

const OPEN = OPEN_SERVICE_REQUEST_STATUSES as readonly string[];

/** The SQL twin of `isOverdue` in the service, for the `overdue=1` filter. */
function overdueCondition(eb: ExpressionBuilder<Database, 'service_requests'>, rule: OverdueRule): Expression<SqlBool> {
  return eb.or([
    eb.and([eb('service_requests.status', '=', 'new'), eb('service_requests.created_at', '<', rule.newBefore)]),
    eb.and([
      eb('service_requests.status', 'in', OPEN),
      eb('service_requests.visit_on', 'is not', null),
      eb('service_requests.visit_on', '<', rule.today),
    ]),
  ]);
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of requests: open ones with the machine down first (a stopped machine waits on
 * nobody), then newest first. `q`: every word in the reference, serial, name, model or phone
 * (a word of 4 or more digits also matches the phone's digits however it was written).
 */
export async function listServiceRequestRows(
  db: Kysely<Database>,
  query: ServiceRequestListQuery,
  rule: OverdueRule,
): Promise<{ rows: ServiceRequestListRow[]; total: number }> {
  let select = selectRequests(db);
  if (query.status === 'open') select = select.where('service_requests.status', 'in', OPEN);
  else if (query.status) select = select.where('service_requests.status', '=', query.status);
  if (query.assigneeId) select = select.where('service_requests.assignee_id', '=', query.assigneeId);
  if (query.overdue) select = select.where((eb) => overdueCondition(eb, rule));
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) {
    const pattern = likePattern(word);
    const digits = word.replace(/\D/g, '');
    select = select.where((eb) =>
      eb.or([
        sql<boolean>`lower(${sql.ref('service_requests.reference')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('service_requests.serial')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('service_requests.name')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('service_requests.phone')}) like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('installations.model_name')}) like ${pattern} escape '\\'`,
        ...(digits.length >= 4 ? [eb('service_requests.phone_digits', 'like', likePattern(phoneDigits(digits)))] : []),
      ]),
    );
  }
  const ordered = select
    .orderBy(
      (eb) =>
        eb
          .case()
          .when(eb.and([eb('service_requests.machine_down', '=', 1), eb('service_requests.status', 'in', OPEN)]))
          .then(0)
          .else(1)
          .end(),
      'asc',
    )
    .orderBy('service_requests.created_at', 'desc')
    .orderBy('service_requests.id', 'desc');
  return pageWithTotal(ordered, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
}

export type ServiceEventRow = ServiceRequestEventsTable & { actor_name: string | null };

/** Events of one change share its instant: within it they read in the flow's order. */
const EVENT_ORDER = ['created', 'matched', 'assigned', 'scheduled', 'status', 'closed'] as const;

/** The timelines of these requests, oldest event first. */
export async function eventsOfRequests(db: Kysely<Database>, ids: readonly string[]): Promise<ServiceEventRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('service_request_events')
    .leftJoin('users', 'users.id', 'service_request_events.actor_id')
    .selectAll('service_request_events')
    .select('users.username as actor_name')
    .where('service_request_events.request_id', 'in', ids)
    .orderBy('service_request_events.at')
    .orderBy((eb) => {
      const kind = eb.ref('service_request_events.kind');
      const [first, ...rest] = EVENT_ORDER;
      let rank = eb.case().when(kind, '=', first).then(0);
      for (const [index, name] of rest.entries()) rank = rank.when(kind, '=', name).then(index + 1);
      return rank.else(EVENT_ORDER.length).end();
    })
    .orderBy('service_request_events.id')
    .execute();
}

/** The photos of these requests, in the order sent. */
export async function photosOfRequests(db: Kysely<Database>, ids: readonly string[]): Promise<ImagesTable[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('images')
    .selectAll()
    .where('service_request_id', 'in', ids)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Staff who handle service requests: active accounts whose role has service.manage. */
function engineers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'locale'])
    .where('disabled_at', 'is', null)
    .where('role', 'in', rolesThatCan('service.manage'));
}

export type EngineerRow = { id: string; username: string; email: string; locale: string | null };

export async function listEngineers(db: Kysely<Database>): Promise<EngineerRow[]> {
  return engineers(db).orderBy('username').orderBy('email').execute();
}

export async function findEngineer(db: Kysely<Database>, id: string): Promise<EngineerRow | undefined> {
  return engineers(db).where('id', '=', id).executeTakeFirst();
}

/** Which of these ids are items of the catalogue. */
export async function existingItemIds(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('items').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function serviceReportPdfBytes(
  db: Kysely<Database>,
  id: string,
): Promise<{ reference: string; pdf: Buffer } | undefined> {
  const row = await db
    .selectFrom('service_requests')
    .select(['reference', 'report_pdf'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.report_pdf ? { reference: row.reference, pdf: Buffer.from(row.report_pdf) } : undefined;
}

/** `SR-2026-00017` → `SR-2026-00017-report.pdf`. */
export const serviceReportFileName = (reference: string): string =>
  `${reference.replace(/[^A-Za-z0-9-]+/g, '-')}-report.pdf`;

/**
 * The report PDF an outbox message names (`attachment_service_request_id`), read by the mail
 * worker when it sends. A request without a stored PDF is an error, so the message is tried again
 * rather than sent without it.
 */
export async function serviceReportAttachment(
  db: Kysely<Database>,
  id: string,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const stored = await serviceReportPdfBytes(db, id);
  if (!stored) throw new Error(`The service request ${id} has no stored report PDF to attach`);
  return { filename: serviceReportFileName(stored.reference), content: stored.pdf, contentType: 'application/pdf' };
}
