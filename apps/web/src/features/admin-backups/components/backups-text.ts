import type { BackupRun } from '@capstan/shared';
import type { BackOfficeKey } from '@/lib/i18n/admin';

// The Backups screen's visible texts are `adminBackups.*` messages; these name them by value.

/** The runs table's columns, in order. */
export const COLUMN_KEYS = [
  'adminBackups.columnStarted',
  'adminBackups.columnBy',
  'adminBackups.columnResult',
  'adminBackups.columnSize',
  'adminBackups.columnContents',
  'adminBackups.columnArchive',
] as const satisfies readonly BackOfficeKey[];

export const TRIGGER_LABELS: Record<BackupRun['trigger'], BackOfficeKey> = {
  scheduled: 'adminBackups.triggerScheduled',
  manual: 'adminBackups.triggerManual',
};

export const STATUS_LABELS: Record<BackupRun['status'], BackOfficeKey> = {
  running: 'adminBackups.statusRunning',
  succeeded: 'adminBackups.statusSucceeded',
  failed: 'adminBackups.statusFailed',
};

/** Shown where a run has no size, contents or archive. */
export const NONE = '—';
