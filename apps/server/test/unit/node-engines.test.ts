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
  name?: string;
  version?: string;
  optional?: boolean;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  hasInstallScript?: boolean;
}

const rootPackage = readJson('package.json') as { engines: { node: string }; allowScripts?: Record<string, boolean> };
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const supported = rootPackage.engines.node;
/** The oldest release of each Node line the project says it runs on: `^20.19.0 || ^22.13.0 || ^24.11.0`. */
const oldestOfEachLine = supported.split('||').map((range) => semver.minVersion(range.trim())!.version);

/** Installed here: an entry for another operating system or processor never is. */
const forThisPlatform = (entry: LockEntry) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe('the Node versions the project supports', () => {
  it('are the LTS lines 22 and 24, and 20 from 20.19 on', () => {
    expect(oldestOfEachLine).toEqual(['20.19.0', '22.13.0', '24.11.0']);
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it('are accepted by every installed package, so npm install warns of no unsupported engine', () => {
    const refusing: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      // npm leaves an optional package out, without a word, where its engines refuse the Node.
      if (where === '' || !range || !forThisPlatform(entry) || entry.optional) continue;
      for (const version of oldestOfEachLine) {
        if (!semver.satisfies(version, range))
          refusing.push(`${where}@${entry.version} needs ${range}, not ${version}`);
      }
    }
    expect(refusing).toEqual([]);
  });

  it('have a SQLite driver each: 12 (native C++ API) on 20, 13 (Node-API) from 22, since 12 aborts on 24', () => {
    const classic = lock.packages['node_modules/better-sqlite3']!;
    const napi = lock.packages['node_modules/better-sqlite3-napi']!;
    expect(napi).toMatchObject({ name: 'better-sqlite3', optional: true });
    expect(classic.optional).toBeUndefined();
    const napiRange = (napi.engines as { node: string }).node;
    expect(oldestOfEachLine.map((version) => semver.satisfies(version, napiRange))).toEqual([false, true, true]);
    expect(semver.satisfies(napi.version!, '>=13')).toBe(true);
    expect(semver.satisfies(classic.version!, '12.x')).toBe(true);
  });

  it('load the driver meant for the running Node', async () => {
    const { SqliteDatabase } = await import('../../src/db/sqlite-driver');
    const require = createRequire(import.meta.url);
    const major = Number(process.versions.node.split('.')[0]);
    const expected = require(major >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3') as unknown;
    expect(SqliteDatabase).toBe(expected);
    const file = new SqliteDatabase(':memory:');
    expect(file.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    file.close();
  });
});

describe('the install scripts npm may run', () => {
  // npm 12 skips a dependency's install script unless package.json's allowScripts names it: an
  // unlisted better-sqlite3 would install without its compiled driver, and nothing would start.
  it('are decided for every package that has one, and allowed for the SQLite driver', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key.startsWith('node_modules/') && entry.hasInstallScript)
      .map(([key, entry]) => entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const decided = rootPackage.allowScripts ?? {};
    expect(withScripts.filter((name) => !(name in decided))).toEqual([]);
    expect(decided['better-sqlite3']).toBe(true);
  });
});
