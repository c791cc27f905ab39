import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_EMAIL = 'shutdown-test@example.com';
const ADMIN_PASSWORD = 'shutdown test admin password';
const IN_FLIGHT_INQUIRIES = 12;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

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
let child: ChildProcess;
let port: number;
let output = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-shutdown-'));
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      WEB_SSR_ENTRY: path.join(dataDir, 'no-web', 'entry-server.js'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Always drained: a full pipe would stall the server.
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  for (let waited = 0; !/Serving http/.test(output); waited += 20) {
    if (child.exitCode !== null) throw new Error(`server exited during startup:\n${output}`);
    if (waited > 30_000) throw new Error(`server did not start:\n${output}`);
    await sleep(20);
  }
}, 40_000);

afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown (SIGTERM)', () => {
  it('finishes every request in flight, refuses new ones, and exits 0', async () => {
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

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

    // Let the server receive every request's headers before the signal.
    await sleep(300);
    child.kill('SIGTERM');

    // New connections are turned away once shutdown has begun (refused, or 503 on the way out).
    let outcome = '';
    for (let attempt = 0; attempt < 50; attempt += 1) {
      outcome = await newConnectionOutcome(port);
      if (outcome !== '200') break;
      await sleep(20);
    }
    // UND_ERR_SOCKET: the server closed the new socket without answering — also a refusal.
    expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', '503']).toContain(outcome);
    expect(child.exitCode).toBeNull();

    for (const request of [...inquiries, upload]) request.finish();
    const replies = await Promise.all([...inquiries, upload].map((request) => request.reply));
    for (const reply of replies.slice(0, IN_FLIGHT_INQUIRIES)) {
      expect(reply.status).toBe(201);
      expect(JSON.parse(reply.body)).toMatchObject({ message: 'Thank you for your inquiry!' });
    }
    const uploaded = replies[IN_FLIGHT_INQUIRIES]!;
    expect(uploaded.status).toBe(201);
    expect(JSON.parse(uploaded.body)).toMatchObject({ imageUrls: [expect.stringMatching(/^\/uploads\//)] });

    expect(await exited).toBe(0);
    expect(picture.length).toBeGreaterThan(2 * 1024 * 1024);
  }, 60_000);
});
