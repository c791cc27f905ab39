import { setupServer } from 'msw/node';
import { siteSettingsHandler } from '../site-settings';

/**
 * Each test declares the API it expects, and anything else fails; the one exception is the
 * site settings, which every public page and the admin's brand read like a layout would.
 */
export const server = setupServer(siteSettingsHandler());
