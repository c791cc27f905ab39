import type { BackupCounts } from '@capstan/shared';
import { formatIndianNumber } from '@/lib/format';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const startedAt = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

export function formatRunTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : startedAt.format(date);
}

// Binary units, as the upload limits are stated (10 MB = 10 × 1024 × 1024 bytes).
const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** "12.4 MB", "830 KB", "512 bytes". */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${oneDecimal.format(value)} ${SIZE_UNITS[unit]}`;
}

/** What a backup holds, in the order staff think of the site; singular and plural names. */
const COUNT_NAMES: [keyof BackupCounts, string, string][] = [
  ['machines', 'machine', 'machines'],
  ['spareParts', 'spare part', 'spare parts'],
  ['services', 'service', 'services'],
  ['inquiries', 'inquiry', 'inquiries'],
  ['users', 'staff', 'staff'],
  ['images', 'picture', 'pictures'],
];

/** "3 machines · 25 spare parts · 4 services · 12 inquiries · 2 staff · 160 pictures". */
export function describeCounts(counts: BackupCounts): string {
  return COUNT_NAMES.map(
    ([key, one, many]) => `${formatIndianNumber(counts[key])} ${counts[key] === 1 ? one : many}`,
  ).join(' · ');
}
