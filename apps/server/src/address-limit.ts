import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export interface AddressLimitOptions {
  max: number;
  windowMs: number;
  /** What the visitor is told, given how many whole minutes are left until they may send again. */
  message: (minutes: number) => string;
}

/**
 * A per-address allowance for a public form, as a hook (onRequest or preHandler): over it, a 429
 * with `Retry-After` and a message in plain words. Each call is a bucket of its own, so one form's
 * visitors never use up another's allowance; share the returned hook between the JSON route and
 * the plain HTML form of one form so that switching between them does not double it.
 */
export function addressLimit(app: FastifyInstance, options: AddressLimitOptions) {
  const check = app.createRateLimit({ max: options.max, timeWindow: options.windowMs });
  return async (request: FastifyRequest) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
    throw new HttpError(429, options.message(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) });
  };
}
