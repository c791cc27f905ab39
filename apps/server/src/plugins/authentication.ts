import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Permission } from '@capstan/shared';
import type { Database } from '../db/schema';
import { HttpError } from '../http-error';
import { type AuthenticatedSession, authenticate } from '../modules/auth/auth.service';

export type RouteAccess = 'public' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Writes default to admin, reads to public. */
    access?: RouteAccess;
    /** What a staff route needs beyond being signed in (issue 17 roles; enforced by role). */
    permission?: Permission;
  }
  interface FastifyRequest {
    session: AuthenticatedSession | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Secure by default: every write under /api needs a valid admin session unless its route
 * says `access: 'public'`, so a new route cannot forget the check. Runs before the body is
 * read, so an anonymous upload is refused without being streamed.
 */
export function registerAuthentication(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    if (token) request.session = await authenticate(db, token);
    if (request.session) reply.header('cache-control', 'no-store');

    const declared = request.routeOptions.config?.access;
    const access: RouteAccess = declared ?? (READ_METHODS.has(request.method) ? 'public' : 'admin');
    if (access === 'admin') {
      reply.header('cache-control', 'no-store');
      if (!request.session) {
        throw new HttpError(401, AUTH_REQUIRED_MESSAGE, { 'www-authenticate': 'Bearer' });
      }
    }
  });
}

/** The signed-in admin of a route declared `access: 'admin'` (or a write). */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  return request.session;
}
