/**
 * Attributes on `<html>` through which the app and the page's loader (boot/deferred-start.ts) tell
 * each other how far they have got. The loader runs as a classic script and cannot share a module
 * with the app, so it spells them itself (boot/held-clicks.ts); a test checks that both agree.
 */

/** Set once React listens on the page (app/hydrate.tsx): from then on it replays early clicks itself. */
export const APP_LISTENING_ATTRIBUTE = 'data-app-listening';

/** Set once the app has taken the page over (app/app.tsx); browser tests wait for it before clicking. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** Set by the loader at the visitor's first move, which may come before the app's entry runs. */
export const VISITOR_ACTED_ATTRIBUTE = 'data-visitor-acted';
