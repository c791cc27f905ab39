import type { Browser } from '@playwright/test';

/**
 * Bytes a phone downloads for the landing page when the visitor scrolls to the end:
 * 390×844 at DPR 3, scrolled slowly so lazy images load, summed from the network layer
 * (encoded bytes, headers included).
 */
export async function measureLandingTransfer(
  browser: Browser,
  origin: string,
): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    const response = await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`/ answered ${response?.status()}`);
    for (let step = 0; step < 200; step += 1) {
      const atBottom = await page.evaluate(() => {
        window.scrollBy(0, 400);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(100);
      if (atBottom) break;
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return { bytes, requests };
  } finally {
    await context.close();
  }
}
