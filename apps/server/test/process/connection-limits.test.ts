import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type ConfiguredApp, createConfiguredApp } from '../helpers/configured-app';

/** A raw loopback connection that records what the server sends and when it closes. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  const ready = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, ready, received: () => received };
}

/** Sends `text` one byte every `everyMs`, until the socket closes or `limitMs` passes (bounded). */
async function trickle(socket: net.Socket, text: string, everyMs: number, limitMs: number): Promise<void> {
  const started = Date.now();
  for (let i = 0; !socket.destroyed && Date.now() - started < limitMs; i++) {
    socket.write(text[i % text.length] ?? ' ');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('slow clients', () => {
  let s: ConfiguredApp;
  let port: number;

  beforeAll(async () => {
    s = await createConfiguredApp({
      REQUEST_TIMEOUT_SECONDS: '3',
      HEADERS_TIMEOUT_SECONDS: '2',
      IDLE_TIMEOUT_SECONDS: '2',
    });
    port = Number(new URL(await s.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => s.close());

  it('cuts off a body sent one byte at a time once the request timeout passes', async () => {
    const client = connect(port);
    await client.ready;
    client.socket.write(
      'POST /api/inquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
    );
    // One byte every 500 ms never leaves the connection idle; only the request timeout can end it.
    await trickle(client.socket, '{"firstName":"Ravi"', 500, 10_000);
    const lifetime = await client.closed;
    expect(lifetime).toBeLessThan(3000 + 2500);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('cuts off headers sent one byte at a time once the headers timeout passes', async () => {
    const client = connect(port);
    await client.ready;
    await trickle(
      client.socket,
      'GET /api/health HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      300,
      10_000,
    );
    expect(await client.closed).toBeLessThan(2000 + 2500);
  }, 20_000);

  it('closes a connection that sends nothing', async () => {
    const client = connect(port);
    await client.ready;
    const lifetime = await Promise.race([client.closed, new Promise<number>((r) => setTimeout(() => r(-1), 10_000))]);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThan(2000 + 2500);
    client.socket.destroy();
  }, 20_000);

  it('still serves a normal request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});

describe('connections per client address', () => {
  let s: ConfiguredApp;
  let port: number;

  beforeAll(async () => {
    s = await createConfiguredApp({ MAX_CONNECTIONS_PER_CLIENT: '3' });
    port = Number(new URL(await s.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => s.close());

  it('answers 503 and closes a connection beyond the cap; a freed slot is usable again', async () => {
    const held = [connect(port), connect(port), connect(port)];
    await Promise.all(held.map((client) => client.ready));
    const extra = connect(port);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(extra.received()).toContain('Retry-After: 5');

    const first = held[0];
    first?.socket.destroy();
    await first?.closed;
    // The server sees the close a moment after the client.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { connection: 'close' } });
    expect(response.status).toBe(200);
    for (const client of held) client.socket.destroy();
  });

  it('is 64 by default, off behind a proxy unless set, and 0 turns it off', () => {
    const base = { DATA_DIR: '/tmp/x' };
    expect(loadConfig(base).connections.maxPerClient).toBe(64);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).connections.maxPerClient).toBe(0);
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8', MAX_CONNECTIONS_PER_CLIENT: '200' }).connections.maxPerClient,
    ).toBe(200);
    expect(loadConfig({ ...base, MAX_CONNECTIONS_PER_CLIENT: '0' }).connections.maxPerClient).toBe(0);
    expect(loadConfig(base).connections).toMatchObject({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 15_000,
      idleTimeoutMs: 120_000,
    });
  });
});
