/**
 * The buyer's pages (issue 40), in every language under its prefix: ask for service (the same
 * address the form posts to without JavaScript), the page that shows the reference once the app
 * sent it, and My machine. A module of their own, apart from installed-base.ts: every public page
 * links them (app paths, the footer), and the browser bundler loads a shared module whole.
 */
export const SERVICE_PAGE_PATH = '/service';
export const SERVICE_SENT_PATH = '/service/sent';
export const MY_MACHINE_PATH = '/my-machine';
/** The `/service` page's prefill of the serial number (My machine's "Request service for this machine"). */
export const SERVICE_SERIAL_PARAM = 'serial';

/**
 * The service request form posted without JavaScript (`multipart/form-data`, photos included):
 * the pages in every language post here, their language in the hidden `locale` field.
 */
export const SERVICE_FORM_ACTION = '/service';
