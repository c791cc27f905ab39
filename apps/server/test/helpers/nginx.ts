import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];
const STARTUP_TIMEOUT_MS = 10_000;

/** The nginx binary (Debian's `nginx` package; `.ci/run` installs it when missing). */
export async function nginxBinary(): Promise<string> {
  for (const candidate of NGINX_CANDIDATES) {
    if (
      await fs.access(candidate).then(
        () => true,
        () => false,
      )
    ) {
      return candidate;
    }
  }
  throw new Error(`nginx is not installed (looked for ${NGINX_CANDIDATES.join(', ')}): apt-get install nginx`);
}

const readmeFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md');

/**
 * The README's nginx block (under "Running several servers"), as operators copy it: the test
 * changes only the upstream addresses and the port it listens on, so what CI runs is what the
 * README says.
 */
export async function readmeNginxBlock(options: { port: number; upstreams: readonly string[] }): Promise<string> {
  const readme = await fs.readFile(readmeFile, 'utf8');
  const fence = '```nginx\n';
  const start = readme.indexOf(fence, readme.indexOf('## Running several servers'));
  const end = readme.indexOf('```', start + fence.length);
  if (start < 0 || end < 0) throw new Error('The README has no nginx block under "Running several servers"');
  const lines = readme.slice(start + fence.length, end).split('\n');
  const serverLines = lines.filter((line) => line.trim().startsWith('server 127.0.0.1:'));
  // One line of each sort stands for every instance: the balanced servers, and the same servers
  // again as backups (asked when nginx has marked every one of them down).
  const primary = serverLines.find((line) => !/\sbackup\b/.test(line));
  const backup = serverLines.find((line) => /\sbackup\b/.test(line));
  if (!primary || !lines.some((line) => line.trim() === 'listen 80;')) {
    throw new Error('The README\'s nginx block has no "server 127.0.0.1:…" upstream line or no "listen 80;"');
  }
  const forEachInstance = (template: string) => {
    const [, address] = /server (\S+?)( |;)/.exec(template.trim()) ?? [];
    return options.upstreams.map((origin) => template.replace(address!, new URL(origin).host));
  };
  return lines
    .flatMap((line) => {
      if (line === primary || line === backup) return forEachInstance(line);
      if (serverLines.includes(line)) return [];
      if (line.trim() === 'listen 80;') return [line.replace('listen 80;', `listen 127.0.0.1:${options.port};`)];
      return [line];
    })
    .join('\n');
}

/** The README's block inside what a test's own nginx needs: its folders, no daemon, no access log. */
export async function nginxConfig(options: {
  port: number;
  upstreams: readonly string[];
  prefix: string;
}): Promise<string> {
  const root = process.getuid?.() === 0;
  const block = (await readmeNginxBlock(options)).replaceAll('\n', '\n  ');
  return `${root ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${options.prefix}/nginx.pid;
error_log ${options.prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${options.prefix}/body;
  proxy_temp_path ${options.prefix}/proxy;
  fastcgi_temp_path ${options.prefix}/fastcgi;
  uwsgi_temp_path ${options.prefix}/uwsgi;
  scgi_temp_path ${options.prefix}/scgi;
  ${block}
}
`;
}

/** nginx in front of the given instances, started and stopped by a test. */
export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    private readonly prefix: string,
  ) {}

  static async start(upstreams: readonly string[]): Promise<Nginx> {
    const binary = await nginxBinary();
    const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'nginx-'));
    const port = await freePort();
    const configFile = path.join(prefix, 'nginx.conf');
    await fs.writeFile(configFile, await nginxConfig({ port, upstreams, prefix }));
    // Fails here, with nginx's own words, on a configuration it does not take.
    execFileSync(binary, ['-t', '-q', '-p', prefix, '-c', configFile], { stdio: 'pipe' });
    const child = spawn(binary, ['-p', prefix, '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    const nginx = new Nginx(child, `http://127.0.0.1:${port}`, prefix);
    await nginx.waitUntilServing();
    return nginx;
  }

  private async waitUntilServing(): Promise<void> {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) break;
      const answered = await fetch(`${this.url}/api/health`).then(
        (response) => response.status > 0,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const log = await fs.readFile(path.join(this.prefix, 'error.log'), 'utf8').catch(() => '');
    throw new Error(`nginx did not start: ${log}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGQUIT');
      await exited;
    }
    await fs.rm(this.prefix, { recursive: true, force: true });
  }
}
