import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stopChild, track } from './processes';

export interface BenchServer {
  origin: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  stop: () => Promise<void>;
  /** Why the server is gone when it stopped on its own (or was killed from outside); null while it runs. */
  exitInfo: () => string | null;
  /** The server process, whose CPU time the guard figures read. */
  pid: number | null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const READY_TIMEOUT_MS = 180_000;

/**
 * The environment and Node options `npm start` gives the server (package.json's `start` script),
 * so that the bench measures the process a deployment runs (decision 079).
 */
function serverStartCommand(repoRoot: string): { env: Record<string, string>; options: string[] } {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)apps\/server\/dist\/main\.mjs/.exec(scripts.start);
  if (command === null)
    throw new Error(`package.json's start script does not run apps/server/dist/main.mjs: ${scripts.start}`);
  const words = (text: string) => text.split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(command[1]!).map((pair) => pair.split('=') as [string, string])),
    options: words(command[2]!),
  };
}

const cpuProfileArgs = () => {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
};

/**
 * The production server (`npm start` without the build step) on a private data folder.
 * TRUST_PROXY is on so the inquiry benchmark can give each request its own client address
 * through X-Forwarded-For; requests without the header are still keyed on the socket address.
 */
export async function startServer(options: {
  repoRoot: string;
  dataDir: string;
  webDistDir: string;
  /**
   * Off for the closed-loop measurements: autocannon keeps the event loop busy by design, so a
   * shedding server answers most of its requests with fast 503s and the figures would time those.
   */
  loadShedding?: boolean;
  /**
   * On a fresh data folder the demo pictures are drawn after the server listens: wait for them,
   * so the figures are not taken beside that work and the scale seed has pictures to copy.
   */
  waitForDemoPictures?: boolean;
  /** Set last, over the defaults above: e.g. DATABASE_URL and S3_* for the scale-out row. */
  env?: Record<string, string>;
}) {
  const port = await freePort();
  const adminEmail = 'bench@example.com';
  const adminPassword = randomBytes(18).toString('base64url');
  const start = serverStartCommand(options.repoRoot);
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (for finding where a figure goes).
  const args = [...start.options, ...cpuProfileArgs(), 'apps/server/dist/main.mjs'];
  const child: ChildProcess = track(
    spawn(process.execPath, args, {
      cwd: options.repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...start.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        SEED_DEMO: 'true',
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        WEB_DIST_DIR: options.webDistDir,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        NODE_ENV: 'production',
        ...(options.loadShedding === false
          ? {
              OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
              OVERLOAD_MAX_LOOP_UTILIZATION: '0',
              OVERLOAD_MAX_QUEUE_WAIT_MS: '0',
            }
          : {}),
        ...options.env,
      },
    }),
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const origin = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Server not ready after ${READY_TIMEOUT_MS} ms:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code ?? signal} before it was ready:\n${output}`));
    };
    child.once('exit', onExit);
    const ready = options.waitForDemoPictures ? 'Demo pictures ready' : 'Serving ';
    const watch = () => {
      if (output.includes(ready)) {
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stdout?.off('data', watch);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
  });
  let exitInfo: string | null = null;
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) exitInfo = `the bench server exited on its own (code ${code}, signal ${signal}):\n${output}`;
  });
  const health = await fetch(`${origin}/api/health`);
  if (!health.ok) throw new Error(`GET /api/health answered ${health.status}`);

  return {
    origin,
    dataDir: options.dataDir,
    adminEmail,
    adminPassword,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
    exitInfo: () => exitInfo,
    pid: child.pid ?? null,
  } satisfies BenchServer;
}
