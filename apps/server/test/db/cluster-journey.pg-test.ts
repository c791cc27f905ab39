import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '@capstan/demo-catalogue';
import { IMAGE_VARIANTS, variantUrl } from '../../src/modules/images/image-variants';
import { machineFields, partFields, pngFile } from '../helpers/items';
import { multipart, type MultipartFile } from '../helpers/multipart';
import { Nginx } from '../helpers/nginx';
import { type S3TestServer, startS3Server } from '../helpers/s3-server';
import { ServerProcess } from '../helpers/server-process';
import { createPostgresDatabase, onPostgres, withDatabase } from '../helpers/test-app';

/**
 * Several servers on one database (decision 029), as an operator runs them: PostgreSQL, an S3-compatible bucket, two
 * instances each with a DATA_DIR of its own started at the same moment on an empty database, and
 * nginx in front (overwriting X-Forwarded-For), all on loopback. Then a backup taken while writes
 * go on is restored into a new database and an empty bucket, and that cluster must serve the same.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const webSsrEntry = path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js');
const run = promisify(execFile);

const OWNER = { email: 'owner@cluster.test', password: 'a cluster owner password' };
/** The pause between two saves made while the backup runs. */
const WRITE_PAUSE_MS = 250;
const demoItems = [...demoCatalogue.machines, ...demoCatalogue.spareParts, ...demoCatalogue.services];

interface Cluster {
  databaseUrl: string;
  dropDatabase: () => Promise<void>;
  s3: S3TestServer;
  dataDirs: string[];
  servers: ServerProcess[];
}

const clusters: Cluster[] = [];
let nginx: Nginx | undefined;
let work: string;

function clusterEnv(cluster: Pick<Cluster, 'databaseUrl' | 's3'>, seed: boolean): Record<string, string> {
  return {
    DATABASE_URL: cluster.databaseUrl,
    ...cluster.s3.env,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    SEED_DEMO: seed ? 'true' : 'false',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    // nginx connects from loopback and overwrites the header: only it is believed.
    TRUST_PROXY: '127.0.0.1',
    // Behind a proxy every instance names the site's one address in canonical URLs and tags.
    PUBLIC_URL: 'https://www.cluster.test',
    LOG_FORMAT: 'pretty',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: webDist,
    WEB_SSR_ENTRY: webSsrEntry,
  };
}

/** Starts `count` instances at the same moment, each on a DATA_DIR of its own. */
async function startCluster(count: number, seed: boolean, existing?: Omit<Cluster, 'servers' | 'dataDirs'>) {
  const base = existing ?? { ...(await createPostgresDatabase()), s3: await startS3Server() };
  const cluster: Cluster = {
    databaseUrl: 'url' in base ? base.url : base.databaseUrl,
    dropDatabase: 'drop' in base ? base.drop : base.dropDatabase,
    s3: base.s3,
    dataDirs: [],
    servers: [],
  };
  clusters.push(cluster);
  cluster.dataDirs = await Promise.all(Array.from({ length: count }, () => fs.mkdtemp(path.join(work, 'instance-'))));
  const started = await Promise.allSettled(
    cluster.dataDirs.map((dataDir) => ServerProcess.start(dataDir, clusterEnv(cluster, seed))),
  );
  cluster.servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  expect(started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual([]);
  return cluster;
}

async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function login(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function sendForm(
  origin: string,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: readonly MultipartFile[] = [],
) {
  const body = await multipart(fields, files);
  return fetch(`${origin}${url}`, {
    method,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(body.payload),
  });
}

/** The page without the moments its data was fetched (the query layer's timestamps), which differ per render. */
const withoutRenderTimes = (html: string) =>
  html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

async function imageHash(origin: string, url: string): Promise<string> {
  const response = await fetch(`${origin}${url}`);
  expect(response.status, `${origin}${url}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  return sha256(await response.arrayBuffer());
}

interface Item {
  id: string;
  name: string;
  description: string;
  images: string[];
  updatedAt: string;
}

async function item(origin: string, id: string, token?: string): Promise<Item> {
  const response = await fetch(`${origin}/api/products/${id}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Item;
}

function inquiry(n: number) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Cluster',
      lastName: `Buyer ${n}`,
      email: `buyer${n}@example.in`,
      phone: '+91 98765 43210',
      message: 'A quote for two capstan lathes, please.',
    }),
  };
}

