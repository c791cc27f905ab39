/** Limits and timings shared by the browser and the server (SPEC §9). */

export const MAX_IMAGES_PER_ITEM = 6;
export const MIN_SPECIFICATIONS = 2;
export const INITIAL_SPECIFICATION_ROWS = 4;
/** Key features a machine may list. */
export const MAX_FEATURES = 30;
export const FEATURED_LIST_CAP = 6;

/** Catalogue list calls are aborted after this long (SPEC §7 notes). */
export const LIST_TIMEOUT_MS = 5000;

export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_FILES_PER_REQUEST = 6;
/** Anything above ~40 megapixels is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Admin sessions end after this long whatever happens... */
export const SESSION_ABSOLUTE_TTL_MS = 12 * 60 * 60 * 1000;
/** ...or after this long without a request. */
export const SESSION_IDLE_TTL_MS = 2 * 60 * 60 * 1000;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Public inquiry form: how many a single address may send in the window. Ten, not five: an
 * office, a factory or a mobile network (carrier-grade NAT) puts many buyers behind one address
 * (decision 022).
 */
export const INQUIRY_RATE_LIMIT = 10;
export const INQUIRY_RATE_WINDOW_MS = 10 * 60 * 1000;
/** Where the contact form posts when the app is not running (a plain HTML form, decision 015). */
export const CONTACT_FORM_ACTION = '/contact';

/** Keys in browser local storage (SPEC §3 admin session). */
export const ADMIN_TOKEN_STORAGE_KEY = 'adminToken';
export const ADMIN_USER_STORAGE_KEY = 'adminUser';
/** SPEC §2: the catalogue's favourites, kept in this browser only (a JSON array of item ids). */
export const FAVOURITES_STORAGE_KEY = 'favourites';

/** The most spare parts a machine's details list under "Spare parts for this machine" (decision 031). */
export const MAX_PARTS_THAT_FIT = 50;
