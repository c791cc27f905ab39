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
import * as scheduledRuns from './migrations/2026-11-27-101-scheduled-runs';
import * as catalogueChanges from './migrations/2026-11-27-102-catalogue-changes';
import * as scheduledBackups from './migrations/2026-11-27-103-scheduled-backups';
import * as catalogueSearch from './migrations/2026-11-27-201-catalogue-search';
import * as staffLanguage from './migrations/2026-11-27-301-staff-language';
import * as contentTranslations from './migrations/2026-11-28-101-content-translations';
import * as inquiryLanguage from './migrations/2026-11-28-201-inquiry-language';
import * as inquiryItems from './migrations/2026-11-29-101-inquiry-items';
import * as itemGst from './migrations/2026-11-29-301-item-gst';
import * as quotations from './migrations/2026-11-29-501-quotations';
import * as installedBase from './migrations/2026-11-30-101-installed-base';
import * as searchCodePrefix from './migrations/2026-11-30-201-search-code-prefix';
import * as searchRowsBefore from './migrations/2026-11-30-301-search-rows-before';
import * as searchRowsNarrowing from './migrations/2026-11-30-401-search-rows-narrowing';
import * as searchPriceInPlace from './migrations/2026-12-01-101-search-price-in-place';
import * as fitsByMachine from './migrations/2026-12-01-201-fits-by-machine';
import * as searchPrices from './migrations/2026-12-01-301-search-prices';
import * as specNumbersByValue from './migrations/2026-12-01-401-spec-numbers-by-value';
import * as specValuesFirstByValue from './migrations/2026-12-02-101-spec-values-first-by-value';
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
  '2026-11-27-101-scheduled-runs': scheduledRuns,
  '2026-11-27-102-catalogue-changes': catalogueChanges,
  '2026-11-27-103-scheduled-backups': scheduledBackups,
  '2026-11-27-201-catalogue-search': catalogueSearch,
  '2026-11-27-301-staff-language': staffLanguage,
  '2026-11-28-101-content-translations': contentTranslations,
  '2026-11-28-201-inquiry-language': inquiryLanguage,
  '2026-11-29-101-inquiry-items': inquiryItems,
  '2026-11-29-301-item-gst': itemGst,
  '2026-11-29-501-quotations': quotations,
  '2026-11-30-101-installed-base': installedBase,
  '2026-11-30-201-search-code-prefix': searchCodePrefix,
  '2026-11-30-301-search-rows-before': searchRowsBefore,
  '2026-11-30-401-search-rows-narrowing': searchRowsNarrowing,
  '2026-12-01-101-search-price-in-place': searchPriceInPlace,
  '2026-12-01-201-fits-by-machine': fitsByMachine,
  '2026-12-01-301-search-prices': searchPrices,
  '2026-12-01-401-spec-numbers-by-value': specNumbersByValue,
  '2026-12-02-101-spec-values-first-by-value': specValuesFirstByValue,
};

async function runMigrations(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

/** What migrating found: names the database has run that this release does not know (a newer release's). */
export interface MigrationOutcome {
  newerMigrations: string[];
}

async function executedMigrations(db: Kysely<Database>): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((row) => row.name);
  } catch {
    return []; // a new database: no migration table yet
  }
}

/**
 * Migrations only add (expand); what a release stops using is removed by a later one (contract),
 * once no older release runs (decision 065). So a database migrated by a newer release serves this
 * one as it is: its unknown migrations are reported, not refused, and nothing is migrated.
 */
async function migrate(db: Kysely<Database>): Promise<MigrationOutcome> {
  const executed = await executedMigrations(db);
  const newerMigrations = executed.filter((name) => !Object.hasOwn(migrations, name));
  if (newerMigrations.length === 0) {
    await runMigrations(db);
    return { newerMigrations };
  }
  const missing = Object.keys(migrations).filter((name) => !executed.includes(name));
  if (missing.length > 0) {
    throw new Error(
      `The database was migrated by another release (${newerMigrations.join(', ')}) but lacks this release's ` +
        `${missing.join(', ')}: it is not a newer release of this one. Run the release that migrated it.`,
    );
  }
  return { newerMigrations };
}

/**
 * On PostgreSQL on one connection freed of the pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS
 * is for requests: building an index on a large table may take minutes).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationOutcome> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}
