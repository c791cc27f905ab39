import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { BackupRun, BackupsOverview } from '@capstan/shared';
import { backupsQueryOptions, RUNNING_REFRESH_MS } from './get-backups';

function overview(...statuses: BackupRun['status'][]): BackupsOverview {
  return {
    schedule: { enabled: true, time: '03:00', keep: 14, updatedAt: null },
    destination: 'the folder /srv/capstan/backups',
    runs: statuses.map((status, index) => ({
      id: `b${index}`,
      trigger: 'manual',
      status,
      startedAt: '2026-11-24T21:30:00.000Z',
      finishedAt: null,
      fileName: null,
      sizeBytes: null,
      counts: null,
      error: null,
      downloadable: false,
    })),
  };
}

/** How soon the list asks again, given what it last read. */
function refreshAfter(data: BackupsOverview | undefined) {
  const interval = backupsQueryOptions.refetchInterval;
  if (typeof interval !== 'function') throw new Error('the refresh depends on the runs');
  return interval({ state: { data } } as Query<BackupsOverview, Error, BackupsOverview, string[]>);
}

describe('the backups list refresh', () => {
  it('asks again every 2 s while a backup runs', () => {
    expect(RUNNING_REFRESH_MS).toBe(2_000);
    expect(refreshAfter(overview('succeeded', 'running'))).toBe(2_000);
  });

  it('stops asking once none is running', () => {
    expect(refreshAfter(overview('succeeded', 'failed'))).toBe(false);
    expect(refreshAfter(overview())).toBe(false);
    expect(refreshAfter(undefined)).toBe(false);
  });
});
