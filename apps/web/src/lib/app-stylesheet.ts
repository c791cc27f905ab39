/** How long the app waits for its whole stylesheet before drawing anyway. */
const STYLESHEET_WAIT_MS = 3000;

/**
 * A server-rendered page inlines only the rules its own markup uses and links the whole sheet
 * with `media="print"`, so the browser fetches it without holding up the first paint (decision
 * 036). The app draws things the server did not (dialogs, menus, other screens), so it switches
 * the sheet on and waits for it before it starts. Resolves at once on pages without that link.
 */
export function enableAppStylesheet(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
  if (link === null) return Promise.resolve();
  const loaded =
    link.sheet !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, STYLESHEET_WAIT_MS);
        });
  link.media = 'all';
  return loaded;
}
