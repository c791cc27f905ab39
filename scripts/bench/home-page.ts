import { type LoadFigures, load, rawAnswer } from './api';
import { type HomePageBytes, homePageBytes } from './home-page-bytes';
import { processCpuSeconds } from './proc-counters';
import { restoreBenchFiles, writeStaticTwin } from './static-limit';
import { loadWithWrk, wrkInstalled } from './wrk';

/**
 * `/` as the server answers it, next to the WordPress site it replaces. WordPress is not
 * installed: its figures were measured once on this machine class against a stock WordPress, and
 * stay a reference.
 */
export const WORDPRESS_HOME = {
  requestsPerSecondC10: 44,
  cpuMsPerRequest: 43,
  htmlRawBytes: 73 * 1024,
  htmlGzipBytes: 12 * 1024,
  p99MsC50: 1400,
} as const;

export interface HomePageFigures {
  /** The bytes the server sends for `/`: as is, and as it answers gzip-only and br-only clients. */
  html: { rawBytes: number; gzipBytes: number | null; brBytes: number | null };
  /** Where those bytes go: the first screen's share of the gzip answer, the CSS, the content. */
  bytes: HomePageBytes;
  /** No Accept-Encoding: the figure compared with a stock WordPress's. */
  c10: LoadFigures;
  /** The same bytes as a static file from the same process in the same run: the physical limit. */
  staticC10: LoadFigures;
  /** Server CPU (user + system, /proc) over the c10 run ÷ its answers; null without /proc. */
  cpuMsPerRequest: number | null;
  c50: LoadFigures;
  /** What made the load: wrk, as WordPress was measured, or autocannon where wrk is not installed. */
  loadTool: 'wrk' | 'autocannon';
  wordpress: typeof WORDPRESS_HOME;
  method: string;
}

/**
 * `/` in one encoding as the server sends it: each encoding is made once per version of the page
 * and sent as it is after. Null when the server sent something else (it did not compress).
 */
async function encoded(origin: string, encoding: 'gzip' | 'br'): Promise<Buffer | null> {
  const answer = await rawAnswer(`${origin}/`, encoding);
  return answer.contentEncoding === encoding ? answer.body : null;
}

export async function measureHomePage(
  server: { origin: string; pid: number | null },
  webDistDir: string,
  seconds: number,
): Promise<HomePageFigures> {
  const { origin } = server;
  // These also make the cached page and its encodings before anything is timed.
  const raw = await rawAnswer(`${origin}/`);
  if (raw.contentEncoding !== null) throw new Error(`/ without Accept-Encoding came ${raw.contentEncoding}-encoded`);
  const gzipped = await encoded(origin, 'gzip');
  const html = {
    rawBytes: raw.body.length,
    gzipBytes: gzipped?.length ?? null,
    brBytes: (await encoded(origin, 'br'))?.length ?? null,
  };
  const staticPath = await writeStaticTwin(webDistDir, 'home', raw.body, 'html');
  const target = { name: 'home page /', path: '/', bodyBytes: raw.body.length };

  const loadTool = wrkInstalled() ? 'wrk' : 'autocannon';
  const run = loadTool === 'wrk' ? loadWithWrk : load;
  const cpuBefore = processCpuSeconds(server.pid);
  const c10 = await run(origin, target, 10, seconds);
  const cpuAfter = processCpuSeconds(server.pid);
  // load() asks for one small API answer after the run (to see the server is back to normal): counted in.
  const answers = c10.requests + 1;
  const cpuMsPerRequest =
    cpuBefore === null || cpuAfter === null || c10.requests === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / answers;

  await restoreBenchFiles();
  const staticC10 = await run(origin, { ...target, name: 'home page / static twin', path: staticPath }, 10, seconds);
  const c50 = await run(origin, target, 50, seconds);
  return {
    html,
    bytes: homePageBytes(raw.body, gzipped),
    c10,
    staticC10,
    cpuMsPerRequest,
    c50,
    loadTool,
    wordpress: WORDPRESS_HOME,
    method:
      `${loadTool === 'wrk' ? 'wrk (2 threads, as WordPress was measured)' : 'autocannon (wrk is not installed: its Node process takes a core from the server, so requests/s and p99 read low)'} ` +
      'on loopback without Accept-Encoding, load shedding off; the static twin is the same HTML bytes ' +
      "written under the web build and served by the same process; CPU is the server process's user + system " +
      'time from /proc (10 ms ticks) over the c10 run divided by its answers. WordPress figures were measured once on this machine class against a stock WordPress. ' +
      "The first screen's gzip figure is the shortest start of the server's own gzip answer that decodes up to " +
      'the first below-fold section.',
  };
}
