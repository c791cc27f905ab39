import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { pingDatabase } from './health.repository';

type PartStatus = HealthResponse['database'];
export type HealthReport = HealthResponse;

async function check(part: () => Promise<void>, onError: (error: unknown) => void): Promise<PartStatus> {
  try {
    await part();
    return 'ok';
  } catch (error) {
    onError(error);
    return 'failing';
  }
}

/**
 * For load balancers and uptime monitors: 200 only when the server can both read the database
 * and store an upload (in the image store, whichever it is); otherwise 503 naming the part that failed.
 */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/health', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [database, uploads] = await Promise.all([
        check(
          () => pingDatabase(ctx.db),
          (err) => request.log.warn({ err }, 'health: database check failed'),
        ),
        check(
          () => ctx.images.probe(),
          (err) => request.log.warn({ err }, 'health: image store check failed'),
        ),
      ]);
      if (database === 'ok' && uploads === 'ok') {
        const body: HealthReport = { status: 'ok', database, uploads };
        return body;
      }
      const failing = [
        database === 'failing' ? 'the database cannot be read' : null,
        uploads === 'failing'
          ? ctx.images.kind === 'local'
            ? 'the upload folder cannot be written (is the disk full?)'
            : 'the image store cannot be written (is the bucket reachable and writable, and the disk not full?)'
          : null,
      ].filter((part) => part !== null);
      const body: HealthReport = { status: 'failing', database, uploads, message: `Unhealthy: ${failing.join('; ')}` };
      return reply.status(503).send(body);
    });
  };
