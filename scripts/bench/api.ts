import http from 'node:http';
import { createRequire } from 'node:module';

export interface LoadFigures {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status429: number;
  status503: number;
  /** 2xx answers: what a visitor could use. */
  ok: number;
  /** What each request that was not a 2xx answer got: its status, or its socket error's code. */
  failures: Record<string, number>;
  bodyBytes: number | null;
}

/** The part of autocannon's API and result the bench uses (the package ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number } | undefined>;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
  /** Each connection is closed and opened again after this many requests. */
  reconnectRate?: number;
}
/** A run: its result, and its events as it goes. */
type AutocannonRun = Promise<AutocannonResult> & {
  on(event: 'reqError', listener: (error: Error & { code?: string }) => void): void;
};
type Autocannon = (options: AutocannonOptions) => AutocannonRun;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadTarget {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** A different X-Forwarded-For on every request (needs TRUST_PROXY=true on the server). */
  distinctClients?: boolean;
  /** Sent as Accept-Encoding, as a browser does (autocannon sends none by default). */
  acceptEncoding?: string;
  /** Sent with every request, e.g. one X-Forwarded-For for the whole run (one client). */
  headers?: Record<string, string>;
  /** A new path for every request (`path` is then only the label's); e.g. random item pages. */
  nextPath?: () => string;
  bodyBytes?: number;
}

/**
 * autocannon sends its next request on a connection as soon as an answer ends, even one that says
 * `Connection: close`. nginx says so on a keep-alive connection's 1,000th answer
 * (`keepalive_requests`) and closes it, so one request in 30,000 to 70,000 through nginx ended in
 * ECONNRESET and was counted as an error, with nothing wrong in nginx or the servers. A browser
 * opens a new connection instead. Reconnecting every 500 requests keeps the bench's client to that:
 * nginx with `keepalive_requests 1000`, a trivial upstream, 50 connections for 10 s gave 2–5 errors
 * in 135,000–142,000 requests without it and none in 100,000–147,000 with it (the requests per run
 * moved with the machine either way).
 */
const RECONNECT_EVERY = 500;

let clientCounter = 0;
function nextClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export async function load(origin: string, target: LoadTarget, connections: number, seconds: number) {
  const method = target.method ?? 'GET';
  const headers: Record<string, string> = target.body ? { 'content-type': 'application/json' } : {};
  if (target.acceptEncoding) headers['accept-encoding'] = target.acceptEncoding;
  Object.assign(headers, target.headers);
  const { nextPath } = target;
  const run = autocannon({
    url: origin + target.path,
    connections,
    reconnectRate: RECONNECT_EVERY,
    duration: seconds,
    method,
    headers,
    body: target.body,
    requests: target.distinctClients
      ? [
          {
            method,
            path: target.path,
            body: target.body,
            setupRequest: (request) => ({
              ...request,
              headers: { ...headers, 'x-forwarded-for': nextClientAddress() },
            }),
          },
        ]
      : nextPath
        ? [{ method, setupRequest: (request) => ({ ...request, headers, path: nextPath() }) }]
        : undefined,
  });
  const socketErrors = new Map<string, number>();
  run.on('reqError', (error) => {
    const code = error.code ?? error.message;
    socketErrors.set(code, (socketErrors.get(code) ?? 0) + 1);
  });
  const result = await run;
  // The run may leave the server shedding load for a moment (503 + Retry-After, as designed):
  // the next measurement starts once it answers normally again.
  await rawBody(`${origin}/api/services/featured`);
  return {
    name: target.name,
    method,
    path: target.path,
    connections,
    seconds,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    status429: result.statusCodeStats?.['429']?.count ?? 0,
    status503: result.statusCodeStats?.['503']?.count ?? 0,
    ok: Object.entries(result.statusCodeStats ?? {})
      .filter(([status]) => status.startsWith('2'))
      .reduce((sum, [, stats]) => sum + (stats?.count ?? 0), 0),
    failures: Object.fromEntries([
      ...Object.entries(result.statusCodeStats ?? {}).flatMap(([status, stats]) =>
        status.startsWith('2') || !stats ? [] : [[status, stats.count] as const],
      ),
      ...socketErrors,
    ]),
    bodyBytes: target.bodyBytes ?? null,
  } satisfies LoadFigures;
}

/** A run's failed requests, e.g. "503 × 2, ECONNRESET × 1". */
export const failuresText = (run: Pick<LoadFigures, 'failures'>): string =>
  Object.entries(run.failures)
    .map(([what, count]) => `${what} × ${count}`)
    .join(', ');

/** What a browser sends; the server then answers the lists with its precompressed bodies. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

export interface RawAnswer {
  body: Buffer;
  /** How the body is encoded (br, gzip), null when it is sent as is. */
  contentEncoding: string | null;
}

/** The bytes on the wire for a GET (still compressed when the server compressed them). */
function rawBodyOnce(url: string, acceptEncoding?: string): Promise<RawAnswer & { status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            contentEncoding: response.headers['content-encoding'] ?? null,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * The bytes of a 200 answer. Right after a load run the server may still be shedding load
 * (503 + Retry-After): that is the server working as designed, so wait and ask again.
 */
export async function rawAnswer(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    const { status, ...answer } = await rawBodyOnce(url, acceptEncoding);
    if (status === 200) return answer;
    if (status !== 503 || attempt >= 15) throw new Error(`GET ${url} answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export const rawBody = async (url: string, acceptEncoding?: string): Promise<Buffer> =>
  (await rawAnswer(url, acceptEncoding)).body;
