import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The part of npm's own version matcher this test uses (hoisted into node_modules by the tooling). */
interface Semver {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
}
const semver = createRequire(import.meta.url)('semver') as Semver;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as unknown;

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

const rootPackage = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const supported = rootPackage.engines.node;
/** The oldest release of each Node line the project says it runs on: `^20.19.0 || ^22.13.0`. */
const oldestOfEachLine = supported.split('||').map((range) => semver.minVersion(range.trim())!.version);

/** Installed here: an entry for another operating system or processor never is. */
const forThisPlatform = (entry: LockEntry) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe('the Node versions the project supports', () => {
  it('are the LTS line 22, and 20 from 20.19 on (24 not yet: better-sqlite3 12.6 aborts on it)', () => {
    expect(oldestOfEachLine).toEqual(['20.19.0', '22.13.0']);
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it('are accepted by every installed package, so npm install warns of no unsupported engine', () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (where === '' || !range || !forThisPlatform(entry)) continue;
      for (const version of oldestOfEachLine) {
        if (!semver.satisfies(version, range))
          refusing.push(`${where}@${entry.version} needs ${range}, not ${version}`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
