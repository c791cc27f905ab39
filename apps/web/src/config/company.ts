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
