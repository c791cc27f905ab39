import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILURE_LINES_PER_SECOND, LogAllowance } from '../../src/plugins/log-allowance';
import { createConfiguredApp, type ConfiguredApp } from '../helpers/configured-app';

function capture() {
  const lines: string[] = [];
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream, bytes: () => bytes };
}

interface Entry {
  level: number;
  msg: string;
  reqId?: string;
  notLogged?: Record<string, number>;
}

let t: ConfiguredApp | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

describe('LogAllowance', () => {
  it('lets through its lines a second, counts the rest and reports them once when the second is over', () => {
    let now = 0;
    const reports: [Record<string, number>, number][] = [];
    const allowance = new LogAllowance(
      3,
      (skipped, total) => reports.push([skipped, total]),
      () => now,
    );
    const taken = Array.from({ length: 10 }, () => allowance.take());
    expect(taken.filter(Boolean)).toHaveLength(3);
    for (const kind of ['2xx', '2xx', '5xx', '2xx', '4xx', '2xx', '2xx']) allowance.skip(kind);
    expect(reports).toEqual([]);
    now = 999;
    expect(allowance.take()).toBe(false);
    now = 1000;
    expect(allowance.take()).toBe(true);
    expect(reports).toEqual([[{ '2xx': 5, '5xx': 1, '4xx': 1 }, 7]]);
  });

  it('reports within a second even when no line follows', () => {
    vi.useFakeTimers();
    const reports: number[] = [];
    const allowance = new LogAllowance(1, (_skipped, total) => reports.push(total));
    allowance.take();
    allowance.skip('2xx');
    allowance.skip('2xx');
    vi.advanceTimersByTime(1000);
    expect(reports).toEqual([2]);
    vi.advanceTimersByTime(5000);
    expect(reports).toEqual([2]);
  });

  it('has no limit at 0', () => {
    const allowance = new LogAllowance(
      0,
      () => undefined,
      () => 0,
    );
    expect(Array.from({ length: 1000 }, () => allowance.take()).every(Boolean)).toBe(true);
  });
});

describe('a flood of requests', () => {
  it('writes a bounded number of request lines and says how many were left out, by status', async () => {
    const out = capture();
    t = await createConfiguredApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'info', LOG_REQUESTS_PER_SECOND: '5' }, out.stream);
    await t.app.ready();
    const before = out.lines.length;
    const flood = 400;
    for (let i = 0; i < flood; i += 1) {
      await t.app.inject({ method: 'GET', url: i % 4 === 0 ? '/api/no-such-route' : '/api/services' });
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const entries = out.lines.slice(before).map((line) => JSON.parse(line) as Entry);
    const requestLines = entries.filter((e) => e.reqId !== undefined);
    // A request is logged whole or not at all; at most 5 a second, and the flood took a few seconds at most.
    const logged = new Set(requestLines.map((e) => e.reqId));
    expect(logged.size).toBeGreaterThan(0);
    expect(logged.size).toBeLessThanOrEqual(5 * 4);
    for (const id of logged) {
      const mine = requestLines.filter((e) => e.reqId === id).map((e) => e.msg);
      expect(mine[0]).toBe('incoming request');
      expect(mine.at(-1)).toBe('request completed');
    }
    const summaries = entries.filter((e) => e.notLogged !== undefined);
    const left = summaries.reduce((sum, e) => sum + Object.values(e.notLogged ?? {}).reduce((a, b) => a + b, 0), 0);
    expect(left + logged.size).toBe(flood);
    expect(summaries.some((e) => (e.notLogged?.['4xx'] ?? 0) > 0)).toBe(true);
    expect(summaries.some((e) => (e.notLogged?.['2xx'] ?? 0) > 0)).toBe(true);
    // Bounded bytes, whatever the flood: a few hundred bytes a logged request plus a line a second.
    expect(out.bytes()).toBeLessThan(30_000);
  });

  it('keeps failures apart: a flood of ordinary requests does not use up the lines for 5xx', async () => {
    const out = capture();
    t = await createConfiguredApp(
      { LOG_FORMAT: 'json', LOG_LEVEL: 'info', LOG_REQUESTS_PER_SECOND: '1' },
      out.stream,
      (app) => {
        app.get('/api/boom', async () => {
          throw new Error('database went away');
        });
      },
    );
    for (let i = 0; i < 50; i += 1) await t.app.inject({ method: 'GET', url: '/api/services' });
    const failures = FAILURE_LINES_PER_SECOND + 30;
    for (let i = 0; i < failures; i += 1) await t.app.inject({ method: 'GET', url: '/api/boom' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const entries = out.lines.map((line) => JSON.parse(line) as Entry);
    const errorLines = entries.filter((e) => e.level === 50 && e.msg === 'request failed');
    expect(errorLines.length).toBeGreaterThanOrEqual(Math.min(failures, FAILURE_LINES_PER_SECOND));
    expect(errorLines.length).toBeLessThan(failures);
    const errorSummary = entries.filter((e) => e.level === 50 && e.notLogged !== undefined);
    expect(errorSummary.length).toBeGreaterThan(0);
    expect(errorSummary.reduce((sum, e) => sum + (e.notLogged?.['5xx'] ?? 0), 0) + errorLines.length).toBe(failures);
  });
});
