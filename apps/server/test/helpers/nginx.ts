import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

/**
 * The reverse proxy the README tells operators to run, on loopback: round robin over the
 * instances, the client's X-Forwarded-For overwritten (never appended to), uploads up to the
 * app's own limit, and no proxy cache so every answer is the instances' own.
 */
export function nginxConfig(options: { port: number; upstreams: readonly string[]; prefix: string }): string {
  const servers = options.upstreams.map((origin) => `    server ${new URL(origin).host};`).join('\n');
  const root = process.getuid?.() === 0;
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
  client_max_body_size 70m;
  upstream app {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
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
    await fs.writeFile(configFile, nginxConfig({ port, upstreams, prefix }));
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
