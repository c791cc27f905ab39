import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * Makes the request being handled reachable from services (catalogue, sign-in) that are not
 * given it, so that they can say who acted and from where without every route passing it on.
 * A preHandler runs after the body is parsed: the handler is called from within `run`, and the
 * await chain below it keeps the store (a hook before parsing would lose it across body events).
 * Must be registered before the routes it should cover.
 */
export function registerAuditRequestContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    currentRequest.run(request, done);
  });
}

/** The request being handled, if any (none in scripts, seeding and tests that call services directly). */
export function requestInScope(): FastifyRequest | undefined {
  return currentRequest.getStore();
}
