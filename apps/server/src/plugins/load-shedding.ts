import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

export const OVERLOAD_MESSAGE = 'The server is too busy right now. Please try again in a few seconds.';

/**
 * Not shed: a supervisor that sees a busy server's health check fail restarts it, dropping the
 * requests it was working through and making the overload worse. The route still reports a
 * broken database or uploads folder.
 */
const NEVER_SHED = new Set(['/api/health']);

/**
 * Answers 503 + Retry-After before any work is done while the event loop is saturated, so a
 * burst degrades into quick refusals instead of every request timing out.
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, retryAfterSeconds, sampleIntervalMs } = config.overload;
  if (maxEventLoopDelayMs === 0 && maxEventLoopUtilization === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    // Measured over the last sample, not since start: a long-running server must still notice a spike.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: sampleIntervalMs,
    retryAfter: retryAfterSeconds,
    exposeStatusRoute: false,
    pressureHandler: (request, reply, type, value) => {
      if (NEVER_SHED.has(request.routeOptions.url ?? '')) return;
      request.log.warn({ type, value }, 'shedding load');
      // Fastify skips the route for a reply already sent by an onRequest hook.
      void reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ message: OVERLOAD_MESSAGE });
    },
  });
}
