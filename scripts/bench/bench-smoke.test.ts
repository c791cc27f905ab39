import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { load } from './api';
import { measureHomePage } from './home-page';
import { languageBudgets, measureLanguagePages } from './languages';
import { cleanupAll } from './processes';
import { measureReadsUnderEdits } from './reads-under-edits';
import { type BenchServer, startServer } from './server';
import { removeBenchDir } from './static-limit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDistDir = path.join(repoRoot, 'apps/web/dist');

/**
 * `npm run bench` takes the best part of an hour and runs outside `npm test`; this keeps its
 * pieces from rotting unseen: the bench's own server start and load tools, for a second each.
 */
describe("the bench's scripts", () => {
  let dataDir: string;
  let server: BenchServer;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-smoke-'));
    // As deployed: the suite's cheap password cost would (rightly) stop a production server.
    server = await startServer({ repoRoot, dataDir, webDistDir, loadShedding: false, env: { TEST_SCRYPT_LOG2N: '' } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cleanupAll();
    await removeBenchDir(webDistDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('load a list API and measure the home page as the full run does', async () => {
    const api = await load(server.origin, { name: 'products featured', path: '/api/products/featured' }, 2, 1);
    expect(api.requests).toBeGreaterThan(0);
    expect(api.non2xx).toBe(0);

    const home = await measureHomePage(server, webDistDir, 1);
    expect(home.html.gzipBytes).toBeGreaterThan(1000);
    expect(home.bytes.firstScreenGzipBytes).toBeGreaterThan(0);
    for (const run of [home.c10, home.staticC10, home.c50]) {
      expect(run.requests).toBeGreaterThan(0);
      expect(run.non2xx).toBe(0);
    }
  }, 60_000);

  it('weigh the Tamil and Hindi pages against the English ones', async () => {
    const [item] = (await (await fetch(`${server.origin}/api/products/featured`)).json()) as { id: string }[];
    if (!item) throw new Error('the demo catalogue has no featured machine');
    const figures = await measureLanguagePages(server.origin, item.id);
    expect(figures.pages.map((page) => page.path)).toContain('/ta/');
    expect(figures.pages.every((page) => page.htmlGzipBytes > 1000)).toBe(true);
    const rows = languageBudgets(figures, [], item.id);
    expect(rows.map((row) => row.budget)).toContain('HTML gzip /ta/ ÷ /');
  }, 60_000);

  it('read while staff edit and import, finding each edit by a search', async () => {
    const figures = await measureReadsUnderEdits({
      session: { origin: server.origin, email: server.adminEmail, password: server.adminPassword },
      spareParts: 0,
      connections: 2,
      seconds: 1,
      log: () => {},
    });
    expect(figures.withEdits.requests).toBeGreaterThan(0);
    expect(figures.narrowedWithEdits.requests).toBeGreaterThan(0);
    expect(figures.narrowedWithEdits.non2xx + figures.narrowedWithEdits.errors).toBe(0);
    expect(figures.edits).toBeGreaterThan(0);
    expect(figures.failedEdits).toBe(0);
    expect(figures.unseenEdits).toBe(0);
    expect(figures.visibleMaxMs).not.toBeNull();
    expect(figures.firstFailedImport).toBeNull();
    expect(figures.imports).toBe(2);
  }, 60_000);
});
