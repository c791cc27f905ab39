import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginInputSchema } from '@capstan/shared';
import { requireSession } from '../../plugins/authentication';
import { login, logout } from './auth.service';
import type { AppContext } from '../../app-context';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/login',
      { schema: { body: loginInputSchema }, config: { access: 'public' } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The throttle is keyed on the connection's address only: nothing in the body can change it.
        return login(ctx.db, request.body, `ip:${request.ip}`);
      },
    );

    app.get('/api/auth/me', { config: { access: 'admin' } }, async (request) => ({
      user: requireSession(request).user,
    }));

    app.post('/api/auth/logout', { config: { access: 'admin' } }, async (request) => {
      await logout(ctx.db, requireSession(request).tokenHash);
      return { message: 'Logged out' };
    });
  };
