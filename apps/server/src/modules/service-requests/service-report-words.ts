import { INTL_LOCALES } from '@capstan/shared';
import { serverTranslator } from '../../i18n/server-translator';
import type { ServiceReportDocument } from './service-report-document';

/**
 * Every word and figure the service report prints, in the customer's language (the `serviceReport`
 * messages): dates as the reader writes them (`24 நவ., 2026`, `24 नव॰ 2026`), quantities and hours
 * with Indian digit grouping. The PDF module only draws them.
 */
export interface ServiceReportTexts {
  /** `en-IN`, `ta-IN`, `hi-IN`: the PDF's language, and how its capitals are made. */
  lang: string;
  title: string;
  documentTitle: string;
  continued: string;
  footer: string;
  pageOf: (page: number, count: number) => string;
  letterhead: { details: string[]; right: string[] };
  customer: { heading: string; lines: string[] };
  call: { heading: string; facts: [string, string][] };
  machine: {
    heading: string;
    serial: [string, string];
    model: [string, string];
    commissionedOn: [string, string];
    warrantyUntil: [string, string];
    cover: [string, string];
  };
  complaint: { heading: string; machineDown: string; symptom: string };
  workDone: { heading: string; text: string };
  parts: {
    heading: string;
    description: string;
    quantity: string;
    none: string;
    rows: { description: string; quantity: string }[];
  };
  timeSpent: [string, string];
  signatures: { forCompany: string; engineer: string; customer: string; nameAndDate: string; agrees: string };
}

const COVER_KEYS = {
  warranty: 'serviceReport.coverWarranty',
  amc: 'serviceReport.coverAmc',
  none: 'serviceReport.coverNone',
  unknown: 'serviceReport.coverUnknown',
} as const;

export function serviceReportTexts(document: ServiceReportDocument): ServiceReportTexts {
  const { t, intl } = serverTranslator(document.locale);
  const { seller, machine, report } = document;
  // A calendar day is a day wherever it is read; an instant is dated as India sees it.
  const day = (value: string | null) =>
    value ? intl.formatDate(new Date(`${value.slice(0, 10)}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' }) : '';
  const instantDay = (value: string) => {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : intl.formatDate(time, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
  };
  const notRecorded = t('serviceReport.notRecorded');
  const or = (value: string | null | undefined) => (value && value.trim() !== '' ? value : notRecorded);

  const contact = [
    seller.phones.length > 0 ? t('serviceReport.phones', { phones: seller.phones.join(', ') }) : '',
    seller.email ?? '',
  ].filter((part) => part !== '');
  const { customer } = document;

  return {
    lang: INTL_LOCALES[document.locale],
    title: t('serviceReport.title'),
    documentTitle: t('serviceReport.documentTitle', { reference: document.reference }),
    continued: t('serviceReport.continued', { reference: document.reference }),
    footer: t('serviceReport.footer', { company: seller.name, reference: document.reference }),
    pageOf: (page, count) => t('serviceReport.pageOf', { page, count }),
    letterhead: {
      details: [...seller.addressLines.filter((line) => line.trim() !== ''), contact.join('  ·  ')],
      right: seller.gstin ? [t('serviceReport.gstin', { gstin: seller.gstin })] : [],
    },
    customer: {
      heading: t('serviceReport.customer'),
      lines: [
        customer.name,
        customer.company ?? '',
        customer.address ?? '',
        [customer.phone, customer.email ?? ''].filter((part) => part !== '').join('  ·  '),
      ].filter((line) => line.trim() !== ''),
    },
    call: {
      heading: t('serviceReport.serviceCall'),
      facts: [
        [t('serviceReport.reference'), document.reference],
        [t('serviceReport.raisedOn'), instantDay(document.raisedAt)],
        [t('serviceReport.closedOn'), instantDay(document.closedAt)],
        [t('serviceReport.visitOn'), or(day(document.visitOn))],
        [t('serviceReport.engineer'), or(document.engineer)],
      ],
    },
    machine: {
      heading: t('serviceReport.machine'),
      serial: [t('serviceReport.serial'), machine.serial],
      model: [t('serviceReport.model'), machine.model ?? t('serviceReport.modelUnknown')],
      commissionedOn: [t('serviceReport.commissionedOn'), or(day(machine.commissionedOn))],
      warrantyUntil: [t('serviceReport.warrantyUntil'), or(day(machine.warrantyEndsOn))],
      cover: [t('serviceReport.cover'), t(COVER_KEYS[machine.cover])],
    },
    complaint: {
      heading: t('serviceReport.complaint'),
      machineDown: t(document.machineDown ? 'serviceReport.machineDownYes' : 'serviceReport.machineDownNo'),
      symptom: document.symptom,
    },
    workDone: { heading: t('serviceReport.workDone'), text: report.workDone },
    parts: {
      heading: t('serviceReport.partsUsed'),
      description: t('serviceReport.colDescription'),
      quantity: t('serviceReport.colQuantity'),
      none: t('serviceReport.noParts'),
      rows: report.partsUsed.map((part) => ({
        description: part.description,
        quantity: intl.formatNumber(part.quantity, { maximumFractionDigits: 3 }),
      })),
    },
    timeSpent: [
      t('serviceReport.timeSpent'),
      report.hours === null ? notRecorded : t('serviceReport.hours', { hours: report.hours }),
    ],
    signatures: {
      forCompany: t('serviceReport.forCompany', { company: seller.name }),
      engineer: t('serviceReport.engineerSignature'),
      customer: t('serviceReport.customerSignature'),
      nameAndDate: t('serviceReport.nameAndDate'),
      agrees: t('serviceReport.customerAgrees'),
    },
  };
}

/** Every text of the report, for choosing its fonts (a Tamil report, or a Hindi name on an English one). */
export function allTexts(texts: ServiceReportTexts, document: ServiceReportDocument): string[] {
  return [
    texts.title,
    texts.continued,
    texts.footer,
    texts.pageOf(1, 1),
    document.seller.name,
    ...texts.letterhead.details,
    ...texts.letterhead.right,
    texts.customer.heading,
    ...texts.customer.lines,
    texts.call.heading,
    ...texts.call.facts.flat(),
    texts.machine.heading,
    ...Object.values(texts.machine).flat(),
    texts.complaint.heading,
    texts.complaint.machineDown,
    texts.complaint.symptom,
    texts.workDone.heading,
    texts.workDone.text,
    texts.parts.heading,
    texts.parts.description,
    texts.parts.quantity,
    texts.parts.none,
    ...texts.parts.rows.flatMap((row) => [row.description, row.quantity]),
    ...texts.timeSpent,
    ...Object.values(texts.signatures),
  ];
}
