/** Machines chosen for comparison are kept in this browser's storage under this key, like the favourites. */
export const COMPARE_STORAGE_KEY = 'compare';
/** Side by side, four columns still fit a laptop; on a phone they scroll sideways. */
export const COMPARE_MAX = 4;
