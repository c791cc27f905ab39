import { lighthouse, type LighthouseFigures, startLighthouseChrome } from './lighthouse';

/**
 * Issue 39's buyer page on a phone: one quotation is sent, and Lighthouse (mobile) opens the link
 * the buyer would get, on the instance that sent it. The first run marks the quotation viewed, as
 * a buyer's first look would; the page is the same before and after.
 */
export interface BuyerPageFigures {
  /** null when measured; otherwise why not. */
  notMeasured: string | null;
  figures: LighthouseFigures | null;
  method: string;
}

export async function measureBuyerPage(options: {
  repoRoot: string;
  origin: string;
  token: string;
  quotationId: string;
  runs: number;
  log: (message: string) => void;
}): Promise<BuyerPageFigures> {
  const { origin, token, quotationId, log } = options;
  const response = await fetch(`${origin}/api/quotations/${quotationId}/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => null)) as { link?: unknown } | null;
  if (!response.ok || typeof body?.link !== 'string') {
    return { notMeasured: `sending the quotation answered ${response.status}`, figures: null, method: '' };
  }
  // The link is absolute from PUBLIC_URL; the bench's instance answers it at its own origin.
  const url = `${origin}${new URL(body.link).pathname}`;
  log(`quotation buyer page: Lighthouse mobile × ${options.runs}`);
  const chrome = await startLighthouseChrome();
  try {
    const figures = await lighthouse(options.repoRoot, chrome.port, url, 'mobile', options.runs);
    return {
      notMeasured: null,
      figures,
      method:
        `Lighthouse mobile (its default throttling), median of ${options.runs} runs, on /q/{token} of a sent ` +
        'quotation (2 lines, freight, a buyer in Maharashtra), served by the instance that sent it.',
    };
  } finally {
    await chrome.stop();
  }
}
