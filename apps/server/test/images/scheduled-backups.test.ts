import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MESSAGES, type BackupRun, type BackupSchedule, type BackupsOverview } from '@capstan/shared';
import { insertBackupRun } from '../../src/modules/backup/backup-runs.repository';
import { DATABASE_ENTRY, POSTGRES_DUMP_ENTRY } from '../../src/modules/backup/manifest';
import { scheduledBackupJob } from '../../src/modules/backup/scheduled-backup-job';
import { BACKUP_RUNNING_MESSAGE } from '../../src/modules/backup/scheduled-backups.service';
import { createMachine, createPart } from '../helpers/items';
import { signInAs } from '../helpers/staff';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Site → Backups (decision 068), on whatever the pass gives: SQLite and a folder, or PostgreSQL
// with images (and so the archives) in an S3 bucket.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await createMachine(t, token, { name: 'Backup Lathe' });
  await createPart(t, token, { name: 'Backup Collet' });
});
afterAll(async () => t.close());

const overview = async (app: TestApp = t, auth = token) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/admin/backups', headers: bearer(auth) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BackupsOverview>();
};
const saveSchedule = (payload: object, app: TestApp = t, auth = token) =>
  app.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', payload, headers: bearer(auth) });
const startBackup = (app: TestApp = t, auth = token) =>
  app.app.inject({ method: 'POST', url: '/api/admin/backups', headers: bearer(auth) });

/** Waits for a run started by hand to finish. */
async function finished(id: string, app: TestApp = t, auth = token): Promise<BackupRun> {
  for (let tries = 0; tries < 300; tries += 1) {
    const run = (await overview(app, auth)).runs.find((candidate) => candidate.id === id);
    if (run && run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`backup ${id} did not finish`);
}

async function backUpNow(): Promise<BackupRun> {
  const response = await startBackup();
  expect(response.statusCode, response.body).toBe(202);
  const started = response.json<BackupRun>();
  expect(started).toMatchObject({ status: 'running', trigger: 'manual', downloadable: false });
  return finished(started.id);
}

const download = (id: string, auth = token) =>
  t.app.inject({ method: 'GET', url: `/api/admin/backups/${id}/download`, headers: bearer(auth) });

describe('the daily backup schedule', () => {
  it('is off until an owner turns it on, and says where archives go', async () => {
    const { schedule, destination, runs } = await overview();
    expect(schedule).toEqual({ enabled: false, time: '02:00', keep: 7, updatedAt: null });
    expect(runs).toEqual([]);
    expect(destination).toBe(
      t.config.backupDestination.kind === 'folder'
        ? `the folder ${path.join(t.config.dataDir, 'backups')}`
        : `the bucket ${t.config.backupDestination.bucket}, under backups/`,
    );
  });

  it('refuses a wrong time or number to keep, or a save over a newer one, changing nothing', async () => {
    const before = (await overview()).schedule;
    for (const [payload, field, message] of [
      [{ enabled: true, time: '25:00', keep: 7 }, 'time', BACKUP_MESSAGES.time],
      [{ enabled: true, time: '2:00', keep: 7 }, 'time', BACKUP_MESSAGES.time],
      [{ enabled: true, time: '02:00', keep: 0 }, 'keep', BACKUP_MESSAGES.keep],
      [{ enabled: true, time: '02:00', keep: 61 }, 'keep', BACKUP_MESSAGES.keep],
      [{ enabled: 'yes', time: '02:00', keep: 7 }, 'enabled', BACKUP_MESSAGES.enabled],
    ] as const) {
      const response = await saveSchedule(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ issues: { path: string[]; message: string }[] }>().issues).toContainEqual({
        path: [field],
        message,
      });
    }
    const stale = await saveSchedule({ enabled: true, time: '03:30', keep: 5, updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect((await overview()).schedule).toEqual(before);
  });

  it('saves an owner’s time and number to keep, and records who changed them', async () => {
    const saved = await saveSchedule({ enabled: true, time: '03:30', keep: '5', updatedAt: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const schedule = saved.json<BackupSchedule>();
    expect(schedule).toMatchObject({ enabled: true, time: '03:30', keep: 5 });
    expect((await overview()).schedule).toEqual(schedule);
    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entry = activity
      .json<{ entries: { action: string; actor: { email: string } | null; changes: object }[] }>()
      .entries.find((candidate) => candidate.action === 'backup.schedule');
    expect(entry?.actor?.email).toBe(ADMIN_EMAIL);
    expect(entry?.changes).toMatchObject({ time: { before: '02:00', after: '03:30' }, keep: { before: 7, after: 5 } });
  });

  it('is for owners only: an editor and a salesperson are refused every call', async () => {
    for (const role of ['editor', 'sales'] as const) {
      const { token: other } = await signInAs(t, role);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: bearer(other) })).statusCode,
      ).toBe(403);
      expect((await saveSchedule({ enabled: false, time: '01:00', keep: 3 }, t, other)).statusCode).toBe(403);
      expect((await startBackup(t, other)).statusCode).toBe(403);
    }
    expect((await overview()).schedule.time).toBe('03:30');
  });
});

