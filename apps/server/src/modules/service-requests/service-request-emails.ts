import { type Locale, type ServiceRequest, telOf } from '@capstan/shared';
import { type ServerMessageKey, serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { emailLink, emailPage, escapeHtml, htmlMessage, indianDay, indianTime, oneLine } from '../mail/email-parts';
import type { NewOutboxMessage } from '../mail/outbox.repository';

export const SERVICE_RECEIVED = 'service.received';
export const SERVICE_STAFF = 'service.staff';
export const SERVICE_ASSIGNED_ENGINEER = 'service.engineer';
export const SERVICE_UPDATE = 'service.update';

/** What the customer's emails say about the company (Site → Company). */
export interface ServiceCompany {
  name: string;
  phones: readonly string[];
  /** Where a customer's reply goes. */
  email: string | null;
}

const paragraphs = (lines: readonly string[]): string => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** The lines every email to the customer ends with: how to reach us, and who writes. */
function signOff(tr: ServerTranslator, company: ServiceCompany): { text: string[]; html: string } {
  const phones = company.phones.join(', ');
  const call = company.phones.length > 0 ? [tr.t('serviceDesk.emailCallUs', { phones })] : [];
  const phoneLinks = company.phones.map((number) => emailLink(`tel:${telOf(number)}`, number)).join(', ');
  return {
    text: [...call, '', tr.t('serviceDesk.emailRegards'), company.name],
    html:
      (call.length > 0 ? `<p>${htmlMessage(tr, 'serviceDesk.emailCallUs', {}, { phones: phoneLinks })}</p>` : '') +
      `<p>${escapeHtml(tr.t('serviceDesk.emailRegards'))}<br>${escapeHtml(company.name)}</p>`,
  };
}

interface Fact {
  label: string;
  value: string;
}

/** The machine's owner as the register has them: who the engineer goes to, and where. */
export interface MachineOwner {
  company: string;
  address: string | null;
}

/** The request's facts as label and value, as the staff emails list them. */
function requestFields(request: ServiceRequest, owner: MachineOwner | null, tr: ServerTranslator): Fact[] {
  const row = (label: ServerMessageKey, value: string): Fact => ({ label: tr.t(label), value });
  return [
    row('serviceDesk.fieldReference', request.reference),
    row('serviceDesk.fieldSerial', request.serial),
    row('serviceDesk.fieldModel', request.model ?? tr.t('serviceDesk.unregistered')),
    ...(owner ? [row('serviceDesk.fieldCompany', owner.company)] : []),
    ...(owner?.address ? [row('serviceDesk.fieldAddress', owner.address)] : []),
    row('serviceDesk.fieldName', oneLine(request.name)),
    row('serviceDesk.fieldPhone', request.phone),
    ...(request.email ? [row('serviceDesk.fieldEmail', request.email)] : []),
    row('serviceDesk.fieldMachineDown', tr.t(request.machineDown ? 'serviceDesk.yes' : 'serviceDesk.no')),
    ...(request.preferredDate
      ? [row('serviceDesk.fieldPreferredDate', indianDay(request.preferredDate, tr.locale))]
      : []),
    ...(request.visitOn ? [row('serviceDesk.fieldVisitOn', indianDay(request.visitOn, tr.locale))] : []),
    ...(request.photos.length > 0 ? [row('serviceDesk.fieldPhotos', tr.intl.formatNumber(request.photos.length))] : []),
    row('serviceDesk.fieldRaised', indianTime(new Date(request.createdAt), tr.locale)),
  ];
}

/** The facts as the plain-text body lists them: `Label: value`, one a line. */
const factLines = (facts: readonly Fact[]): string[] => facts.map(({ label, value }) => `${label}: ${oneLine(value)}`);

/** The facts as an HTML table; the phone a link to call. */
function fieldsTable(fields: readonly Fact[], phone: string): string {
  const rows = fields
    .map((field) => {
      const value = field.value === phone ? emailLink(`tel:${telOf(phone)}`, phone) : escapeHtml(oneLine(field.value));
      return `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(field.label)}</th><td>${value}</td></tr>`;
    })
    .join('');
  return `<table>${rows}</table>`;
}

/** The symptom as written, under its heading. */
function symptomParts(request: ServiceRequest, tr: ServerTranslator): { text: string[]; html: string } {
  const heading = tr.t('serviceDesk.fieldSymptom');
  return {
    text: [`${heading}:`, request.symptom],
    html: `<p><strong>${escapeHtml(heading)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(request.symptom)}</p>`,
  };
}

/**
 * To the customer when the request is stored, in the language of the page they sent it from:
 * the reference, and what happens next.
 */
export function serviceRequestReceived(
  request: ServiceRequest,
  recipient: string,
  company: ServiceCompany,
): NewOutboxMessage {
  const tr = serverTranslator(request.language);
  const greeting = tr.t('serviceDesk.emailGreeting', { name: oneLine(request.name) });
  const intro = tr.t('serviceDesk.receivedIntro', { serial: request.serial });
  const down = request.machineDown ? [tr.t('serviceDesk.receivedDown')] : [];
  const next = tr.t('serviceDesk.receivedNext', { phone: request.phone });
  const end = signOff(tr, company);
  const reference = tr.t('serviceDesk.receivedReference', { reference: request.reference });
  return {
    kind: SERVICE_RECEIVED,
    inquiryId: null,
    recipients: [recipient],
    replyTo: company.email,
    subject: oneLine(tr.t('serviceDesk.receivedSubject', { reference: request.reference, company: company.name })),
    text: [greeting, '', intro, ...down, '', reference, '', next, '', ...end.text].join('\n'),
    html: emailPage(
      paragraphs([greeting, intro, ...down]) +
        `<p>${htmlMessage(tr, 'serviceDesk.receivedReference', {}, { reference: `<strong>${escapeHtml(request.reference)}</strong>` })}</p>` +
        paragraphs([next]) +
        end.html,
      request.language,
    ),
  };
}

export interface ServiceStaffNoticeInput {
  request: ServiceRequest;
  /** Null for a serial the register does not know. */
  owner: MachineOwner | null;
  recipients: string[];
  locale: Locale;
  /** Absolute link to the request in the back office. */
  adminUrl: string;
}

/** To the company's notification addresses: a request arrived, and first of all whether a machine is down. */
export function serviceRequestStaffNotice({
  request,
  owner,
  recipients,
  locale,
  adminUrl,
}: ServiceStaffNoticeInput): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const values = { reference: request.reference, serial: request.serial, name: oneLine(request.name) };
  const intro = [
    tr.t('serviceDesk.staffIntro', { reference: request.reference }),
    ...(request.machineDown ? [tr.t('serviceDesk.staffDown')] : []),
    ...(request.registered ? [] : [tr.t('serviceDesk.staffUnregistered')]),
  ];
  const fields = requestFields(request, owner, tr);
  const symptom = symptomParts(request, tr);
  return {
    kind: SERVICE_STAFF,
    inquiryId: null,
    recipients,
    replyTo: request.email,
    subject: oneLine(tr.t(request.machineDown ? 'serviceDesk.staffSubjectDown' : 'serviceDesk.staffSubject', values)),
    text: [
      ...intro,
      '',
      ...factLines(fields),
      '',
      ...symptom.text,
      '',
      tr.t('serviceDesk.openInBackOffice', { url: adminUrl }),
    ].join('\n'),
    html: emailPage(
      paragraphs(intro) +
        fieldsTable(fields, request.phone) +
        symptom.html +
        `<p>${emailLink(adminUrl, tr.t('serviceDesk.openInBackOfficeLink'))}</p>`,
      locale,
    ),
  };
}

