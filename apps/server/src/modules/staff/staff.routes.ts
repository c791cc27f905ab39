import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, staffInviteInputSchema, staffUpdateInputSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { inviteStaff, listStaff, resetTwoFactor, updateStaff } from './staff.service';

const STAFF_ONLY = { access: 'admin', permission: 'staff.manage' } as const;

export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/admin/staff', { config: STAFF_ONLY }, async () => listStaff(ctx));

    app.post(
      '/api/admin/staff',
      { schema: { body: staffInviteInputSchema }, config: STAFF_ONLY },
      async (request, reply) => reply.status(201).send(await inviteStaff(ctx, request.body)),
    );

    app.put(
      '/api/admin/staff/:id',
      { schema: { params: idParamsSchema, body: staffUpdateInputSchema }, config: STAFF_ONLY },
      async (request) => updateStaff(ctx, request.params.id, request.body),
    );

    app.post(
      '/api/admin/staff/:id/reset-two-factor',
      { schema: { params: idParamsSchema }, config: STAFF_ONLY },
      async (request) => resetTwoFactor(ctx, request.params.id),
    );
  };
