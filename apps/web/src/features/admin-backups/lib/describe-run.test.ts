import { describe, expect, it } from 'vitest';
import { describeCounts, formatRunTime, formatSize } from './describe-run';

describe('describing a backup run', () => {
  it.each([
    [0, '0 bytes'],
    [512, '512 bytes'],
    [2_048, '2 KB'],
    [13_002_342, '12.4 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('names each count in the singular or plural, in Indian digit grouping', () => {
    expect(describeCounts({ machines: 3, spareParts: 25, services: 4, inquiries: 12, users: 2, images: 160 })).toBe(
      '3 machines · 25 spare parts · 4 services · 12 inquiries · 2 staff · 160 pictures',
    );
    expect(describeCounts({ machines: 1, spareParts: 100_000, services: 0, inquiries: 1, users: 1, images: 1 })).toBe(
      '1 machine · 1,00,000 spare parts · 0 services · 1 inquiry · 1 staff · 1 picture',
    );
  });

  it('gives the start in Indian time whatever the browser’s zone', () => {
    expect(formatRunTime('2026-11-24T21:30:00.000Z')).toMatch(/^25 Nov 2026, 3:00\s?am$/i);
  });
});
