import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AuditChanges,
  type CompanySettings,
  DEFAULT_LOCALE,
  indianToday,
  isLocale,
  OPEN_SERVICE_REQUEST_STATUSES,
  phoneDigits,
  SERVICE_NEW_OVERDUE_WORKING_HOURS,
  SERVICE_PHOTO_IDS_FIELD,
  SERVICE_REQUEST_MAX_PHOTOS,
  SERVICE_REQUEST_MESSAGES,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
  type ServiceEngineersResponse,
  type ServiceReport,
  type ServiceRequest,
  type ServiceRequestEventKind,
  type ServiceRequestInput,
  type ServiceRequestListQuery,
  type ServiceRequestListResponse,
  type ServiceRequestStatus,
  type ServiceRequestUpdate,
  serviceRequestTransitionMessage,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database, ImagesTable, ServiceRequestsTable } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { RequestValidationError, type ValidationIssue } from '../../validation';
import { diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { type ProcessedImage, processImages } from '../images/image-pipeline';
import { discardImages } from '../images/image-store';
import { enqueueMessage } from '../mail/outbox.repository';
import { enqueueInReadersLanguages } from '../mail/readers-languages';
import { quotationSeller } from '../quotations/quotation-seller';
import { currentCompanySettings } from '../site/site-settings.service';
import type { ServiceReportDocument } from './service-report-document';
import { renderServiceReportPdf } from './service-report-pdf';
import {
  type CustomerUpdate,
  customerUpdate,
  engineerAssignmentNotice,
  type MachineOwner,
  type ServiceCompany,
  serviceRequestReceived,
  serviceRequestStaffNotice,
} from './service-request-emails';
import { nextServiceReference } from './service-request-numbering';
import { attachServicePhotos, toServiceRequestPhoto } from './service-request-photos';
import {
  type EngineerRow,
  eventsOfRequests,
  existingItemIds,
  findEngineer,
  findInstallationBySerial,
  findInstallationForService,
  findServiceRequestRow,
  hasAmcOn,
  type InstallationForService,
  insertServiceRequest,
  insertServiceRequestEvent,
  insertServiceRequestPhotos,
  listEngineers,
  listServiceRequestRows,
  lockServiceRequestRow,
  type OverdueRule,
  photosOfRequests,
  type ServiceEventRow,
  type ServiceRequestListRow,
  type ServiceRequestRow,
  serviceReportPdfBytes,
  serviceReportFileName,
  updateServiceRequestRow,
} from './service-requests.repository';
import { overdueBefore } from './working-hours';

/** Where staff open a request in the back office (the web app's paths.admin.serviceRequest). */
export const adminServiceRequestUrl = (ctx: AppContext, id: string): string =>
  `${ctx.config.publicUrl}/admin/service-requests/${encodeURIComponent(id)}`;

const OPEN = OPEN_SERVICE_REQUEST_STATUSES as readonly string[];

const isStatus = (value: string): value is ServiceRequestStatus =>
  (SERVICE_REQUEST_STATUSES as readonly string[]).includes(value);
const statusOf = (row: Pick<ServiceRequestRow, 'status'>): ServiceRequestStatus =>
  isStatus(row.status) ? row.status : 'new';

/** The rule of "overdue" at `now`: new for more than the working hours the company is open, or its visit day gone. */
export function overdueRule(company: Pick<CompanySettings, 'hours'>, now: Date): OverdueRule {
  return {
    newBefore: overdueBefore(company.hours, now, SERVICE_NEW_OVERDUE_WORKING_HOURS).toISOString(),
    today: indianToday(now),
  };
}

/** The repository's `overdueCondition`, for one row. */
export function isOverdue(
  row: Pick<ServiceRequestRow, 'status' | 'created_at' | 'visit_on'>,
  rule: OverdueRule,
): boolean {
  if (row.status === 'new' && row.created_at < rule.newBefore) return true;
  return OPEN.includes(row.status) && row.visit_on !== null && row.visit_on < rule.today;
}

const EVENT_KINDS: readonly ServiceRequestEventKind[] = [
  'created',
  'status',
  'assigned',
  'scheduled',
  'matched',
  'closed',
];

/** The row as the API answers it, with its timeline and photos. */
export function toServiceRequest(
  row: ServiceRequestListRow,
  events: readonly ServiceEventRow[],
  photos: readonly ImagesTable[],
  rule: OverdueRule,
): ServiceRequest {
  return {
    id: row.id,
    reference: row.reference,
    status: statusOf(row),
    registered: row.installation_id !== null,
    installationId: row.installation_id,
    serial: row.serial,
    model: row.model,
    name: row.name,
    phone: row.phone,
    email: row.email,
    symptom: row.symptom,
    machineDown: Number(row.machine_down) === 1,
    preferredDate: row.preferred_date,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    visitOn: row.visit_on,
    language: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    photos: photos.map(toServiceRequestPhoto),
    report: row.report === null ? null : (JSON.parse(row.report) as ServiceReport),
    overdue: isOverdue(row, rule),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
    events: events.map((event) => ({
      at: event.at,
      kind: (EVENT_KINDS as readonly string[]).includes(event.kind)
        ? (event.kind as ServiceRequestEventKind)
        : 'status',
      status: event.status !== null && isStatus(event.status) ? event.status : null,
      actorName: event.actor_name,
      detail: event.detail,
    })),
  };
}

/** Requests as answered, their timelines and photos read in two queries for the lot. */
async function answerRows(
  db: Kysely<Database>,
  rows: readonly ServiceRequestListRow[],
  rule: OverdueRule,
): Promise<ServiceRequest[]> {
  const ids = rows.map((row) => row.id);
  // One after the other: inside a SQLite transaction both would share its one connection anyway.
  const events = await eventsOfRequests(db, ids);
  const photos = await photosOfRequests(db, ids);
  return rows.map((row) =>
    toServiceRequest(
      row,
      events.filter((event) => event.request_id === row.id),
      photos.filter((photo) => photo.service_request_id === row.id),
      rule,
    ),
  );
}

async function findServiceRequest(db: Kysely<Database>, id: string, rule: OverdueRule): Promise<ServiceRequest> {
  const row = await findServiceRequestRow(db, id);
  if (!row) throw new HttpError(404, SERVICE_REQUEST_MESSAGES.notFound);
  const [request] = await answerRows(db, [row], rule);
  if (!request) throw new HttpError(404, SERVICE_REQUEST_MESSAGES.notFound);
  return request;
}

export async function getServiceRequest(ctx: AppContext, id: string, now = new Date()): Promise<ServiceRequest> {
  return findServiceRequest(ctx.db, id, overdueRule(await currentCompanySettings(ctx.db), now));
}

export async function listServiceRequests(
  ctx: AppContext,
  query: ServiceRequestListQuery,
  now = new Date(),
): Promise<ServiceRequestListResponse> {
  const rule = overdueRule(await currentCompanySettings(ctx.db), now);
  const { rows, total } = await listServiceRequestRows(ctx.db, query, rule);
  return {
    serviceRequests: await answerRows(ctx.db, rows, rule),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function serviceEngineers(ctx: AppContext): Promise<ServiceEngineersResponse> {
  const rows = await listEngineers(ctx.db);
  return { engineers: rows.map((row) => ({ id: row.id, name: row.username })) };
}

/** What the customer's emails say about the company. */
const serviceCompany = (company: CompanySettings): ServiceCompany => ({
  name: company.name,
  phones: company.phones.map((phone) => phone.number),
  email: company.email || null,
});

/** The machine's owner on record, as the staff emails name them. */
const ownerOf = (installation: InstallationForService | undefined): MachineOwner | null =>
  installation ? { company: installation.company, address: installation.address } : null;

/** Where the customer is written to: the address they gave, else the one on record for the machine. */
const customerEmail = (
  row: Pick<ServiceRequestRow, 'email'>,
  installation: Pick<InstallationForService, 'email'> | undefined,
): string | null => row.email ?? installation?.email ?? null;

/**
 * Stores a request raised by a buyer (the API or the plain form) with its photos, its reference,
 * the first line of its timeline and the emails about it (decision 021: kept together or not at
 * all). The photos go through the image pipeline first, outside the transaction (no lock is held
 * while they are decoded); if anything then fails, their files are removed, so a refused request
 * leaves no image behind. Photos uploaded ahead (`photoIds`) come after any sent as files and are
 * taken in the transaction; refused, they stay unattached for the buyer to send again.
 * `spend` counts it against the sender's allowance in the transaction.
 */
export async function createServiceRequest(
  ctx: AppContext,
  data: ServiceRequestInput,
  photoFiles: readonly string[],
  ip: string | null,
  spend: (trx: Kysely<Database>) => Promise<void> = async () => undefined,
  now = new Date(),
): Promise<ServiceRequest> {
  const photoIds = data.photoIds ?? [];
  if (photoFiles.length + photoIds.length > SERVICE_REQUEST_MAX_PHOTOS) {
    const field = photoIds.length > 0 ? SERVICE_PHOTO_IDS_FIELD : 'images';
    throw new RequestValidationError([{ path: [field], message: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE }]);
  }
  const processed: ProcessedImage[] = await processImages(ctx.images, photoFiles);
  try {
    const request = await writeTransaction(ctx, async (trx) => {
      await spend(trx);
      const at = now.toISOString();
      const reference = await nextServiceReference(trx, now);
      const installation = await findInstallationBySerial(trx, data.serial);
      const row: ServiceRequestsTable = {
        id: randomUUID(),
        reference,
        installation_id: installation?.id ?? null,
        serial: data.serial,
        name: data.name,
        phone: data.phone,
        phone_digits: phoneDigits(data.phone),
        email: data.email ?? null,
        symptom: data.symptom,
        machine_down: data.machineDown ? 1 : 0,
        preferred_date: data.preferredDate ?? null,
        status: 'new',
        assignee_id: null,
        visit_on: null,
        locale: data.locale ?? DEFAULT_LOCALE,
        report: null,
        report_pdf: null,
        report_pdf_sha256: null,
        ip,
        created_at: at,
        updated_at: at,
        closed_at: null,
      };
      await insertServiceRequest(trx, row);
      await insertServiceRequestPhotos(trx, row.id, processed, at);
      await attachServicePhotos(ctx, trx, row.id, photoIds, processed.length, now);
      await insertServiceRequestEvent(trx, {
        request_id: row.id,
        at,
        kind: 'created',
        status: 'new',
        actor_id: null,
        detail: null,
      });
      const company = await currentCompanySettings(trx);
      const stored = await findServiceRequest(trx, row.id, overdueRule(company, now));
      const recipient = customerEmail(row, installation);
      if (recipient) await enqueueMessage(trx, serviceRequestReceived(stored, recipient, serviceCompany(company)), at);
      const adminUrl = adminServiceRequestUrl(ctx, row.id);
      await enqueueInReadersLanguages(
        trx,
        company.notificationEmails,
        (readers) => serviceRequestStaffNotice({ request: stored, owner: ownerOf(installation), ...readers, adminUrl }),
        at,
      );
      return stored;
    });
    ctx.mailWorker?.wake();
    return request;
  } catch (error) {
    await discardImages(
      ctx.images,
      processed.map((image) => image.id),
    );
    throw error;
  }
}

/** What an update names besides the request itself, read and checked (400 at the field when unknown). */
interface UpdateLookups {
  engineer: EngineerRow | null | undefined;
  installation: InstallationForService | null | undefined;
}

async function lookUp(db: Kysely<Database>, update: ServiceRequestUpdate): Promise<UpdateLookups> {
  const issues: ValidationIssue[] = [];
  let engineer: EngineerRow | null | undefined = update.assigneeId === null ? null : undefined;
  if (update.assigneeId) {
    engineer = await findEngineer(db, update.assigneeId);
    if (!engineer) issues.push({ path: ['assigneeId'], message: SERVICE_REQUEST_MESSAGES.unknownEngineer });
  }
  let installation: InstallationForService | null | undefined = update.installationId === null ? null : undefined;
  if (update.installationId) {
    installation = await findInstallationForService(db, update.installationId);
    if (!installation) {
      issues.push({ path: ['installationId'], message: SERVICE_REQUEST_MESSAGES.unknownInstallation });
    }
  }
  const parts = update.report?.partsUsed ?? [];
  const known = await existingItemIds(
    db,
    parts.flatMap((part) => (part.itemId ? [part.itemId] : [])),
  );
  parts.forEach((part, index) => {
    if (part.itemId && !known.has(part.itemId)) {
      issues.push({ path: ['report', 'partsUsed', index, 'itemId'], message: SERVICE_REQUEST_MESSAGES.unknownPart });
    }
  });
  if (issues.length > 0) throw new RequestValidationError(issues);
  return { engineer, installation };
}

const invalid = (field: string, message: string) => new RequestValidationError([{ path: [field], message }]);

/** The status the update leads to: the one asked for, else what the change implies (assigning a new request assigns it). */
function targetStatus(current: ServiceRequestStatus, update: ServiceRequestUpdate): ServiceRequestStatus {
  if (update.status) return update.status;
  if (update.assigneeId === null && current === 'assigned') return 'new';
  if (update.visitOn === null && current === 'scheduled') return 'assigned';
  if (update.visitOn && (current === 'new' || current === 'assigned')) return 'scheduled';
  if (update.assigneeId && current === 'new') return 'assigned';
  return current;
}

/**
 * The flow: new → assigned → scheduled → resolved → closed, assigning and scheduling at once
 * (new → scheduled), resolving without a visit (assigned → resolved, a fix over the phone), and
 * one step back while open (the engineer unassigned, the visit cancelled, a resolved request
 * reopened). Closed is final.
 */
const ALLOWED: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  new: ['assigned', 'scheduled'],
  assigned: ['new', 'scheduled', 'resolved'],
  scheduled: ['assigned', 'resolved'],
  resolved: ['assigned', 'scheduled', 'closed'],
  closed: [],
};

interface PlannedEvent {
  kind: ServiceRequestEventKind;
  status: ServiceRequestStatus;
  detail: string | null;
}

interface UpdatePlan {
  changes: Partial<ServiceRequestsTable>;
  status: ServiceRequestStatus;
  events: PlannedEvent[];
  customer: CustomerUpdate[];
  /** The engineer newly given the request (emailed). */
  newEngineer: EngineerRow | null;
  /** The machine the request is for once changed: matched now, or as it was. */
  installationId: string | null;
  report: ServiceReport | null;
}

/**
 * What an update changes on `row`, or why it cannot: checked against the flow and the facts a
 * status needs (an engineer from `assigned` on, a visit date to be `scheduled`, a report to close).
 * Nothing is written here.
 */
function planUpdate(
  row: ServiceRequestListRow,
  update: ServiceRequestUpdate,
  lookups: UpdateLookups,
  at: string,
): UpdatePlan {
  const current = statusOf(row);
  const changesWorkflow =
    update.status !== undefined ||
    update.assigneeId !== undefined ||
    update.visitOn !== undefined ||
    update.report !== undefined;
  if (current === 'closed' && changesWorkflow) throw new HttpError(409, SERVICE_REQUEST_MESSAGES.closed);

  const status = targetStatus(current, update);
  if (status !== current && !ALLOWED[current].includes(status)) {
    throw new HttpError(
      409,
      status === 'closed'
        ? SERVICE_REQUEST_MESSAGES.closeFromResolved
        : serviceRequestTransitionMessage(current, status),
    );
  }
  if (update.report !== undefined && status !== 'closed') {
    throw invalid('report', SERVICE_REQUEST_MESSAGES.reportOnlyOnClosing);
  }

  // The engineer and the visit date after the update: as asked, else as they were (or as the status now implies).
  let assigneeId = update.assigneeId === undefined ? row.assignee_id : update.assigneeId;
  let visitOn = update.visitOn === undefined ? row.visit_on : update.visitOn;
  if (status === 'new') {
    if (update.assigneeId) throw new HttpError(409, serviceRequestTransitionMessage(current, 'assigned'));
    assigneeId = null;
  }
  if (status === 'new' || status === 'assigned') {
    if (update.visitOn) throw invalid('visitOn', SERVICE_REQUEST_MESSAGES.visitOnlyWhenScheduled);
    visitOn = null;
  }
  if (status !== 'new' && assigneeId === null) throw new HttpError(409, SERVICE_REQUEST_MESSAGES.needsEngineer);
  if (status === 'scheduled' && visitOn === null) throw invalid('visitOn', SERVICE_REQUEST_MESSAGES.needsVisitDate);

  const changes: Partial<ServiceRequestsTable> = {};
  const events: PlannedEvent[] = [];
  const customer: CustomerUpdate[] = [];
  let newEngineer: EngineerRow | null = null;

  let installationId = row.installation_id;
  if (update.installationId !== undefined && update.installationId !== row.installation_id) {
    installationId = update.installationId;
    changes.installation_id = installationId;
    const machine = lookups.installation;
    events.push({
      kind: 'matched',
      status,
      detail: machine ? `${machine.serial} (${machine.model_name})` : null,
    });
  }
  if (assigneeId !== row.assignee_id) {
    changes.assignee_id = assigneeId;
    if (assigneeId !== null && lookups.engineer) {
      newEngineer = lookups.engineer;
      events.push({ kind: 'assigned', status, detail: lookups.engineer.username });
      // The customer hears of an engineer once: when the request leaves `new`, not at each handover.
      if (current === 'new') customer.push({ kind: 'assigned', engineer: lookups.engineer.username });
    }
  }
  if (visitOn !== row.visit_on) {
    changes.visit_on = visitOn;
    if (visitOn !== null) {
      events.push({ kind: 'scheduled', status, detail: visitOn });
      if (status === 'scheduled') customer.push({ kind: 'scheduled', visitOn });
    }
  }
  let report: ServiceReport | null = null;
  if (status !== current) {
    changes.status = status;
    if (status === 'closed') {
      report = {
        workDone: update.report?.workDone ?? '',
        partsUsed: (update.report?.partsUsed ?? []).map((part) => ({
          itemId: part.itemId ?? null,
          description: part.description,
          quantity: part.quantity,
        })),
        hours: update.report?.hours ?? null,
      };
      changes.report = JSON.stringify(report);
      changes.closed_at = at;
      events.push({ kind: 'closed', status, detail: null });
      customer.push({ kind: 'closed' });
    } else {
      const told = events.some((event) => event.kind === (status === 'assigned' ? 'assigned' : 'scheduled'));
      if (!(told && (status === 'assigned' || status === 'scheduled')))
        events.push({ kind: 'status', status, detail: null });
      if (status === 'resolved') customer.push({ kind: 'resolved' });
      if (current === 'scheduled' && status === 'assigned') customer.push({ kind: 'visitCancelled' });
      // A request sent back to `scheduled` with the visit day it had: the customer is told the date again.
      if (status === 'scheduled' && !customer.some((told) => told.kind === 'scheduled') && visitOn !== null) {
        customer.push({ kind: 'scheduled', visitOn });
      }
    }
  }
  if (Object.keys(changes).length > 0) changes.updated_at = at;
  return { changes, status, events, customer, newEngineer, installationId, report };
}

/** What the audit entry of an update compares. */
function auditChanges(row: ServiceRequestListRow, plan: UpdatePlan, lookups: UpdateLookups): AuditChanges {
  const before = {
    status: row.status,
    engineer: row.assignee_name,
    visitOn: row.visit_on,
    machine: row.installation_id,
    report: null,
  };
  const after = {
    status: plan.status,
    engineer:
      plan.changes.assignee_id === undefined
        ? row.assignee_name
        : plan.changes.assignee_id === null
          ? null
          : (lookups.engineer?.username ?? null),
    visitOn: plan.changes.visit_on === undefined ? row.visit_on : plan.changes.visit_on,
    machine: plan.installationId,
    report: plan.report?.workDone ?? null,
  };
  return diffSnapshots(before, after);
}

/** What the report PDF shows: the request as it is closed, the machine, the seller, the engineer's report. */
async function reportDocument(
  ctx: AppContext,
  db: Kysely<Database>,
  row: ServiceRequestListRow,
  plan: UpdatePlan,
  company: CompanySettings,
  engineerName: string | null,
  closedAt: string,
): Promise<ServiceReportDocument> {
  const installation = plan.installationId ? await findInstallationForService(db, plan.installationId) : undefined;
  const raisedOn = indianToday(new Date(row.created_at));
  let cover: ServiceReportDocument['machine']['cover'] = 'unknown';
  if (installation) {
    if (raisedOn <= installation.warranty_ends_on) cover = 'warranty';
    else cover = (await hasAmcOn(db, installation.id, raisedOn)) ? 'amc' : 'none';
  }
  const seller = await quotationSeller(ctx, company);
  const report = plan.report ?? { workDone: '', partsUsed: [], hours: null };
  return {
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    seller: {
      name: seller.name,
      addressLines: seller.addressLines,
      phones: seller.phones,
      email: seller.email || null,
      gstin: seller.gstin || null,
      logo: seller.logo,
    },
    reference: row.reference,
    raisedAt: row.created_at,
    closedAt,
    customer: {
      name: row.name,
      company: installation?.company ?? null,
      phone: row.phone,
      email: customerEmail(row, installation),
      address: installation?.address ?? null,
    },
    machine: {
      serial: installation?.serial ?? row.serial,
      model: installation?.model_name ?? null,
      commissionedOn: installation?.commissioned_on ?? null,
      warrantyEndsOn: installation?.warranty_ends_on ?? null,
      cover,
    },
    symptom: row.symptom,
    machineDown: Number(row.machine_down) === 1,
    visitOn: plan.changes.visit_on === undefined ? row.visit_on : plan.changes.visit_on,
    engineer: engineerName,
    report,
  };
}

/**
 * `PUT /api/service-requests/{id}`: match, assign, schedule, resolve or close a request. Every
 * change is a line of its timeline and an audit entry, the engineer given it is emailed in their
 * language and the customer in theirs, all in one write transaction. Closing renders the report
 * PDF first, outside the transaction (no lock is held while it is drawn), then keeps its bytes and
 * SHA-256 and emails it; a request changed meanwhile is not closed (409).
 */
export async function updateServiceRequest(
  ctx: AppContext,
  id: string,
  update: ServiceRequestUpdate,
  actor: { id: string; email: string },
  now = new Date(),
): Promise<ServiceRequest> {
  const at = now.toISOString();
  let pdf: { bytes: Buffer; sha256: string; basedOn: string } | null = null;
  if (update.status === 'closed') {
    const row = await findServiceRequestRow(ctx.db, id);
    if (!row) throw new HttpError(404, SERVICE_REQUEST_MESSAGES.notFound);
    const lookups = await lookUp(ctx.db, update);
    const plan = planUpdate(row, update, lookups, at);
    const company = await currentCompanySettings(ctx.db);
    const engineerName = lookups.engineer ? lookups.engineer.username : row.assignee_name;
    const bytes = await renderServiceReportPdf(await reportDocument(ctx, ctx.db, row, plan, company, engineerName, at));
    pdf = { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), basedOn: row.updated_at };
  }

  const result = await writeTransaction(ctx, async (trx) => {
    const locked = await lockServiceRequestRow(trx, ctx.dialect, id);
    if (!locked) throw new HttpError(404, SERVICE_REQUEST_MESSAGES.notFound);
    if (pdf && locked.updated_at !== pdf.basedOn) throw new HttpError(409, SERVICE_REQUEST_MESSAGES.changedMeanwhile);
    const row = await findServiceRequestRow(trx, id);
    if (!row) throw new HttpError(404, SERVICE_REQUEST_MESSAGES.notFound);
    const lookups = await lookUp(trx, update);
    const plan = planUpdate(row, update, lookups, at);
    const company = await currentCompanySettings(trx);
    const rule = overdueRule(company, now);
    if (Object.keys(plan.changes).length === 0) return findServiceRequest(trx, id, rule);

    await updateServiceRequestRow(trx, id, {
      ...plan.changes,
      ...(pdf ? { report_pdf: pdf.bytes, report_pdf_sha256: pdf.sha256 } : {}),
    });
    for (const event of plan.events) {
      await insertServiceRequestEvent(trx, { request_id: id, at, actor_id: actor.id, ...event });
    }
    await recordAudit(trx, {
      action: 'service_request.update',
      target: { type: 'service_request', id, label: row.reference },
      changes: auditChanges(row, plan, lookups),
    });

    const after = await findServiceRequest(trx, id, rule);
    const installation = plan.installationId ? await findInstallationForService(trx, plan.installationId) : undefined;
    if (plan.newEngineer) {
      const engineer = plan.newEngineer;
      await enqueueMessage(
        trx,
        engineerAssignmentNotice({
          request: after,
          owner: ownerOf(installation),
          engineer: { email: engineer.email, locale: isLocale(engineer.locale) ? engineer.locale : DEFAULT_LOCALE },
          assignedBy: engineer.id === actor.id ? null : { email: actor.email },
          adminUrl: adminServiceRequestUrl(ctx, id),
        }),
        at,
      );
    }
    const recipient = customerEmail(row, installation);
    if (recipient) {
      for (const told of plan.customer) {
        await enqueueMessage(trx, customerUpdate(after, recipient, told, serviceCompany(company)), at);
      }
    }
    return after;
  });
  ctx.mailWorker?.wake();
  return result;
}

/** The stored report PDF of a closed request (exactly the bytes emailed), with its file name. */
export async function serviceReportPdf(ctx: AppContext, id: string): Promise<{ bytes: Buffer; fileName: string }> {
  const stored = await serviceReportPdfBytes(ctx.db, id);
  if (!stored) {
    const exists = await findServiceRequestRow(ctx.db, id);
    throw new HttpError(404, exists ? SERVICE_REQUEST_MESSAGES.reportPdfMissing : SERVICE_REQUEST_MESSAGES.notFound);
  }
  return { bytes: stored.pdf, fileName: serviceReportFileName(stored.reference) };
}