export interface EngineerNoticeInput {
  request: ServiceRequest;
  owner: MachineOwner | null;
  engineer: { email: string; locale: Locale };
  /** Who assigned it: named in the email, and where a reply goes. */
  assignedBy: { email: string } | null;
  adminUrl: string;
}

/**
 * To the engineer a request was just assigned to, in their back-office language: the machine,
 * the customer and how to call them, what is wrong, whether it is down, and where to open it.
 */
export function engineerAssignmentNotice({
  request,
  owner,
  engineer,
  assignedBy,
  adminUrl,
}: EngineerNoticeInput): NewOutboxMessage {
  const tr = serverTranslator(engineer.locale);
  const values = { reference: request.reference, serial: request.serial };
  const intro = [
    assignedBy
      ? tr.t('serviceDesk.engineerIntro', { assigner: oneLine(assignedBy.email), reference: request.reference })
      : tr.t('serviceDesk.engineerIntroNoAssigner', { reference: request.reference }),
    ...(request.machineDown ? [tr.t('serviceDesk.staffDown')] : []),
  ];
  const fields = requestFields(request, owner, tr);
  const symptom = symptomParts(request, tr);
  return {
    kind: SERVICE_ASSIGNED_ENGINEER,
    inquiryId: null,
    recipients: [engineer.email],
    replyTo: assignedBy?.email ?? null,
    subject: oneLine(
      tr.t(request.machineDown ? 'serviceDesk.engineerSubjectDown' : 'serviceDesk.engineerSubject', values),
    ),
    text: [
      ...intro,
      '',
      ...factLines(fields),
      '',
      ...symptom.text,
      '',
      tr.t('serviceDesk.openInBackOffice', { url: adminUrl }),
    ].join('\n'),
    html: emailPage(
      paragraphs(intro) +
        fieldsTable(fields, request.phone) +
        symptom.html +
        `<p>${emailLink(adminUrl, tr.t('serviceDesk.openInBackOfficeLink'))}</p>`,
      engineer.locale,
    ),
  };
}

