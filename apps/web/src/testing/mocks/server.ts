import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MACHINE_CATEGORIES_URL } from '@/lib/machine-categories';
import { siteSettingsHandler } from '../site-settings';

/**
 * Each test declares the API it expects, and anything else fails; the exceptions are what every
 * public page reads like a layout would: the site settings, and the machine categories the contact
 * form's service options follow (none unless a test declares some).
 */
export const server = setupServer(
  siteSettingsHandler(),
  http.get(MACHINE_CATEGORIES_URL, () => HttpResponse.json([])),
);
