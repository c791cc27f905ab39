import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Claims an occurrence for `owner` until `leaseUntil`: the first process to insert its row has it;
 * another may take it over only when it is unfinished and its lease has run out (its process died).
 * Each statement decides on its own row, so two processes racing never both get true.
 */
export async function claimRun(
  db: Kysely<Database>,
  run: { job: string; occurrence: string; owner: string; now: string; leaseUntil: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('scheduled_runs')
    .values({
      job: run.job,
      occurrence: run.occurrence,
      claimed_by: run.owner,
      lease_until: run.leaseUntil,
      started_at: run.now,
      finished_at: null,
      outcome: null,
      detail: null,
    })
    .onConflict((conflict) => conflict.columns(['job', 'occurrence']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const takenOver = await db
    .updateTable('scheduled_runs')
    .set({ claimed_by: run.owner, lease_until: run.leaseUntil, started_at: run.now })
    .where('job', '=', run.job)
    .where('occurrence', '=', run.occurrence)
    .where('finished_at', 'is', null)
    .where('lease_until', '<', run.now)
    .executeTakeFirst();
  return Number(takenOver.numUpdatedRows) === 1;
}

export async function finishRun(
  db: Kysely<Database>,
  run: { job: string; occurrence: string; owner: string; now: string; outcome: 'done' | 'failed'; detail: string },
): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ finished_at: run.now, outcome: run.outcome, detail: run.detail.slice(0, 500) })
    .where('job', '=', run.job)
    .where('occurrence', '=', run.occurrence)
    .where('claimed_by', '=', run.owner)
    .execute();
}

export async function runsOf(db: Kysely<Database>, job: string) {
  return db.selectFrom('scheduled_runs').selectAll().where('job', '=', job).orderBy('occurrence', 'desc').execute();
}