beforeAll(async () => {
  if (!onPostgres) throw new Error('cluster-journey.pg-test.ts needs TEST_DATABASE_URL');
  await fs.access(path.join(webDist, 'index.html')).catch(() => {
    throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
  });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-cluster-'));
});

afterAll(async () => {
  await nginx?.stop();
  for (const cluster of clusters) {
    await Promise.all(cluster.servers.map((server) => server.stop()));
    await cluster.dropDatabase();
    await cluster.s3.stop();
  }
  await fs.rm(work, { recursive: true, force: true });
});

describe('two instances on PostgreSQL and S3 behind nginx', { timeout: 600_000 }, () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: string;
  let token: string;
  let machine: Item;

  it('start together on an empty database with one admin and one demo catalogue', async () => {
    const cluster = await startCluster(2, true);
    [a, b] = cluster.servers as [ServerProcess, ServerProcess];
    nginx = await Nginx.start([a.url, b.url]);
    proxy = nginx.url;

    const counts = await withDatabase({ dataDir: work, databaseUrl: cluster.databaseUrl }, async ({ db }) => ({
      users: await db.selectFrom('users').select('email').execute(),
      names: (await db.selectFrom('items').select('name').execute()).map((row) => row.name).sort(),
    }));
    expect(counts.users).toEqual([{ email: OWNER.email }]);
    expect(counts.names).toEqual(demoItems.map((demo) => demo.name).sort());
    // The demo pictures are drawn by one of them; the journey compares pictures, so it waits.
    await until('the demo pictures', () => [a, b].some((server) => /Demo pictures ready/.test(server.log)), 300_000);
  });

  it('serve an item made through one instance, pictures and page, through the other and through nginx', async () => {
    token = await login(a.url);
    const created = await sendForm(
      a.url,
      token,
      'POST',
      '/api/products',
      machineFields({ name: 'NP-38 Cluster Lathe' }),
      [await pngFile('front.png', '#0f766e'), await pngFile('side.png', '#b91c1c')],
    );
    expect(created.status).toBe(201);
    machine = (await created.json()) as Item;
    expect(machine.images).toHaveLength(2);

    for (const origin of [b.url, proxy, proxy]) {
      const page = await fetch(`${origin}/product/${machine.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('NP-38 Cluster Lathe');
      for (const url of machine.images) {
        expect(html).toContain(url);
        expect(await imageHash(origin, url)).toBe(await imageHash(a.url, url));
      }
    }
  });

  it('show a save made through A to a read through B at once, and take B’s next save without a 409', async () => {
    const saved = await sendForm(
      a.url,
      token,
      'PUT',
      `/api/products/${machine.id}`,
      machineFields({ name: machine.name, description: 'Saved through A.', expectedUpdatedAt: machine.updatedAt }),
    );
    expect(saved.status).toBe(200);
    const readOnB = await item(b.url, machine.id, token);
    expect(readOnB.description).toBe('Saved through A.');
    const savedOnB = await sendForm(
      b.url,
      token,
      'PUT',
      `/api/products/${machine.id}`,
      machineFields({ name: machine.name, description: 'Saved through B.', expectedUpdatedAt: readOnB.updatedAt }),
    );
    expect(savedOnB.status).toBe(200);
    expect((await item(a.url, machine.id, token)).description).toBe('Saved through B.');
  });

  it('hold one client to the inquiry limit across both instances, forged X-Forwarded-For or not', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      // nginx sends them to A and B in turn.
      statuses.push((await fetch(`${proxy}/api/inquiries`, inquiry(n))).status);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const forged = await fetch(`${proxy}/api/inquiries`, {
      ...inquiry(11),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forged.status).toBe(429);
    for (const origin of [a.url, b.url]) expect((await fetch(`${origin}/api/inquiries`, inquiry(12))).status).toBe(429);
  });

  it('end a session on B when it is signed out on A', async () => {
    const session = await login(a.url);
    const me = (origin: string) => fetch(`${origin}/api/auth/me`, { headers: { authorization: `Bearer ${session}` } });
    expect((await me(b.url)).status).toBe(200);
    const logout = await fetch(`${a.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(logout.ok).toBe(true);
    expect((await me(b.url)).status).toBe(401);
    expect((await me(proxy)).status).toBe(401);
  });

  it('restore a backup taken during writes to a new cluster that serves the same pages and pictures', async () => {
    const source = clusters[0] as Cluster;
    const archive = path.join(work, 'cluster-backup.tar.gz');
    let writing = true;
    const written: string[] = [];
    const writes = (async () => {
      for (let n = 0; writing; n += 1) {
        const response = await sendForm(
          proxy,
          token,
          'POST',
          '/api/spareparts',
          partFields({ name: `Collet written during the backup ${n}` }),
          [await pngFile(`collet-${n}.png`, n % 2 ? '#1d4ed8' : '#a16207')],
        );
        expect(response.status).toBe(201);
        written.push(((await response.json()) as Item).id);
        // A save every WRITE_PAUSE_MS or so, as staff at work: unpaced, the saves (each a picture
        // cut to every size) took the CPU the backup needed, and the longer it ran the more there were.
        await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
      }
    })();
    try {
      await run('npm', ['run', 'backup', '--', '--out', archive], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: source.dataDirs[0], ...clusterEnv(source, false) },
      });
    } finally {
      writing = false;
      await writes;
    }
    expect(written.length).toBeGreaterThan(0);
    console.log(`saves during the backup: ${written.length}`);

    const target = { ...(await createPostgresDatabase()), s3: await startS3Server() };
    const restoredDir = path.join(work, 'restored-data');
    const restore = await run('npm', ['run', 'restore', '--', archive], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: restoredDir,
        ...clusterEnv({ databaseUrl: target.url, s3: target.s3 }, false),
      },
    });
    expect(restore.stdout).toContain('pg_restore ok');
    const restored = await startCluster(2, false, {
      databaseUrl: target.url,
      dropDatabase: target.drop,
      s3: target.s3,
    });

    const restoredRows = await withDatabase({ dataDir: work, databaseUrl: target.url }, async ({ db }) => ({
      items: (await db.selectFrom('items').select('id').orderBy('id').execute()).map((row) => row.id),
      images: (await db.selectFrom('images').select('id').orderBy('id').execute()).map((row) => row.id),
    }));
    expect(restoredRows.items.length).toBeGreaterThanOrEqual(demoItems.length + 1);
    expect(restoredRows.items).toContain(machine.id);
    // The same page for every item the backup holds, from either restored instance.
    for (const id of restoredRows.items) {
      const original = await (await fetch(`${a.url}/product/${id}`)).text();
      for (const server of restored.servers) {
        const page = await fetch(`${server.url}/product/${id}`);
        expect(page.status).toBe(200);
        expect(withoutRenderTimes(await page.text())).toBe(withoutRenderTimes(original));
      }
    }
    // And every size of every picture, byte for byte, from the restored bucket.
    const [first, second] = restored.servers as [ServerProcess, ServerProcess];
    for (const [n, id] of restoredRows.images.entries()) {
      for (const variant of IMAGE_VARIANTS) {
        const url = variantUrl(id, variant);
        expect(await imageHash((n % 2 ? first : second).url, url)).toBe(await imageHash(a.url, url));
      }
    }
  });
});
