import { type Browser, chromium } from '@playwright/test';
import { onCleanup } from './processes';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that work in this container; `--headless=new` once broke Lighthouse (NO_NAVSTART). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const unregister = onCleanup(() => browser.close());
  try {
    return await work(browser);
  } finally {
    unregister();
    await browser.close();
  }
}
