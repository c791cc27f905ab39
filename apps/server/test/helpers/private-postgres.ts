import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/** The newest PostgreSQL installed from Debian's packages (CI installs it). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  return path.join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL server of a test's own (initdb in a temp folder, on a free loopback port), so the
 * test may stop and start it as an outage would without touching the cluster the other suites
 * share. PostgreSQL refuses to run as root: as root, its programs run as the postgres user.
 */
export class PrivatePostgres {
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private static async as(program: string, args: string[]): Promise<void> {
    const command = path.join(binDir(), program);
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }

  static async create(): Promise<PrivatePostgres> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'capstan-pg-'));
    if (process.getuid?.() === 0) await run('chown', ['postgres:postgres', dir]);
    await PrivatePostgres.as('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    const server = new PrivatePostgres(dir, await freePort());
    await server.start();
    return server;
  }

  /** Returns once it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await PrivatePostgres.as('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      options,
      '-w',
      '-l',
      path.join(this.dir, 'log'),
      'start',
    ]);
  }

  /** A fast shutdown, as a restart or a failover begins: sessions are ended, then the server. */
  async stop(): Promise<void> {
    await PrivatePostgres.as('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => undefined);
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}
