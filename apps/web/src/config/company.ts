/** Company facts live in @capstan/shared so the server's SEO metadata says the same; this keeps the web imports short. */
export {
  COMPANY_ADDRESS,
  COMPANY_BUSINESS_HOURS,
  COMPANY_EMAIL,
  COMPANY_GEO,
  COMPANY_LOCATION,
  COMPANY_LOGO_PATH,
  COMPANY_NAME,
  COMPANY_OPENING_HOURS,
  COMPANY_PHONES,
  COMPANY_SOCIAL_LINKS,
  COMPANY_TAGLINE,
  COMPANY_WHATSAPP,
} from '@capstan/shared';
