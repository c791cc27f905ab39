import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function isPublicUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === '' &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

/** A wildcard listen address is not somewhere a browser can go; loopback is. */
function defaultPublicUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  const bracketed = reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${bracketed}:${port}`;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email())
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(12, { message: 'ADMIN_PASSWORD must be at least 12 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when the server runs behind a reverse proxy, so the client address comes from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Seed the demo catalogue into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Load shedding (503 + Retry-After) once the event loop is this late for OVERLOAD_SUSTAINED_MS:
   * requests then wait about that long before the server reads them. 0 turns shedding off.
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** How long the delay must last before anything is shed (a brief spike is not a queue). */
  OVERLOAD_SUSTAINED_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Fewer requests in flight than this are never shed (a trickle is not what makes the loop late). */
  OVERLOAD_MIN_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(16),
  /** How often the event-loop delay is measured. */
  OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(100),
  /** The Retry-After of a shed request. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** The web app's server renderer, built by `npm run build` next to the browser build. */
  WEB_SSR_ENTRY: z.string().min(1).optional(),
  /** Where the public site is reached (canonical links, sitemap, Open Graph); default: the listen address. */
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(isPublicUrl, {
      message: 'PUBLIC_URL must be an absolute http(s) URL without credentials, query or fragment',
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  seedDemo: boolean;
  /** Load shedding (plugins/load-shedding); maxEventLoopDelayMs 0: off. */
  overload: {
    maxEventLoopDelayMs: number;
    sustainedMs: number;
    minInFlight: number;
    sampleIntervalMs: number;
    retryAfterSeconds: number;
  };
  /** Built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  webSsrEntry: string;
  /** Absolute origin (and optional base path) of the public site, never with a trailing slash. */
  publicUrl: string;
}

/** The only reader of process.env in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      sustainedMs: e.OVERLOAD_SUSTAINED_MS,
      minInFlight: e.OVERLOAD_MIN_IN_FLIGHT,
      sampleIntervalMs: e.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    webSsrEntry: path.resolve(e.WEB_SSR_ENTRY ?? path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js')),
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT),
  };
}
