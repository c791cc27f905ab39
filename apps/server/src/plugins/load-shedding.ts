import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { LoadGuard, QueueDelayMeter } from './load-guard';
import { TurnQueue } from './turn-queue';

export const OVERLOAD_MESSAGE = 'The server is too busy right now. Please try again in a few seconds.';
export const OVERLOAD_TITLE = 'Busy right now';

/**
 * What a browser asking for a page is answered while shedding: a page it can show, small and
 * self-contained (no stylesheet, script or picture to ask a busy server for), never raw JSON.
 */
export const OVERLOAD_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
  `<title>${OVERLOAD_TITLE}</title>` +
  '<style>body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:32rem;margin:15vh auto;padding:0 1rem}' +
  'a{color:#1e40af}</style></head>' +
  `<body><main><h1>${OVERLOAD_TITLE}</h1><p>${OVERLOAD_MESSAGE}</p><p><a href="">Try again</a></p></main></body></html>`;

/** A browser navigating to a page (it accepts HTML); the API always answers JSON. */
const wantsPage = (request: FastifyRequest): boolean => {
  const url = request.raw.url ?? '';
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
};

/**
 * Not shed: a supervisor that sees a busy server's health check fail restarts it, dropping the
 * requests it was working through and making the overload worse. The route still reports a
 * broken database or uploads folder.
 */
const HEALTH_PATH = '/api/health';
/** The raw URL, not `request.routeOptions` (a getter that builds an object on every call). */
const neverShed = (url: string | undefined) =>
  url !== undefined &&
  url.startsWith(HEALTH_PATH) &&
  (url.length === HEALTH_PATH.length || url[HEALTH_PATH.length] === '?');

/**
 * The loop's time per turn for requests (TurnQueue): short enough that a turn accepts a new
 * connection every few milliseconds, long enough that a turn's own cost (a poll for I/O) stays
 * well under 1 % of it.
 */
const TURN_SLICE_MS = 2;

const CLIENT = Symbol('load guard client');
const STARTED = Symbol('load guard start');
/** What the guard notes on a response it let in, for when the response ends. */
type GuardedResponse = ServerResponse & { [CLIENT]?: string | null; [STARTED]?: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Present while load shedding is on; tests feed it delay samples. */
    loadGuard?: LoadGuard;
  }
}

/**
 * The server renderer's API calls (app.inject) belong to a page request that was already let in:
 * refusing one would throw away the work done for the page, and they would count as a client of
 * their own. An injected request has no network socket, which a client cannot fake.
 */
const fromNetwork = (request: FastifyRequest) => request.raw.socket instanceof net.Socket;

/**
 * Answers 503 + Retry-After before any work is done once requests have been waiting longer than
 * the configured delay for a sustained time, refusing the heaviest clients first (see LoadGuard).
 * The requests let in run a slice of the loop per turn (TurnQueue), so the server keeps accepting
 * connections while it works through them.
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { maxEventLoopDelayMs, sustainedMs, minInFlight, retryAfterSeconds, sampleIntervalMs } = config.overload;
  if (maxEventLoopDelayMs === 0) return;
  const guard = new LoadGuard({ maxDelayMs: maxEventLoopDelayMs, sustainedMs, minInFlight });
  const meter = new QueueDelayMeter();
  const turns = new TurnQueue(TURN_SLICE_MS);
  app.decorate('loadGuard', guard);

  // A timer's lateness is how long anything that becomes ready now (a new request) waits for the loop;
  // the meter adds how long the requests that ended spent in the server.
  let timer: NodeJS.Timeout | undefined;
  let lastSampleAt = performance.now();
  let refused = 0;
  const schedule = () => {
    const due = performance.now() + sampleIntervalMs;
    timer = setTimeout(() => {
      const now = performance.now();
      const wasShedding = guard.isShedding;
      guard.recordDelay(meter.sample(Math.max(0, now - due), guard.inFlight, now - lastSampleAt), now);
      lastSampleAt = now;
      // One line per change, not per refused request: thousands of warnings would add to the load
      // and fill the disk. The line that ends an episode says how many were refused in it.
      if (guard.isShedding !== wasShedding) {
        if (guard.isShedding) app.log.warn({ inFlight: guard.inFlight }, 'shedding load');
        else app.log.warn({ inFlight: guard.inFlight, refused }, `stopped shedding load (${refused} requests refused)`);
        refused = 0;
      }
      schedule();
    }, sampleIntervalMs);
    timer.unref();
  };
  schedule();
  app.addHook('onClose', (_instance, done) => {
    clearTimeout(timer);
    done();
  });

  // One listener for every response, not a closure each: at 15,000 answers a second it shows.
  const requestEnded = function (this: GuardedResponse) {
    guard.release(this[CLIENT] ?? null);
    meter.finished(performance.now() - (this[STARTED] ?? 0));
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (neverShed(request.raw.url) || !fromNetwork(request)) return done();
    const client = guard.tracksClients ? request.ip : null;
    if (guard.admit(client)) {
      const response = reply.raw as GuardedResponse;
      response[CLIENT] = client;
      response[STARTED] = performance.now();
      // 'close' follows a finished answer and an aborted one alike, so the count never leaks. A
      // response emits it once: `on` spares the wrapper closure `once` would make per request.
      response.on('close', requestEnded);
      // Its time in the server counts from here: the wait for its turn is the queue the guard sees.
      return turns.push(done);
    }
    refused += 1;
    // Fastify skips the route for a reply already sent by an onRequest hook.
    void reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
    if (wantsPage(request)) void reply.type('text/html; charset=utf-8').send(OVERLOAD_PAGE);
    else void reply.send({ message: OVERLOAD_MESSAGE });
  });
}
