import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';
import * as initial from './migrations/2026-11-21-001-initial';
import * as inquiryProduct from './migrations/2026-11-21-002-inquiry-product';
import * as catalogueRevision from './migrations/2026-11-21-003-catalogue-revision';
import * as auditLog from './migrations/2026-11-21-004-audit-log';
import * as staffAccounts from './migrations/2026-11-21-005-staff-accounts';
import * as featuredPosition from './migrations/2026-11-23-013-featured-position';
import * as signInLocks from './migrations/2026-11-23-016-sign-in-locks';
import * as staffRoles from './migrations/2026-11-24-401-staff-roles';
import * as siteSettings from './migrations/2026-11-24-101-site-settings';
import * as reviews from './migrations/2026-11-24-301-reviews';
import * as inquiryReferencesOutbox from './migrations/2026-11-24-201-inquiry-references-outbox';
import * as inquiryWorkflow from './migrations/2026-11-24-202-inquiry-workflow';
import * as rateLimits from './migrations/2026-11-24-601-rate-limits';
import * as catalogueModel from './migrations/2026-11-24-701-catalogue-model';
import * as itemTermsAndReviewedItems from './migrations/2026-11-26-401-item-terms-and-reviewed-items';
import * as inquiryServiceLabel from './migrations/2026-11-26-901-inquiry-service-label';
import type { Database } from './schema';

// Listed explicitly (not read from disk) so that migrations ship inside whatever runs the server.
export const migrations: Record<string, Migration> = {
  '2026-11-21-001-initial': initial,
  '2026-11-21-002-inquiry-product': inquiryProduct,
  '2026-11-21-003-catalogue-revision': catalogueRevision,
  '2026-11-21-004-audit-log': auditLog,
  '2026-11-21-005-staff-accounts': staffAccounts,
  '2026-11-23-013-featured-position': featuredPosition,
  '2026-11-23-016-sign-in-locks': signInLocks,
  '2026-11-24-401-staff-roles': staffRoles,
  '2026-11-24-101-site-settings': siteSettings,
  '2026-11-24-301-reviews': reviews,
  '2026-11-24-201-inquiry-references-outbox': inquiryReferencesOutbox,
  '2026-11-24-202-inquiry-workflow': inquiryWorkflow,
  '2026-11-24-601-rate-limits': rateLimits,
  '2026-11-24-701-catalogue-model': catalogueModel,
  '2026-11-26-401-item-terms-and-reviewed-items': itemTermsAndReviewedItems,
  '2026-11-26-901-inquiry-service-label': inquiryServiceLabel,
};

async function runMigrations(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/**
 * On PostgreSQL on one connection freed of the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS
 * is for requests: building an index on a large table may take minutes).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return runMigrations(db);
  await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      await runMigrations(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
