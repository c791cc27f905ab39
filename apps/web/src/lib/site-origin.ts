/**
 * The site's public address (PUBLIC_URL on the server), for the absolute links a page hands to
 * other apps (a WhatsApp message names the page it is about). The server's render sets it; in the
 * browser it is the address the server's canonical link names, so the hydrated page writes the
 * same links as its HTML, else the page's own origin.
 */
let renderOrigin: string | undefined;

/** Called by the server's render with the site's public address. */
export function setRenderOrigin(origin: string): void {
  renderOrigin = origin;
}

function siteOrigin(): string | undefined {
  if (typeof document === 'undefined') return renderOrigin;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    if (canonical) return new URL(canonical).origin;
  } catch {
    // An unreadable canonical link: the page's own address below.
  }
  return window.location.origin;
}

/** `/product/1` → `https://example.in/product/1`; the path itself when no address is known. */
export function absoluteSiteUrl(path: string): string {
  const origin = siteOrigin();
  return origin === undefined ? path : new URL(path, origin).href;
}
