import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOver, ServerProcess } from '../helpers/server-process';

const IN_FLIGHT_INQUIRIES = 12;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Reply {
  status: number;
  body: string;
}

/**
 * A request whose body is sent in two halves: it reaches the server (headers and part of the
 * body) now, and completes only when `finish` is called, so it is truly in flight meanwhile.
 */
function requestInTwoHalves(port: number, urlPath: string, headers: Record<string, string>, body: Buffer) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: urlPath,
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const reply = new Promise<Reply>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.once('error', reject);
    });
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return { reply, finish: () => request.end(body.subarray(half)) };
}

/** A fresh connection after shutdown began: refused, or answered 503 while the listener closes. */
async function newConnectionOutcome(port: number): Promise<string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/services`, { headers: { connection: 'close' } });
    return String(response.status);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? 'failed';
  }
}

let dataDir: string;
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-shutdown-'));
  // At info the server logs each request as its headers are read: the test waits for those lines.
  server = await ServerProcess.start(dataDir, { LOG_LEVEL: 'info', LOG_REQUESTS_PER_SECOND: '1000' });
  port = Number(new URL(server.url).port);
}, 40_000);

afterAll(async () => {
  await server.kill();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes every request in flight, refuses new ones, and exits 0', async () => {
    const token = await loginOver(server.url);

    const inquiries = Array.from({ length: IN_FLIGHT_INQUIRIES }, (_, i) =>
      requestInTwoHalves(
        port,
        '/api/inquiries',
        // Distinct clients, so the per-address inquiry limit does not refuse any.
        { 'content-type': 'application/json', 'x-forwarded-for': `10.77.0.${i + 1}` },
        Buffer.from(
          JSON.stringify({
            firstName: 'Asha',
            lastName: `Client ${i}`,
            email: `asha${i}@example.in`,
            phone: '+91 98765 43210',
            service: 'capstan-lathe',
            message: `Inquiry number ${i}, sent while the server shuts down.`,
          }),
        ),
      ),
    );

    // A few MB of pixels, so the upload is still streaming when the signal arrives.
    const picture = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([picture], { type: 'image/png' }), 'noise.png');
    const encoded = new Response(form);
    const upload = requestInTwoHalves(
      port,
      '/api/upload-images',
      { 'content-type': encoded.headers.get('content-type') ?? '', authorization: `Bearer ${token}` },
      Buffer.from(await encoded.arrayBuffer()),
    );

    // Every request's headers have reached the server (each is in flight) before the signal. A
    // connection the server had not accepted yet would be refused with the listener, as it should.
    await server.waitForLogLines(
      /"url":"\/api\/(inquiries|upload-images)"[^\n]*"msg":"incoming request"/,
      IN_FLIGHT_INQUIRIES + 1,
    );
    server.terminate();

    // New connections are turned away once shutdown has begun (refused, or 503 on the way out).
    let outcome = '';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      outcome = await newConnectionOutcome(port);
      if (outcome !== '200') break;
      await sleep(20);
    }
    // UND_ERR_SOCKET: the server closed the new socket without answering — also a refusal.
    expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', '503']).toContain(outcome);
    expect(server.running).toBe(true);

    for (const request of [...inquiries, upload]) request.finish();
    const replies = await Promise.all([...inquiries, upload].map((request) => request.reply));
    for (const reply of replies.slice(0, IN_FLIGHT_INQUIRIES)) {
      expect(reply.status).toBe(201);
      expect(JSON.parse(reply.body)).toMatchObject({ message: 'Thank you for your inquiry!' });
    }
    const uploaded = replies[IN_FLIGHT_INQUIRIES]!;
    expect(uploaded.status).toBe(201);
    expect(JSON.parse(uploaded.body)).toMatchObject({ imageUrls: [expect.stringMatching(/^\/uploads\//)] });

    expect(await server.exitCode()).toBe(0);
    expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);
  }, 60_000);
});