/** What changed, as the customer is told it. */
export type CustomerUpdate =
  | { kind: 'assigned'; engineer: string }
  | { kind: 'scheduled'; visitOn: string }
  | { kind: 'visitCancelled' }
  | { kind: 'resolved' }
  | { kind: 'closed' };

const UPDATE_KEYS: Record<CustomerUpdate['kind'], { subject: ServerMessageKey; intro: ServerMessageKey }> = {
  assigned: { subject: 'serviceDesk.assignedSubject', intro: 'serviceDesk.assignedIntro' },
  scheduled: { subject: 'serviceDesk.scheduledSubject', intro: 'serviceDesk.scheduledIntro' },
  visitCancelled: { subject: 'serviceDesk.visitCancelledSubject', intro: 'serviceDesk.visitCancelledIntro' },
  resolved: { subject: 'serviceDesk.resolvedSubject', intro: 'serviceDesk.resolvedIntro' },
  closed: { subject: 'serviceDesk.closedSubject', intro: 'serviceDesk.closedIntro' },
};

/**
 * To the customer when their request moves on, in the language they wrote in. The closing email
 * carries the report PDF, read from the stored bytes when the worker sends it.
 */
export function customerUpdate(
  request: Pick<ServiceRequest, 'id' | 'reference' | 'name' | 'language'>,
  recipient: string,
  update: CustomerUpdate,
  company: ServiceCompany,
): NewOutboxMessage {
  const tr = serverTranslator(request.language);
  const values = {
    reference: request.reference,
    company: company.name,
    engineer: update.kind === 'assigned' ? oneLine(update.engineer) : '',
    date: update.kind === 'scheduled' ? indianDay(update.visitOn, request.language) : '',
  };
  const keys = UPDATE_KEYS[update.kind];
  const greeting = tr.t('serviceDesk.emailGreeting', { name: oneLine(request.name) });
  const intro = tr.t(keys.intro, values);
  const end = signOff(tr, company);
  return {
    kind: SERVICE_UPDATE,
    inquiryId: null,
    recipients: [recipient],
    replyTo: company.email,
    subject: oneLine(tr.t(keys.subject, values)),
    text: [greeting, '', intro, '', ...end.text].join('\n'),
    html: emailPage(paragraphs([greeting, intro]) + end.html, request.language),
    attachmentServiceRequestId: update.kind === 'closed' ? request.id : null,
  };
}
