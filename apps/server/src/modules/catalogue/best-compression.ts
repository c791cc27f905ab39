import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** A body's smallest encodings: gzip by Zopfli, brotli at quality 11. */
export interface BestEncodings {
  gzip: Buffer;
  br: Buffer;
}

/**
 * At most this many bodies wait for the worker; more are not recompressed (their zlib and
 * quality-6 encodings stay). Only bodies asked for again and again get here, so a handful covers
 * the busy pages and bounds the CPU a flood of distinct pages could take.
 */
const MAX_QUEUED = 8;

// The worker is plain JavaScript (eval), so it needs no TypeScript loader; Zopfli is found from here.
const ZOPFLI_PATH = createRequire(import.meta.url).resolve('@gfx/zopfli');
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const zopfli = require(${JSON.stringify(ZOPFLI_PATH)});
parentPort.on('message', ({ id, bytes }) => {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  zopfli.gzip(input, { numiterations: 15 }, (error, gzip) => {
    if (error) return parentPort.postMessage({ id, error: String(error) });
    const br = zlib.brotliCompressSync(input, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
      },
    });
    parentPort.postMessage({ id, gzip: Uint8Array.from(gzip), br: Uint8Array.from(br) });
  });
});
`;

interface Reply {
  id: number;
  error?: string;
  gzip?: Uint8Array;
  br?: Uint8Array;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (encodings: BestEncodings) => void; reject: (error: Error) => void }>();

function stopped(which: Worker, error: Error): void {
  if (worker !== which) return; // an earlier worker, already replaced
  worker = null;
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  // Never what keeps the process (or a test run) alive.
  started.unref();
  started.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.gzip && reply.br) waiting.resolve({ gzip: Buffer.from(reply.gzip), br: Buffer.from(reply.br) });
    else waiting.reject(new Error(reply.error ?? 'recompression failed'));
  });
  started.on('error', (error) => stopped(started, error));
  started.on('exit', () => stopped(started, new Error('the compression worker stopped')));
  worker = started;
  return started;
}

/**
 * The smallest gzip and brotli encodings of `identity`, computed off the main thread (Zopfli takes
 * a few hundred milliseconds for the 65 KB home page, brotli 11 about 70). Null when the queue is
 * full: the caller keeps what it has.
 */
export function bestEncodings(identity: Buffer): Promise<BestEncodings> | null {
  if (pending.size >= MAX_QUEUED) return null;
  const id = nextId++;
  return new Promise<BestEncodings>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    theWorker().postMessage({ id, bytes: new Uint8Array(identity) });
  });
}

/** Stops the worker, if one was started (tests, shutdown). */
export async function stopBestCompression(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
