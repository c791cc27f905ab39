import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { LoadGuard, QueueDelayMeter } from './load-guard';

export const OVERLOAD_MESSAGE = 'The server is too busy right now. Please try again in a few seconds.';

/**
 * Not shed: a supervisor that sees a busy server's health check fail restarts it, dropping the
 * requests it was working through and making the overload worse. The route still reports a
 * broken database or uploads folder.
 */
const NEVER_SHED = new Set(['/api/health']);

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
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { maxEventLoopDelayMs, sustainedMs, minInFlight, retryAfterSeconds, sampleIntervalMs } = config.overload;
  if (maxEventLoopDelayMs === 0) return;
  const guard = new LoadGuard({ maxDelayMs: maxEventLoopDelayMs, sustainedMs, minInFlight });
  const meter = new QueueDelayMeter();
  app.decorate('loadGuard', guard);

  // A timer's lateness is how long anything that becomes ready now (a new request) waits for the loop;
  // the meter adds how long the requests that ended spent in the server.
  let timer: NodeJS.Timeout | undefined;
  let lastSampleAt = performance.now();
  const schedule = () => {
    const due = performance.now() + sampleIntervalMs;
    timer = setTimeout(() => {
      const now = performance.now();
      const wasShedding = guard.isShedding;
      guard.recordDelay(meter.sample(Math.max(0, now - due), guard.inFlight, now - lastSampleAt), now);
      lastSampleAt = now;
      // One line per change, not per refused request: thousands of warnings would add to the load.
      if (guard.isShedding !== wasShedding) {
        app.log.warn({ inFlight: guard.inFlight }, guard.isShedding ? 'shedding load' : 'stopped shedding load');
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

  app.addHook('onRequest', (request, reply, done) => {
    if (NEVER_SHED.has(request.routeOptions.url ?? '') || !fromNetwork(request)) return done();
    const client = request.ip;
    if (guard.admit(client)) {
      const started = performance.now();
      // 'close' follows a finished answer and an aborted one alike, so the count never leaks.
      reply.raw.once('close', () => {
        guard.release(client);
        meter.finished(performance.now() - started);
      });
      return done();
    }
    // Fastify skips the route for a reply already sent by an onRequest hook.
    void reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ message: OVERLOAD_MESSAGE });
  });
}
