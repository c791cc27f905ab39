import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { PublicResponseCache } from '../catalogue/public-response-cache';
import { readReviewsRevision } from './reviews.repository';

// As the catalogue's: one cache per database handle (a process in production), its entries valid
// while the reviews revision they were built from is current; other processes' approvals are
// noticed within the cache's revision check interval (a second).
const caches = new WeakMap<Kysely<Database>, PublicResponseCache>();

export function reviewsResponseCache(db: Kysely<Database>): PublicResponseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PublicResponseCache({ readRevision: () => readReviewsRevision(db), maxEntries: 8 });
    caches.set(db, cache);
  }
  return cache;
}
