import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { catalogueChangesBetween, readCatalogueRevision } from './catalogue-revision.repository';
import { PublicResponseCache } from './public-response-cache';

// One cache per database handle, i.e. per process in production. Keyed by the handle (not a
// module singleton) so that several apps in one test process each have their own.
const caches = new WeakMap<Kysely<Database>, PublicResponseCache>();

/** The cache of public catalogue responses served from `db`. */
export function catalogueResponseCache(db: Kysely<Database>): PublicResponseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PublicResponseCache({
      readRevision: () => readCatalogueRevision(db),
      readChanges: async (from, to) => (await catalogueChangesBetween(db, from, to)).answers,
    });
    caches.set(db, cache);
  }
  return cache;
}
