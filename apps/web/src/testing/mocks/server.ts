import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MACHINE_CATEGORIES_URL } from '@/lib/machine-categories';
import { siteSettingsHandler } from '../site-settings';
import { overdueServiceRequestsHandler } from './service-requests';

/**
 * Each test declares the API it expects, and anything else fails; the exceptions are what every
 * public page reads like a layout would: the site settings, and the machine categories the contact
 * form's service options follow (none unless a test declares some); and the overdue service
 * requests every back-office screen's sidebar counts for owners and service staff (none).
 */
export const server = setupServer(
  siteSettingsHandler(),
  http.get(MACHINE_CATEGORIES_URL, () => HttpResponse.json([])),
  overdueServiceRequestsHandler(),
);
