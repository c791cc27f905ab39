import { BACKUP_KEEP_MAX, type BackupRun } from '@capstan/shared';

// The Backups screen's visible texts, in one place.
export const BACKUPS_TEXT = {
  description: 'Each backup holds the whole database and every picture. Keep copies off this machine too.',
  destination: (destination: string) => `Backups are kept in ${destination}.`,
  loadProblem: 'Could not load the backups.',

  schedule: 'Daily backup',
  enabled: 'Back up every day',
  time: 'Time (India)',
  timeHint: 'The backup starts at this time every day.',
  keep: 'Keep the newest',
  keepSuffix: 'backups',
  keepHint: `From 1 to ${BACKUP_KEEP_MAX}; older backups are removed.`,
  save: 'Save',
  saving: 'Saving...',
  savedTitle: 'Just saved',
  saved: 'Daily backup saved.',
  notSavedTitle: 'Not saved',
  notSaved: 'The daily backup could not be saved.',
  stale: 'Someone else changed the daily backup while you were editing. Reload to see their version.',

  history: 'Backup history',
  historyHint: 'Every backup, newest first.',
  backUpNow: 'Back up now',
  starting: 'Starting...',
  running: 'A backup is running. This list updates by itself until it finishes.',
  notStartedTitle: 'Backup not started',
  notStarted: 'The backup could not be started. Please try again.',
  empty: 'No backups yet.',
  table: 'Backups table',
  list: 'Backups',
  columns: {
    started: 'Started',
    by: 'By',
    result: 'Result',
    size: 'Size',
    contents: 'Contents',
    archive: 'Archive',
  },
  download: 'Download',
  downloading: 'Downloading...',
  downloadWhich: (startedAt: string) => ` the backup of ${startedAt}`,
  downloadFailedTitle: 'Download failed',
  downloadFailed: 'The backup could not be downloaded. Please try again.',
  removed: 'Removed',
  none: '—',
} as const;

export const TRIGGER_LABELS: Record<BackupRun['trigger'], string> = {
  scheduled: 'Schedule',
  manual: 'By hand',
};

export const STATUS_LABELS: Record<BackupRun['status'], string> = {
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
};
