/** The brand text in the bar (SPEC §1: the company name is that text). */
export const COMPANY_NAME = 'Kovai Precision Machines';
export const COMPANY_TAGLINE =
  'Precision capstan lathes, CNC turning centres, spare parts and service — Coimbatore, Tamil Nadu';
export const COMPANY_LOCATION = 'Coimbatore, Tamil Nadu, India';
