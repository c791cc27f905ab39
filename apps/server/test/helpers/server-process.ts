import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const mainFile = path.join(repoRoot, 'apps/server/dist/main.mjs');

export const CRASH_ADMIN_EMAIL = 'crash-test@example.com';
export const CRASH_ADMIN_PASSWORD = 'crash test admin password';

// A deadline for a broken start, not a measure: on a loaded 2-core machine a start takes tens of seconds.
const STARTUP_TIMEOUT_MS = 90_000;
const OUTPUT_KEPT = 64 * 1024;

/** A port nobody listens on right now (the server gets it a moment later; a clash fails loudly). */
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

/** A real server process (the compiled `dist/main.mjs`, which a global setup keeps current), as production runs it. */
export class ServerProcess {
  private output = '';
  private exited: Promise<number | null>;

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    };
    // Always drained: a full pipe would stall the server's logging and so the server.
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** `port`: the one a previous process had, as a service manager restarts it (else a free one). */
  static async start(dataDir: string, extraEnv: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
    port ??= await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // API only (no page renderer, whose React build would follow NODE_ENV), so the test mode
      // costs nothing but lets the process hash passwords at the suite's cheap scrypt cost.
      NODE_ENV: 'test',
      TEST_SCRYPT_LOG2N: process.env.TEST_SCRYPT_LOG2N,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: CRASH_ADMIN_EMAIL,
      ADMIN_PASSWORD: CRASH_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Load shedding off: with the whole suite sharing the CPU it would refuse most writes, and
      // these tests are about what happens to the writes that are taken.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_QUEUE_WAIT_MS: '0',
      // API only: no web build, no page renderer.
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      WEB_SSR_ENTRY: path.join(dataDir, 'no-web', 'entry-server.js'),
      ...extraEnv,
    };
    const child = spawn(process.execPath, [mainFile], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    await server.waitUntilServing();
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  get log(): string {
    return this.output;
  }

  /**
   * Waits until the server's log has `count` lines matching `pattern` (with LOG_LEVEL=info it logs
   * an `incoming request` line per request as soon as its headers are read): a signal that the
   * server got that far, in place of a sleep that guesses how long it takes.
   */
  async waitForLogLines(pattern: RegExp, count: number, timeoutMs = 30_000): Promise<void> {
    const started = Date.now();
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    while ((this.output.match(global)?.length ?? 0) < count) {
      if (!this.running) throw new Error(`server exited while waiting for ${String(pattern)}:\n${this.output}`);
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `${count} log lines matching ${String(pattern)} did not come within ${timeoutMs} ms:\n${this.output}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async waitUntilServing(): Promise<void> {
    const started = Date.now();
    while (!/Serving http/.test(this.output)) {
      if (!this.running) throw new Error(`server exited during startup:\n${this.output}`);
      if (Date.now() - started > STARTUP_TIMEOUT_MS) {
        await this.kill();
        throw new Error(`server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** SIGKILL: no shutdown handler runs, exactly like a power cut for the process. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** Sends SIGTERM and returns at once: the caller watches what happens while the server winds down. */
  terminate(): void {
    this.child.kill('SIGTERM');
  }

  /** The exit code, once the process has ended. */
  exitCode(): Promise<number | null> {
    return this.exited;
  }

  /** SIGTERM: the graceful shutdown path; falls back to SIGKILL. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Signs in through the API; the session lives in the database, so it survives restarts. */
export async function loginOver(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: CRASH_ADMIN_EMAIL, password: CRASH_ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The same bytes a browser's FormData would send. */
export function formData(fields: Record<string, string>, files: readonly { name: string; data: Buffer }[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  // A copy in a plain ArrayBuffer: what Blob takes under both the Node and the DOM typings.
  for (const file of files)
    form.append('images', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), file.name);
  return form;
}
