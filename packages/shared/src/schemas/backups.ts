import { z } from './zod';

/** How many scheduled backups may be kept: enough for two months of dailies. */
export const BACKUP_KEEP_MAX = 60;

export const BACKUP_MESSAGES = {
  time: 'Enter the time as HH:MM, from 00:00 to 23:59 (India time)',
  keep: `Keep a whole number of backups from 1 to ${BACKUP_KEEP_MAX}`,
  enabled: 'Choose whether daily backups run',
} as const;

/** A time of day in India, as staff type it and the schedule stores it. */
const timeOfDay = z.string({ message: BACKUP_MESSAGES.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, BACKUP_MESSAGES.time);

/** Whole numbers from a form arrive as text. */
const keepCount = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
  z
    .number({ message: BACKUP_MESSAGES.keep })
    .int({ message: BACKUP_MESSAGES.keep })
    .min(1, { message: BACKUP_MESSAGES.keep })
    .max(BACKUP_KEEP_MAX, { message: BACKUP_MESSAGES.keep }),
);

/** `PUT /api/admin/backups/schedule` and the Backups form: one schema for both. */
export const backupScheduleSchema = z.object({
  enabled: z.boolean({ message: BACKUP_MESSAGES.enabled }),
  time: timeOfDay,
  keep: keepCount,
  /** The version the form was read at; a save over a newer one is refused (409). */
  updatedAt: z.string().nullable().optional(),
});
export type BackupScheduleInput = z.input<typeof backupScheduleSchema>;

/** The daily schedule as stored; `updatedAt` null until first saved. */
export interface BackupSchedule {
  enabled: boolean;
  time: string;
  keep: number;
  updatedAt: string | null;
}

export interface BackupCounts {
  machines: number;
  spareParts: number;
  services: number;
  inquiries: number;
  users: number;
  images: number;
}

export type BackupRunStatus = 'running' | 'succeeded' | 'failed';

/** One backup run, scheduled or started by hand. */
export interface BackupRun {
  id: string;
  trigger: 'scheduled' | 'manual';
  status: BackupRunStatus;
  startedAt: string;
  finishedAt: string | null;
  /** The archive's name where it is kept; null until written. */
  fileName: string | null;
  sizeBytes: number | null;
  counts: BackupCounts | null;
  /** Why a failed run failed, in a sentence. */
  error: string | null;
  /** Still kept (not yet removed to keep only the newest): an owner may download it. */
  downloadable: boolean;
}

/** `GET /api/admin/backups`. */
export interface BackupsOverview {
  schedule: BackupSchedule;
  /** Where archives go, for people: "the folder /srv/capstan/backups" or "the bucket capstan, under backups/". */
  destination: string;
  /** Newest first, at most 100. */
  runs: BackupRun[];
}
