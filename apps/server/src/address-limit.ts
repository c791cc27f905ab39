import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export interface AddressLimitOptions {
  /**
   * Names the allowance in the shared count (decision 027): every process counts a client's
   * requests under this name, and limits with different names never use up each other's.
   */
  name: string;
  max: number;
  windowMs: number;
  /** What the visitor is told, given how many whole minutes are left until they may send again. */
  message: (minutes: number) => string | Promise<string>;
}

/**
 * A per-address allowance for a public form, as a hook (onRequest or preHandler): over it, a 429
 * with `Retry-After` and a message in plain words. The count lives in the database (the store
 * given to @fastify/rate-limit in app.ts), so it holds across processes. Share the returned hook
 * between the JSON route and the plain HTML form of one form so that switching between them
 * does not double it.
 */
export function addressLimit(app: FastifyInstance, options: AddressLimitOptions) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    // The address as the plugin's own key has it (an IPv6 client by its /64), after the limit's name.
    keyGenerator: (request) => `${options.name} ${normalizeIP(request.ip)}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
    throw new HttpError(429, await options.message(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) });
  };
}
