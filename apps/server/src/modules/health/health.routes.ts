import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { databaseAnswers } from '../../db/database-answers';
import { DatabaseReadiness } from './database-readiness';
import { pingDatabase } from './health.repository';

export type HealthReport = HealthResponse;

/**
 * Readiness, for load balancers and uptime monitors (decision 064): 503 only when the database
 * cannot be used, from its last answer (a ping, or any request's statement) at most about a second
 * old, so the answer never waits on the database and costs it nothing. The image store is reported
 * from its recent real operations: reads still work while a bucket is down, so a failing store does
 * not make the instance unready.
 */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readiness = new DatabaseReadiness(
      () => pingDatabase(ctx.db),
      (ready, error) => {
        if (ready) app.log.info('health: the database answers again');
        else app.log.warn({ err: error }, 'health: the database does not answer');
      },
      () => databaseAnswers(ctx.db)?.lastAt ?? -Infinity,
    );
    app.addHook('onClose', async () => readiness.stop());

    app.get('/api/health', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const database = (await readiness.ready()) ? 'ok' : 'failing';
      const uploads = ctx.images.status.state;
      const failing = [
        database === 'failing' ? 'the database cannot be read' : null,
        uploads === 'failing'
          ? ctx.images.kind === 'local'
            ? 'uploads are failing: the upload folder cannot be written (is the disk full?)'
            : 'uploads are failing: the image store cannot be written (is the bucket reachable and writable?)'
          : null,
      ].filter((part) => part !== null);
      if (failing.length === 0) return { status: 'ok', database, uploads } satisfies HealthReport;
      const message = `${database === 'ok' ? 'Degraded' : 'Unhealthy'}: ${failing.join('; ')}`;
      if (database === 'ok') return { status: 'degraded', database, uploads, message } satisfies HealthReport;
      return reply.status(503).send({ status: 'failing', database, uploads, message } satisfies HealthReport);
    });
  };
