import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import underPressure, { type FastifyUnderPressureOptions as UnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

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

/**
 * The requests in flight per client address, and whom to refuse while the server is under
 * pressure (decision 058): a request whose client has at least its fair share of them (the mean
 * per client, this request included), once at least `minInFlight` are in flight.
 *
 * - The client hammering on many connections is refused, while a visitor with a page's few
 *   requests is always let in: 1 × 2 clients is below anything but a second single request.
 * - Behind one address (one heavy client, or a proxy without TRUST_PROXY) that address is
 *   everyone's share, so the server still sheds; many equal clients are shed alike.
 * - A trickle is never refused: with a handful of requests in flight the lateness is not theirs
 *   (another process has the CPU), and refusing them would shorten nothing.
 */
export class ClientShares {
  private readonly byClient = new Map<string, number>();
  private total = 0;

  constructor(private readonly minInFlight: number) {}

  get inFlight(): number {
    return this.total;
  }

  inFlightOf(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  started(client: string): void {
    this.total += 1;
    this.byClient.set(client, this.inFlightOf(client) + 1);
  }

  ended(client: string): void {
    const count = this.inFlightOf(client);
    if (count === 0) return;
    this.total -= 1;
    if (count === 1) this.byClient.delete(client);
    else this.byClient.set(client, count - 1);
  }

  /** For a request already counted under `client`: whether to refuse it while under pressure. */
  refuses(client: string): boolean {
    return this.total >= this.minInFlight && this.inFlightOf(client) * this.byClient.size >= this.total;
  }
}

/**
 * How long a request let in now would wait behind the requests already let in (decision 083):
 * those in flight, divided by how many were answered per millisecond over the last sample
 * (Little's law). The event loop's lateness misses this queue: a server-rendered page takes
 * several short turns of the loop, each behind every other page in flight, and compression runs
 * off the loop, so hundreds of requests can wait seconds while every turn is quick.
 *
 * Only requests let in are counted: refused ones are answered at once, and counting them as
 * answered would make the queue look short exactly while the server sheds.
 */
export class QueueWait {
  private inFlight = 0;
  private answered = 0;
  private sampleStartedAt: number;

  constructor(
    /** Fewer than this in flight is no queue, however slowly they are answered (ClientShares). */
    private readonly minInFlight: number,
    startedAt: number,
  ) {
    this.sampleStartedAt = startedAt;
  }

  letIn(): void {
    this.inFlight += 1;
  }

  answeredOne(): void {
    this.inFlight -= 1;
    this.answered += 1;
  }

  /** Ends the sample running since the last call: the estimated wait in ms (Infinity: nothing answered while many waited). */
  endSample(now: number): number {
    const answeredPerMs = this.answered / Math.max(1, now - this.sampleStartedAt);
    this.answered = 0;
    this.sampleStartedAt = now;
    if (this.inFlight < this.minInFlight) return 0;
    return answeredPerMs === 0 ? Number.POSITIVE_INFINITY : this.inFlight / answeredPerMs;
  }
}

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
const isHealthCheck = (url: string | undefined) =>
  url !== undefined &&
  url.startsWith(HEALTH_PATH) &&
  (url.length === HEALTH_PATH.length || url[HEALTH_PATH.length] === '?');

/**
 * The server renderer's API calls (app.inject) belong to a page request that was already let in:
 * refusing one would throw away the work done for the page, and they would count as a client of
 * their own. An injected request has no network socket, which a client cannot fake.
 */
const fromNetwork = (request: FastifyRequest) => request.raw.socket instanceof net.Socket;

const CLIENT = Symbol('load shedding client');
const LET_IN = Symbol('load shedding let in');
/** The client a counted request was counted under, and whether it was let in, for when its response ends. */
type CountedResponse = ServerResponse & { [CLIENT]?: string; [LET_IN]?: true };

declare module 'fastify' {
  interface FastifyInstance {
    /** The requests in flight per client, present while load shedding is on. */
    clientShares?: ClientShares;
  }
}

/**
 * Answers 503 + Retry-After before any work is done while @fastify/under-pressure finds the event
 * loop late, a queue of requests let in (QueueWait, given to it as its health check) or, if
 * configured, the loop too busy, refusing only clients at or above their fair share of the
 * requests in flight (ClientShares).
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  const {
    maxEventLoopDelayMs,
    maxEventLoopUtilization,
    maxQueueWaitMs,
    minInFlight,
    retryAfterSeconds,
    sampleIntervalMs,
  } = config.overload;
  if (maxEventLoopDelayMs === 0 && maxEventLoopUtilization === 0 && maxQueueWaitMs === 0) return;
  const shares = new ClientShares(minInFlight);
  app.decorate('clientShares', shares);

  // One line when refusing starts and one when it is over, not one per request: thousands of
  // warnings would add to the load and fill the disk.
  let refused = 0;
  const queue = new QueueWait(minInFlight, performance.now());
  const requestEnded = function (this: CountedResponse) {
    shares.ended(this[CLIENT]!);
    if (this[LET_IN]) queue.answeredOne();
  };
  // Counted from arrival, before under-pressure's own hook below looks at the request.
  app.addHook('onRequest', (request, reply, done) => {
    if (refused > 0 && !app.isUnderPressure()) {
      app.log.warn({ refused }, `stopped shedding load (${refused} requests refused)`);
      refused = 0;
    }
    if (isHealthCheck(request.raw.url) || !fromNetwork(request)) return done();
    const client = request.ip;
    shares.started(client);
    const response = reply.raw as CountedResponse;
    response[CLIENT] = client;
    // 'close' follows a finished answer, a refused one and an aborted one alike, so the count
    // never leaks. `on`, not `once`: a response emits it once, and this spares a closure each.
    response.on('close', requestEnded);
    done();
  });

  // Called by under-pressure only while under pressure. Nothing returned lets the request through;
  // a value is sent as the answer before any work is done, and the remaining hooks and the route
  // are skipped. (Sending here instead would let the later hooks run while the answer is being
  // compressed.)
  const refuseHeavyClients = (request: FastifyRequest, reply: FastifyReply): string | object | undefined => {
    const client = (reply.raw as CountedResponse)[CLIENT];
    if (client === undefined || !shares.refuses(client)) return undefined;
    if (refused === 0) app.log.warn({ inFlight: shares.inFlight }, 'shedding load');
    refused += 1;
    void reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store');
    if (!wantsPage(request)) return { message: OVERLOAD_MESSAGE };
    void reply.type('text/html; charset=utf-8');
    return OVERLOAD_PAGE;
  };

  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    // Utilisation over the last sample, not since the process started.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: sampleIntervalMs,
    retryAfter: retryAfterSeconds,
    // Its README: "any other return value than a promise or nullish will be sent to the client";
    // its types only allow void.
    pressureHandler: refuseHeavyClients as unknown as UnderPressureOptions['pressureHandler'],
    // Its "health check" is any periodic verdict; false puts the server under pressure until the
    // next one. Run every sample, like its own checks.
    ...(maxQueueWaitMs > 0 && {
      healthCheck: async () => queue.endSample(performance.now()) <= maxQueueWaitMs,
      healthCheckInterval: sampleIntervalMs,
    }),
  });

  if (maxQueueWaitMs === 0) return;
  // Registered after under-pressure, so it runs only for the requests its hook let in.
  app.addHook('onRequest', (_request, reply, done) => {
    const response = reply.raw as CountedResponse;
    if (response[CLIENT] !== undefined) {
      queue.letIn();
      response[LET_IN] = true;
    }
    done();
  });
}
