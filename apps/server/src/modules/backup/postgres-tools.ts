import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { childProcessEnv } from '../../config';

const run = promisify(execFile);

export type PostgresTool = 'pg_dump' | 'pg_restore';

/** Where the PostgreSQL client programs are found: on PATH unless a caller (a test) says otherwise. */
export type PostgresToolPaths = Partial<Record<PostgresTool, string>>;

const INSTALL_HINT =
  'Install the PostgreSQL client programs of the same major version as the server, or newer ' +
  '(Debian/Ubuntu: apt-get install postgresql-client-NN; the README\'s "Backups" section says more).';

/** The major version of a client program (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15); a clear error when missing. */
export async function toolMajorVersion(tool: PostgresTool, paths: PostgresToolPaths = {}): Promise<number> {
  const command = paths[tool] ?? tool;
  let stdout: string;
  try {
    ({ stdout } = await run(command, ['--version']));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} was not found (${command}). ${INSTALL_HINT}`, { cause: error });
    }
    throw new Error(`${tool} --version failed: ${(error as Error).message}`, { cause: error });
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout) ?? /\b(\d+)(?:\.\d+)+/.exec(stdout);
  if (!match?.[1]) throw new Error(`Could not read the version of ${command} from: ${stdout.trim()}`);
  return Number(match[1]);
}

/** A client older than the server cannot dump it (pg_dump refuses a newer server). */
export function assertToolNotOlder(tool: PostgresTool, toolMajor: number, neededMajor: number, what: string): void {
  if (toolMajor < neededMajor) {
    throw new Error(`${tool} is version ${toolMajor}, older than ${what} (${neededMajor}). ${INSTALL_HINT}`);
  }
}

/**
 * The connection for a client program: the URL without its password, which goes in PGPASSWORD,
 * so that it does not show in the process list.
 */
function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: childProcessEnv(password ? { PGPASSWORD: password } : {}) };
}

/** Runs a client program against `databaseUrl`; its standard error becomes the error's message. */
export function runTool(
  tool: PostgresTool,
  args: readonly string[],
  databaseUrl: string,
  paths: PostgresToolPaths = {},
): Promise<void> {
  const { dbname, env } = connectionFor(databaseUrl);
  const child = spawn(paths[tool] ?? tool, [`--dbname=${dbname}`, ...args], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8192);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}
