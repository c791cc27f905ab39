/**
 * Company facts in one place: the web pages show them and the server puts them into the
 * search-engine metadata (JSON-LD, Open Graph), so both must read the same values.
 */

/** The brand text in the bar (SPEC §1: the company name is that text). */
export const COMPANY_NAME = 'Kovai Precision Machines';
export const COMPANY_TAGLINE =
  'Precision capstan lathes, CNC turning centres, spare parts and service — Coimbatore, Tamil Nadu';
export const COMPANY_LOCATION = 'Coimbatore, Tamil Nadu, India';

/** Two phone lines shown in contact and used by the call button (first one). `tel` is the dialable form. */
export const COMPANY_PHONES = [
  { display: '+91 98430 12345', tel: '+919843012345' },
  { display: '+91 422 257 1234', tel: '+914222571234' },
] as const;
export const COMPANY_EMAIL = 'sales@kovaiprecision.in';
/** WhatsApp number as wa.me expects it: country code and number, digits only. */
export const COMPANY_WHATSAPP = '919843012345';

/** Postal address, split the way schema.org PostalAddress wants it; `lines` is the printed form. */
export const COMPANY_ADDRESS = {
  streetAddress: 'SIDCO Industrial Estate, Kurichi',
  locality: 'Coimbatore',
  region: 'Tamil Nadu',
  postalCode: '641021',
  /** ISO 3166-1 alpha-2. */
  countryCode: 'IN',
  lines: ['SIDCO Industrial Estate, Kurichi', 'Coimbatore, Tamil Nadu 641021', 'India'],
  mapUrl: 'https://maps.google.com/?q=SIDCO+Industrial+Estate+Kurichi+Coimbatore',
} as const;

/**
 * Latitude/longitude for the map pin in the metadata (LocalBusiness `geo`): the SIDCO industrial
 * estate at Kurichi named in the address, to three decimals (about 100 m). Replace it with the
 * works' gate once someone measures it (decision 015).
 */
export const COMPANY_GEO: { latitude: number; longitude: number } | null = { latitude: 10.962, longitude: 76.961 };

/** SPEC §9: business hours, exactly as printed. */
export const COMPANY_BUSINESS_HOURS = ['Monday to Saturday 9:00 AM to 8:00 PM', 'Sunday 10:00 AM to 6:00 PM'] as const;

/** The same hours in machine form (24-hour local time, Asia/Kolkata) for schema.org. */
export const COMPANY_OPENING_HOURS = [
  { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'], opens: '09:00', closes: '20:00' },
  { days: ['Sunday'], opens: '10:00', closes: '18:00' },
] as const;

export const COMPANY_SOCIAL_LINKS = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/kovaiprecisionmachines' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/kovaiprecision' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/kovai-precision-machines' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@kovaiprecisionmachines' },
] as const;
