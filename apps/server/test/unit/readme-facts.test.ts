import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, INQUIRY_RATE_WINDOW_MS } from '@capstan/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

describe('what the README says', () => {
  it('names the Node lines package.json supports', () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(engines.node).toBe('^20.19.0 || ^22.13.0 || ^24.11.0');
    expect(readme).toContain('Needs Node 22 (or 20.19+');
  });

  it('starts the server with the environment and Node options of `npm start`, wherever it gives a command', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    // Without them a busy process held 410-510 MB where the budget is 250 (decision 079).
    expect(scripts.start).toContain(
      'MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --heap-growing-percent=30 apps/server/dist/main.mjs',
    );
    const commands = [...readme.matchAll(/node((?: --\S+)*) apps\/server\/dist\/main\.mjs/g)];
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const command of commands) expect(command[1]).toBe(' --max-semi-space-size=8 --heap-growing-percent=30');
    expect(readme).toContain('Environment=MALLOC_ARENA_MAX=2');
  });

  it('gives the quote-request limit the server applies, wherever it gives one', () => {
    const limits = [...readme.matchAll(/(\d+) per (?:address per )?(\d+) minutes/g)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(limits.length).toBeGreaterThanOrEqual(2);
    for (const limit of limits) expect(limit).toEqual([INQUIRY_RATE_LIMIT, INQUIRY_RATE_WINDOW_MS / 60_000]);
  });
});
