import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupScheduleSchema, idParamsSchema } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import {
  backupsOverview,
  backupsUnderWay,
  openBackupArchive,
  saveBackupSchedule,
  startBackupNow,
} from './scheduled-backups.service';

const access = { access: 'admin', permission: 'site.backups' } as const;

/** Site → Backups (decision 068): the owner's daily backup, its runs, one by hand, a download. */
export const backupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // A backup started by hand finishes (and is recorded) before the app closes.
    app.addHook('onClose', async () => {
      await backupsUnderWay(ctx.db);
    });

    app.get('/api/admin/backups', { config: access }, async () => backupsOverview(ctx));

    app.put(
      '/api/admin/backups/schedule',
      { schema: { body: backupScheduleSchema }, config: access },
      async (request) => saveBackupSchedule(ctx, request.body),
    );

    app.post('/api/admin/backups', { config: access }, async (_request, reply) =>
      reply.status(202).send(await startBackupNow(ctx)),
    );

    app.get(
      '/api/admin/backups/:id/download',
      { compress: false, schema: { params: idParamsSchema }, config: access },
      async (request, reply) => {
        const { fileName, archive } = await openBackupArchive(ctx, request.params.id);
        reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store');
        if (archive.size !== undefined) reply.header('content-length', String(archive.size));
        return reply.send(archive.body);
      },
    );
  };
