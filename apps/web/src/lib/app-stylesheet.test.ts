import { afterEach, describe, expect, it, vi } from 'vitest';
import { enableAppStylesheet } from './app-stylesheet';

function addSheetLink(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/assets/style-test.css';
  link.media = 'print';
  link.setAttribute('data-app-stylesheet', '');
  document.head.append(link);
  return link;
}

describe('enableAppStylesheet', () => {
  afterEach(() => {
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    vi.useRealTimers();
  });

  it('resolves at once on a page without the linked sheet', async () => {
    await expect(enableAppStylesheet()).resolves.toBeUndefined();
  });

  it('switches the whole sheet on and waits until it has loaded', async () => {
    const link = addSheetLink();
    let done = false;
    const enabled = enableAppStylesheet().then(() => (done = true));
    expect(link.media).toBe('all');
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await enabled;
    expect(done).toBe(true);
  });

  it('does not wait forever for a sheet that never arrives', async () => {
    vi.useFakeTimers();
    addSheetLink();
    const enabled = enableAppStylesheet();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(enabled).resolves.toBeUndefined();
  });
});
