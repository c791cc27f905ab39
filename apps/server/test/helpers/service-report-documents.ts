import type { Locale, PartUsed } from '@capstan/shared';
import type { ServiceReportDocument } from '../../src/modules/service-requests/service-report-document';

/**
 * Service report documents as the service requests module hands them to the PDF: a typical call
 * in English, Tamil and Hindi (the customer's own words in their language), and a long one.
 */

export const REPORT_SELLER: ServiceReportDocument['seller'] = {
  name: 'Kovai Precision Machines',
  addressLines: ['14, SIDCO Industrial Estate', 'Kurichi, Coimbatore 641021', 'Tamil Nadu, India'],
  phones: ['+91 98430 12345', '+91 422 2672 100'],
  email: 'service@kovaiprecision.in',
  gstin: '33AABCK1234F1Z6',
  logo: null,
};

const WORDS: Record<
  Locale,
  { name: string; company: string; address: string; symptom: string; workDone: string; parts: PartUsed[] }
> = {
  en: {
    name: 'Ramesh Kumar',
    company: 'Sri Murugan Engineering Works',
    address: '22, Avinashi Road, Peelamedu, Coimbatore 641004',
    symptom: 'Spindle makes a grinding noise above 1,200 rpm and the collet does not hold 25 mm bar.',
    workDone:
      'Replaced the front spindle bearings and the collet. Adjusted the belt tension and checked the spindle run-out: 0.004 mm. Ran the machine for two hours at 1,800 rpm without noise.',
    parts: [
      { itemId: null, description: 'Spindle bearing set, NP-38 (front)', quantity: 1 },
      { itemId: null, description: 'Spring collet 25 mm', quantity: 2 },
      { itemId: null, description: 'V-belt B-52', quantity: 3 },
    ],
  },
  ta: {
    name: 'முருகன் செல்வம்',
    company: 'ஸ்ரீ முருகன் இன்ஜினியரிங் ஒர்க்ஸ்',
    address: '22, அவிநாசி சாலை, பீளமேடு, கோயம்புத்தூர் 641004',
    symptom: 'ஸ்பிண்டில் 1,200 rpm-க்கு மேல் சத்தம் போடுகிறது; கொலெட் 25 mm கம்பியைப் பிடிக்கவில்லை.',
    workDone:
      'முன் ஸ்பிண்டில் பேரிங்குகளையும் கொலெட்டையும் மாற்றினோம். பெல்ட் இழுவிசையைச் சரிசெய்தோம். மெஷினை இரண்டு மணி நேரம் ஓட்டிச் சோதித்தோம்.',
    parts: [
      { itemId: null, description: 'ஸ்பிண்டில் பேரிங் செட் (முன்)', quantity: 1 },
      { itemId: null, description: 'Spring collet 25 mm', quantity: 2 },
    ],
  },
  hi: {
    name: 'सुरेश शर्मा',
    company: 'श्री गणेश इंजीनियरिंग वर्क्स',
    address: 'प्लॉट 14, एमआईडीसी, पुणे 411018',
    symptom: 'स्पिंडल 1,200 rpm से ऊपर आवाज़ करता है और कोलेट 25 mm की छड़ नहीं पकड़ता।',
    workDone: 'आगे के स्पिंडल बेयरिंग और कोलेट बदले। बेल्ट का तनाव ठीक किया। मशीन को दो घंटे चलाकर जाँचा, कोई आवाज़ नहीं।',
    parts: [
      { itemId: null, description: 'स्पिंडल बेयरिंग सेट (आगे का)', quantity: 1 },
      { itemId: null, description: 'Spring collet 25 mm', quantity: 2 },
    ],
  },
};

/** A closed call on a registered machine under warranty, in `locale` with the customer's words in it. */
export function serviceReportDocument(
  locale: Locale = 'en',
  overrides: Partial<ServiceReportDocument> = {},
): ServiceReportDocument {
  const words = WORDS[locale];
  return {
    locale,
    seller: REPORT_SELLER,
    reference: 'SR-2026-00017',
    raisedAt: '2026-11-24T04:15:00.000Z',
    closedAt: '2026-11-27T11:40:00.000Z',
    customer: {
      name: words.name,
      company: words.company,
      phone: '+91 94430 55555',
      email: 'service-desk@murugan-engg.in',
      address: words.address,
    },
    machine: {
      serial: 'KPM-NP38/2024-117',
      model: 'NP-38 All-Geared Capstan Lathe',
      commissionedOn: '2025-03-10',
      warrantyEndsOn: '2027-03-09',
      cover: 'warranty',
    },
    symptom: words.symptom,
    machineDown: true,
    visitOn: '2026-11-26',
    engineer: 'Senthil Kumar',
    report: { workDone: words.workDone, partsUsed: words.parts, hours: 3.5 },
    ...overrides,
  };
}

/** A long call: a long complaint, work done of 4,000 characters and `partCount` parts (three pages with 40). */
export function longServiceReportDocument(partCount = 40, locale: Locale = 'en'): ServiceReportDocument {
  const sentence =
    'Checked the hydraulic chuck pressure, cleaned the coolant tank and filters, re-aligned the turret indexing and trued the cross-slide gib. ';
  const workDone = Array.from({ length: 6 }, (_, index) => `${index + 1}. ${sentence.repeat(5).trim()}`).join('\n');
  const partsUsed: PartUsed[] = Array.from({ length: partCount }, (_, index) => ({
    itemId: null,
    description:
      index % 7 === 3
        ? `Turret indexing pin, hardened and ground, with its spring, washer and circlip (set ${index + 1}), for NP-38 and NP-42 capstan lathes`
        : `Spare part ${index + 1}: ${['Collet 20 mm', 'V-belt B-52', 'Gib strip', 'Coolant pump seal', 'Bearing 6205-2RS'][index % 5]}`,
    quantity: index === 5 ? 1250 : (index % 4) + 1,
  }));
  return serviceReportDocument(locale, {
    reference: 'SR-2026-01234',
    symptom: `${'The turret does not index to station 4 and the chuck loses pressure after an hour of work. '.repeat(6).trim()}`,
    report: { workDone, partsUsed, hours: 12.25 },
  });
}
