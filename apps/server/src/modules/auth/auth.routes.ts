import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordInputSchema,
  disableTotpInputSchema,
  enableTotpInputSchema,
  loginInputSchema,
  loginTotpInputSchema,
  type MeResponse,
  ROLE_PERMISSIONS,
  staffLocaleInputSchema,
} from '@capstan/shared';
import { ANY_STAFF, requireSession } from '../../plugins/authentication';
import { accountSecurity, changePassword, confirmTotp, setupTotp, turnOffTotp } from './account.service';
import { login, logout } from './auth.service';
import { totpSecretBox } from './totp-secret-box';
import { findUserLocale, setUserLocale } from './users.repository';
import { completeTwoFactorLogin } from './two-factor-login';
import type { AppContext } from '../../app-context';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const secrets = totpSecretBox(ctx.config.totpEncryptionKey);
    app.post(
      '/api/auth/login',
      { schema: { body: loginInputSchema }, config: { access: 'public' } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The throttle is keyed on the connection's address only: nothing in the body can change it.
        return login(ctx.db, request.body, `ip:${request.ip}`);
      },
    );

    app.post(
      '/api/auth/login/totp',
      { schema: { body: loginTotpInputSchema }, config: { access: 'public' } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return completeTwoFactorLogin(ctx.db, secrets, request.body, `ip:${request.ip}`);
      },
    );

    app.get(
      '/api/auth/me',
      { config: { access: 'admin', permission: ANY_STAFF } },
      async (request): Promise<MeResponse> => {
        const session = requireSession(request);
        return {
          user: session.user,
          role: session.role,
          permissions: [...ROLE_PERMISSIONS[session.role]],
          locale: await findUserLocale(ctx.db, session.user.id),
        };
      },
    );

    // Each person's own choice: no permission beyond being signed in, and only their own account.
    app.put(
      '/api/auth/locale',
      { schema: { body: staffLocaleInputSchema }, config: { access: 'admin', permission: ANY_STAFF } },
      async (request) => {
        await setUserLocale(ctx.db, requireSession(request).user.id, request.body.locale);
        return { locale: request.body.locale };
      },
    );

    app.post('/api/auth/logout', { config: { access: 'admin', permission: ANY_STAFF } }, async (request) => {
      await logout(ctx.db, requireSession(request).tokenHash);
      return { message: 'Logged out' };
    });

    app.get('/api/auth/account', { config: { access: 'admin', permission: ANY_STAFF } }, async (request) =>
      accountSecurity(ctx.db, requireSession(request).user.id),
    );

    app.post(
      '/api/auth/password',
      { schema: { body: changePasswordInputSchema }, config: { access: 'admin', permission: ANY_STAFF } },
      async (request) => {
        const session = requireSession(request);
        await changePassword(ctx.db, { userId: session.user.id, tokenHash: session.tokenHash }, request.body);
        return { message: 'Password changed' };
      },
    );

    app.post('/api/auth/totp/setup', { config: { access: 'admin', permission: ANY_STAFF } }, async (request) =>
      setupTotp(ctx.db, secrets, requireSession(request).user.id),
    );

    app.post(
      '/api/auth/totp/enable',
      { schema: { body: enableTotpInputSchema }, config: { access: 'admin', permission: ANY_STAFF } },
      async (request) => {
        const session = requireSession(request);
        return confirmTotp(ctx.db, secrets, { userId: session.user.id, tokenHash: session.tokenHash }, request.body);
      },
    );

    app.post(
      '/api/auth/totp/disable',
      { schema: { body: disableTotpInputSchema }, config: { access: 'admin', permission: ANY_STAFF } },
      async (request) => {
        await turnOffTotp(ctx.db, secrets, requireSession(request).user.id, request.body);
        return { message: 'Two-factor sign-in is off' };
      },
    );
  };
