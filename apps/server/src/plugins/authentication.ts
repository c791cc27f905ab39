import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { type Permission, roleCan } from '@capstan/shared';
import type { Database } from '../db/schema';
import { HttpError } from '../http-error';
import { type AuthenticatedSession, authenticate } from '../modules/auth/auth.service';

export type RouteAccess = 'public' | 'admin';

/** A staff route every role may use: one's own account, signing out, the dashboard's counts. */
export const ANY_STAFF = 'any-staff';
export type RoutePermission = Permission | typeof ANY_STAFF;

/** A staff route, as the route table declares it (the role matrix test walks these). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  permission: RoutePermission | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Writes default to admin, reads to public. */
    access?: RouteAccess;
    /**
     * What a staff route needs beyond being signed in: its role's permission (decision 024). Left out, only an owner
     * may use the route, so a route that forgets to say is closed rather than open.
     */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    session: AuthenticatedSession | null;
  }
  interface FastifyInstance {
    /** Every route registered after the authentication plugin, with its access and permission. */
    declaredRoutes: DeclaredRoute[];
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
export const FORBIDDEN_MESSAGE = 'Your role does not allow this. Please ask an owner if you need it.';

function resolveAccess(method: string, declared: RouteAccess | undefined): RouteAccess {
  return declared ?? (READ_METHODS.has(method) ? 'public' : 'admin');
}

/** Whether a staff role may use a route that declares `permission` (none declared: owners only). */
export function permits(session: Pick<AuthenticatedSession, 'role'>, permission: RoutePermission | undefined): boolean {
  if (permission === ANY_STAFF) return true;
  if (permission === undefined) return session.role === 'owner';
  return roleCan(session.role, permission);
}

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
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      declaredRoutes.push({
        method,
        url: route.url,
        access: resolveAccess(method, route.config?.access),
        permission: route.config?.permission,
      });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request);
    if (token) request.session = await authenticate(db, token);
    if (request.session) reply.header('cache-control', 'no-store');

    const config = request.routeOptions.config;
    if (resolveAccess(request.method, config?.access) === 'admin') {
      reply.header('cache-control', 'no-store');
      if (!request.session) {
        throw new HttpError(401, AUTH_REQUIRED_MESSAGE, { 'www-authenticate': 'Bearer' });
      }
      // Still in onRequest: a refused request's body is never read, so a refused upload is not streamed.
      if (!permits(request.session, config?.permission)) throw new HttpError(403, FORBIDDEN_MESSAGE);
    }
  });
}

/** The signed-in admin of a route declared `access: 'admin'` (or a write). */
export function requireSession(request: FastifyRequest): AuthenticatedSession {
  if (!request.session) throw new HttpError(401, AUTH_REQUIRED_MESSAGE);
  return request.session;
}
