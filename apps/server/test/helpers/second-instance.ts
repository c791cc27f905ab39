import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import type { TestApp } from './test-app';

/** Another server on `a`'s database, over a connection of its own: a second process of a cluster (decision 029). */
export interface SecondInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
}

export async function secondInstance(a: TestApp): Promise<SecondInstance> {
  const database = createDatabase(a.config);
  const app = await buildApp({ config: a.config, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
