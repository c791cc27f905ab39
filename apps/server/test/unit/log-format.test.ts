import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { prettyLogLine } from '../../src/plugins/pretty-log';
import { logFormatFor } from '../../src/plugins/request-logging';
import { createConfiguredApp, type ConfiguredApp } from '../helpers/configured-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/test-app';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let t: ConfiguredApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('log format selection', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });

  it('reads LOG_FORMAT (empty means unset) and refuses anything else', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('pretty logs', () => {
  it('show start-up, warnings and errors as human lines, and no request lines at info', async () => {
    const out = capture();
    t = await createConfiguredApp({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' }, out.stream);
    await t.app.inject({ method: 'GET', url: '/api/services' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route?token=abc' });
    await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: 'wrong' } });
    t.app.log.info('Serving http://127.0.0.1:3000');
    t.app.log.warn('disk nearly full');
    t.app.log.error({ err: new Error('database went away') }, 'request failed');

    expect(out.lines.some((line) => line.startsWith('{'))).toBe(false);
    expect(out.lines.join('\n')).not.toMatch(/incoming request|request completed|not found/);
    expect(out.lines).toContainEqual(
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO: Serving http:\/\/127\.0\.0\.1:3000$/),
    );
    expect(out.lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d WARN: disk nearly full$/));
    expect(out.lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d ERROR: request failed\s*$/));
    // The stack, indented under its line.
    expect(out.lines).toContainEqual(expect.stringMatching(/^ {4}err: Error: database went away$/));
    expect(out.lines).toContainEqual(expect.stringMatching(/^ {8}at /));
  });

  it('show request lines at debug, one per line with the request id, and still no secrets', async () => {
    const out = capture();
    t = await createConfiguredApp({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' }, out.stream);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/services?token=${token}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const id = String(response.headers['x-request-id']);
    const lines = out.lines.filter((line) => line.includes(`[${id}]`));
    expect(lines).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d DEBUG: incoming request GET \/api\/services \[[^\]]+\]$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d DEBUG: request completed \d{3} \d+ ms \[[^\]]+\]$/),
    ]);
    const text = out.lines.join('\n');
    for (const secret of [token, ADMIN_PASSWORD, ADMIN_EMAIL]) expect(text).not.toContain(secret);
  });
});

describe('JSON logs', () => {
  it('stay one JSON object a line with request lines at info, for log collectors', async () => {
    const out = capture();
    t = await createConfiguredApp({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' }, out.stream);
    const response = await t.app.inject({ method: 'GET', url: '/api/services' });
    const entries = out.lines.map((line) => JSON.parse(line) as { msg: string; reqId?: string; level: number });
    const mine = entries.filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(mine.map((entry) => [entry.level, entry.msg])).toEqual([
      [30, 'incoming request'],
      [30, 'request completed'],
    ]);
  });

  it('are what the pretty formatter reads; a line that is not JSON passes through', () => {
    const pretty = prettyLogLine();
    expect(pretty('not json')).toBe('not json\n');
    const time = new Date(2026, 0, 1, 9, 5, 7).getTime();
    const line = { level: 40, time, pid: 7, hostname: 'box', msg: 'slow', ms: 12, reqId: 'r-1' };
    // The console's own clock, the other fields as JSON on the same line.
    expect(pretty(JSON.stringify(line))).toBe('09:05:07 WARN: slow [r-1] {"ms":12}\n');
  });
});