describe('backups', () => {
  it('one started by hand holds the catalogue, is listed with its size and counts, and downloads as a tar GNU tar reads', async () => {
    const run = await backUpNow();
    expect(run.status, run.error ?? '').toBe('succeeded');
    const users = (await t.ctx.db.selectFrom('users').select('id').execute()).length;
    expect(run).toMatchObject({
      trigger: 'manual',
      downloadable: true,
      counts: { machines: 1, spareParts: 1, services: 0, users },
    });
    expect(run.fileName).toMatch(/^capstan-\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-f]{6}\.tar\.gz$/);
    expect(run.sizeBytes).toBeGreaterThan(1000);

    const response = await download(run.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${run.fileName}"`);
    expect(response.rawPayload.length).toBe(run.sizeBytes);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'backup-download-')), 'archive.tar.gz');
    await fs.writeFile(file, response.rawPayload);
    const { stdout } = await promisify(execFile)('tar', ['-tzf', file]);
    const entries = stdout.split('\n');
    expect(entries).toContain('manifest.json');
    expect(entries).toContain(t.config.databaseUrl ? POSTGRES_DUMP_ENTRY : DATABASE_ENTRY);
    await fs.rm(path.dirname(file), { recursive: true, force: true });

    if (t.config.backupDestination.kind === 'folder') {
      const stat = await fs.stat(path.join(t.config.backupDestination.dir, run.fileName!));
      // Every password hash and inquiry is in it: readable by the server's user only.
      expect(stat.mode & 0o077).toBe(0);
    }
  });

  it('refuses a second backup while one runs', async () => {
    // Another instance's run, under way.
    await insertBackupRun(t.ctx.db, {
      id: '00000000-0000-4000-8000-0000000000b1',
      trigger: 'scheduled',
      started_at: new Date().toISOString(),
    });
    const response = await startBackup();
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(BACKUP_RUNNING_MESSAGE);
    await t.ctx.db.deleteFrom('backup_runs').where('id', '=', '00000000-0000-4000-8000-0000000000b1').execute();
  });

  it('keeps only the newest as many as the owner chose, removing the older archives', async () => {
    const schedule = (await overview()).schedule;
    expect((await saveSchedule({ ...schedule, keep: 2 })).statusCode).toBe(200);
    const older = (await overview()).runs.filter((run) => run.downloadable);
    const second = await backUpNow();
    const third = await backUpNow();
    const runs = (await overview()).runs;
    expect(runs.filter((run) => run.downloadable).map((run) => run.id)).toEqual([third.id, second.id]);
    for (const gone of older) {
      expect(runs.find((run) => run.id === gone.id)?.downloadable).toBe(false);
      expect((await download(gone.id)).statusCode).toBe(404);
    }
    expect((await download(second.id)).statusCode).toBe(200);
  });

  it('runs each day once its time has come in India, when turned on', async () => {
    const job = scheduledBackupJob(t.ctx);
    const schedule = (await overview()).schedule;
    expect((await saveSchedule({ ...schedule, enabled: true, time: '02:00', keep: 5 })).statusCode).toBe(200);
    // 02:00 in India is 20:30 UTC the day before.
    expect(await job.dueOccurrence(new Date('2026-11-26T20:29:00Z'))).toBeNull();
    expect(await job.dueOccurrence(new Date('2026-11-26T20:30:00Z'))).toBe('2026-11-27');
    expect(await job.dueOccurrence(new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-27');
    const detail = await job.run('2026-11-27', new Date());
    expect(detail).toMatch(/^capstan-.*\.tar\.gz, \d+ bytes$/);
    expect((await overview()).runs[0]).toMatchObject({ trigger: 'scheduled', status: 'succeeded', downloadable: true });

    const current = (await overview()).schedule;
    expect((await saveSchedule({ ...current, enabled: false })).statusCode).toBe(200);
    expect(await job.dueOccurrence(new Date('2026-11-27T12:00:00Z'))).toBeNull();
  });
});

describe('a backup that fails', () => {
  it('is listed with its reason, fails the scheduled run and emails every owner', async () => {
    const blocked = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-blocked-'));
    // A file where the folder should be: the archive cannot be stored.
    const notAFolder = path.join(blocked, 'not-a-folder');
    await fs.writeFile(notAFolder, 'x');
    const app = await createTestApp({ images: 'local', env: { BACKUP_DIR: notAFolder } });
    try {
      const owner = await app.login();
      const job = scheduledBackupJob(app.ctx);
      await expect(job.run('2026-11-27', new Date())).rejects.toThrow();
      const [run] = (await overview(app, owner)).runs;
      expect(run).toMatchObject({ trigger: 'scheduled', status: 'failed', downloadable: false, fileName: null });
      expect(run?.error).toBeTruthy();
      const mail = await app.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'backup.failed').execute();
      expect(mail).toHaveLength(1);
      expect(JSON.parse(mail[0]!.recipients)).toEqual([ADMIN_EMAIL]);
      expect(mail[0]!.text_body).toContain(run!.error!);
      // Nothing half-written is left behind.
      expect(await fs.readdir(path.join(app.config.dataDir, '.backup-outgoing'))).toEqual([]);
    } finally {
      await app.close();
      await fs.rm(blocked, { recursive: true, force: true });
    }
  });
});
