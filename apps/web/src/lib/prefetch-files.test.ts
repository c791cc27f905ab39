import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchFiles } from './prefetch-files';

describe('prefetchFiles', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('requests every file at low priority, one per task', async () => {
    vi.useFakeTimers();
    const request = vi.fn<typeof fetch>(() => Promise.resolve(new Response('')));
    prefetchFiles(['/assets/a.js', '/assets/b.js', '/assets/c.js'], request);

    // The first request leaves at once; each of the others waits for a task of its own.
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenLastCalledWith('/assets/a.js', { priority: 'low', credentials: 'same-origin' });
    await vi.advanceTimersToNextTimerAsync();
    expect(request).toHaveBeenCalledTimes(2);
    expect(request).toHaveBeenLastCalledWith('/assets/b.js', expect.objectContaining({ priority: 'low' }));
    await vi.runAllTimersAsync();
    expect(request.mock.calls.map(([file]) => file)).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
  });

  it('goes on after a failed download, and does nothing without files', async () => {
    vi.useFakeTimers();
    const request = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline')));
    prefetchFiles(['/assets/a.js', '/assets/b.js'], request);
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(2);

    const idle = vi.fn<typeof fetch>();
    prefetchFiles([], idle);
    await vi.runAllTimersAsync();
    expect(idle).not.toHaveBeenCalled();
  });
});
