import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** How a process uses PostgreSQL (ignored on SQLite): its share of the server's connections, and how long it waits. */
export interface PoolSettings {
  /** Connections this process may hold (DATABASE_POOL_MAX). */
  max: number;
  /** A new connection not made within this fails the request instead of hanging (ms). */
  connectTimeoutMs: number;
  /** PostgreSQL cancels a statement running longer than this (ms; 0: never). Migrations are exempt. */
  statementTimeoutMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = { max: 10, connectTimeoutMs: 5000, statementTimeoutMs: 5000 };

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

/** Only shown on messages that are never sent (no SMTP_URL): MAIL_FROM is required with one. */
const DEFAULT_MAIL_FROM = 'Website <noreply@localhost>';

/** Generous for one visitor (a browser opens about 6) and for an office behind one NAT address. */
const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 64;

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which connecting peers are proxies whose X-Forwarded-For entries are believed. The client is
 * then the right-most address no trusted proxy vouches for; entries to the left of it were
 * written by the client and are never used.
 * - false: no proxy, the socket's address is the client.
 * - a number n: the n nearest hops are proxies (`true` means 1: the peer is the proxy and the
 *   address it appended is the client).
 * - a list: peers with these addresses, CIDR ranges or proxy-addr names are proxies.
 */
export type TrustProxySetting = false | number | string[];

const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, context): TrustProxySetting => {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === '0' || lower === '') return false;
    if (lower === 'true') return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= 16) return hops;
    } else {
      const entries = lower.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    context.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY must be false, true (one proxy), a hop count (1-16) or a comma-separated list of proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** S3's own rule (R2, MinIO and the others follow it): 3-63 lowercase letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL connections each process may hold: processes × this must stay under the server's max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_POOL_SETTINGS.max),
  /** A PostgreSQL connection not made within this fails the request (503) instead of hanging. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_POOL_SETTINGS.connectTimeoutMs),
  /** PostgreSQL cancels a statement running longer than this (0: never); migrations are exempt. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(DEFAULT_POOL_SETTINGS.statementTimeoutMs),
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
  /** `json` (one object a line, for log collectors) or `pretty` (for people); unset: pretty on a terminal. */
  LOG_FORMAT: z
    .enum(['json', 'pretty'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Requests whose lines are logged each second; the rest are counted in one line a second. 0: all. */
  LOG_REQUESTS_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Set when the server runs behind a reverse proxy, so the client address comes from X-Forwarded-For. */
  TRUST_PROXY: trustProxySchema,
  /** Seed the demo catalogue into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The demo pictures made at install (`npm run build:pictures`), copied in at a first start. */
  DEMO_PICTURES_DIR: z.string().min(1).optional(),
  /**
   * Load shedding (503 + Retry-After, decision 058) while the event loop's mean lateness over a
   * sample exceeds this: the p99 budget of an answer (decision 025). 0: not a reason to shed.
   */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /**
   * Also shed while the loop is busier than this share of a sample (0-1). 0, the default: a loop
   * that is never idle is a server at full throughput, not an overloaded one (decision 017).
   */
  OVERLOAD_MAX_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /**
   * Also shed while a request let in now would wait longer than this behind the requests already
   * let in (those in flight ÷ the rate they are answered, decision 083). 0: not checked.
   */
  OVERLOAD_MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  /** Fewer requests in flight than this are never shed (a trickle is not what makes the loop late). */
  OVERLOAD_MIN_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(16),
  /** The length of a sample of the event loop's lateness and utilisation, and of the queue's answers. */
  OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(100),
  /** The Retry-After of a shed request. */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** The whole request (headers and body) must arrive within this; a client trickling bytes is cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** The request headers must arrive within this. */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** A connection with no bytes either way for this long is closed (also while a slow answer is being made, hence generous). */
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Simultaneous connections from one address; 0 turns the cap off. Default: 64, or off behind a proxy. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** 32 bytes (64 hex digits or base64) that encrypt TOTP secrets at rest with AES-256-GCM. */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value, context): Buffer | undefined => {
      if (!value) return undefined;
      const hex = /^[0-9a-f]{64}$/i.test(value);
      const key = Buffer.from(value, hex ? 'hex' : 'base64');
      if (key.length === 32 && (hex || key.toString('base64') === value)) return key;
      context.addIssue({
        code: 'custom',
        message: 'TOTP_ENCRYPTION_KEY must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -hex 32)',
      });
      return z.NEVER;
    }),
  /** Signs backup manifests (HMAC-SHA-256); restore with it set refuses unsigned or wrongly signed archives. */
  BACKUP_SIGNING_KEY: z
    .string()
    .min(32, { message: 'BACKUP_SIGNING_KEY must be at least 32 characters (e.g. openssl rand -hex 32)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Scheduled backups' folder; unset: the bucket's backups/ when images are in a bucket, else DATA_DIR/backups (decision 068). */
  BACKUP_DIR: optionalText,
  /** Set: images go to this S3-compatible bucket instead of DATA_DIR/uploads (decision 028). */
  S3_BUCKET: optionalText.refine((v) => v === undefined || BUCKET_NAME.test(v), {
    message: 'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens',
  }),
  /** The S3 API's address for anything but AWS itself, e.g. https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000. */
  S3_ENDPOINT: optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    {
      message: 'S3_ENDPOINT must be an http:// or https:// URL, e.g. https://s3.example.com',
    },
  ),
  S3_REGION: optionalText.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most self-hosted servers. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Memory for the cache of images served from the bucket, per process. */
  S3_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(64),
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
  /**
   * Where email goes out (decision 021): `smtp://user:pass@host:587` (STARTTLS when offered) or
   * `smtps://user:pass@host:465`. Unset: emails wait in the outbox and the admin says so.
   */
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== '', {
      message: 'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The From of every email, e.g. `Kovai Precision Machines <noreply@kovaiprecision.in>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(320)
    .refine((v) => /<[^<>\s@]+@[^<>\s@]+>$|^[^<>\s@]+@[^<>\s@]+$/.test(v), {
      message: 'MAIL_FROM must be an address or a name with an address, e.g. Kovai Precision <noreply@example.in>',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The first retry of an email that could not be sent waits this long; each further one twice as long (at most 30 minutes). */
  MAIL_RETRY_MIN_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** The company's X/Twitter handle for twitter:site, e.g. '@kovaiprecision'; unset: no such tag. */
  TWITTER_SITE: z
    .string()
    .trim()
    .regex(/^@\w{1,15}$/, { message: "TWITTER_SITE must be a handle such as '@kovaiprecision'" })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type LogFormat = 'json' | 'pretty';

/** An S3-compatible bucket holding the images (modules/images/s3-image-store). */
export interface S3StoreConfig {
  bucket: string;
  /** Unset: AWS itself, from the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset (both): the SDK's own chain (AWS_* variables, ~/.aws, an instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  cacheBytes: number;
  /** A cached picture is checked against the bucket when older than this: a deleted one is gone from every process by then. */
  cacheRevalidateMs: number;
}

/** Issue 37: every instance forgets a deleted or replaced picture within 10 s. */
export const S3_CACHE_REVALIDATE_MS = 10_000;

/**
 * Where scheduled backups go: a folder, or the images' bucket under `backups/` (a cluster's
 * instances share it, so any of them can list and serve every archive).
 */
export type BackupDestinationConfig = { kind: 'folder'; dir: string } | ({ kind: 'bucket' } & S3StoreConfig);

/** Where processed images are kept: DATA_DIR/uploads, or a bucket when S3_BUCKET is set. */
export type ImageStoreConfig =
  { kind: 'local'; uploadsDir: string } | ({ kind: 's3'; tempDir: string } & S3StoreConfig);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** DATA_DIR/uploads: the local image store's folder (unused when images go to S3). */
  uploadsDir: string;
  imageStore: ImageStoreConfig;
  backupDestination: BackupDestinationConfig;
  databaseUrl: string | undefined;
  /** PostgreSQL only: connections per process and how long to wait (db/database). */
  databasePool: PoolSettings;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Unset: decided by whether stdout is a terminal (plugins/request-logging). */
  logFormat: LogFormat | undefined;
  /** Requests whose lines are written each second (plugins/log-allowance); 0: no limit. */
  logRequestsPerSecond: number;
  trustProxy: TrustProxySetting;
  seedDemo: boolean;
  /** The demo pictures made at install, ready for the seed (modules/catalogue/demo-picture-cache). */
  demoPicturesDir: string;
  /** Load shedding (plugins/load-shedding); all three maxima 0: off. */
  overload: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxQueueWaitMs: number;
    minInFlight: number;
    sampleIntervalMs: number;
    retryAfterSeconds: number;
  };
  /** Slow-client limits of the HTTP server (plugins/connection-limits). */
  connections: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    idleTimeoutMs: number;
    /** 0: no cap. */
    maxPerClient: number;
  };
  /** AES-256-GCM key of TOTP secrets at rest; unset: they are stored as they are. */
  totpEncryptionKey: Buffer | undefined;
  /** Key of the backup manifest's HMAC; unset: backups are unsigned and restore checks checksums only. */
  backupSigningKey: string | undefined;
  /** Built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  webSsrEntry: string;
  /** Absolute origin (and optional base path) of the public site, never with a trailing slash. */
  publicUrl: string;
  /** The company's X/Twitter handle, when it has one. */
  twitterSite: string | undefined;
  /** Outgoing email (modules/mail); smtpUrl unset: messages stay pending in the outbox. */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    retryMinMs: number;
    /** How often a worker looks for messages that another process stored or that are due again. */
    pollIntervalMs: number;
  };
}

/**
 * scrypt's cost N as a power of two: production hashes at 2^14 with r = 8 and p = 5, the row of
 * OWASP's table equivalent to its 2^17 floor at p = 1, in 16 MiB per hash instead of 128
 * (decision 079). The parallelism is in password.ts.
 */
export const SCRYPT_LOG2N = 14;

/**
 * The scrypt cost this process hashes and accepts passwords at. The test suite sets
 * TEST_SCRYPT_LOG2N (apps/server/vitest.config.ts) so that each login costs milliseconds instead
 * of the seconds the real cost takes on a busy machine; a process not running under NODE_ENV=test refuses
 * to start with it, so a cheap cost can never reach a real server.
 */
export function scryptLog2N(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.TEST_SCRYPT_LOG2N;
  if (raw === undefined || raw === '') return SCRYPT_LOG2N;
  if (env.NODE_ENV !== 'test') {
    throw new Error(
      `Invalid configuration: TEST_SCRYPT_LOG2N is for the test suite only (NODE_ENV=test); passwords are hashed at 2^${SCRYPT_LOG2N}`,
    );
  }
  const log2N = Number(raw);
  if (!Number.isInteger(log2N) || log2N < 4 || log2N > SCRYPT_LOG2N) {
    throw new Error(`Invalid configuration: TEST_SCRYPT_LOG2N must be a whole number from 4 to ${SCRYPT_LOG2N}`);
  }
  return log2N;
}

/** The only reader of process.env in the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new Error(
      'Invalid configuration: MAIL_FROM: must be set when SMTP_URL is (the address emails are sent from)',
    );
  }
  const s3Settings = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => e[name] !== undefined,
  );
  if (!e.S3_BUCKET && s3Settings.length > 0) {
    throw new Error(
      `Invalid configuration: S3_BUCKET: must be set when ${s3Settings.join(', ')} is (images stay in DATA_DIR/uploads without it)`,
    );
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither to use the AWS SDK's own credentials)",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadsDir = path.join(dataDir, 'uploads');
  const imageStore: ImageStoreConfig = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        cacheBytes: e.S3_CACHE_MB * 1024 * 1024,
        cacheRevalidateMs: S3_CACHE_REVALIDATE_MS,
        tempDir: path.join(dataDir, 'tmp'),
      }
    : { kind: 'local', uploadsDir };
  const backupDestination: BackupDestinationConfig = e.BACKUP_DIR
    ? { kind: 'folder', dir: path.resolve(e.BACKUP_DIR) }
    : imageStore.kind === 's3'
      ? { ...imageStore, kind: 'bucket' }
      : { kind: 'folder', dir: path.join(dataDir, 'backups') };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir,
    imageStore,
    backupDestination,
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      max: e.DATABASE_POOL_MAX,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logRequestsPerSecond: e.LOG_REQUESTS_PER_SECOND,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    demoPicturesDir: path.resolve(e.DEMO_PICTURES_DIR ?? path.join(repoRoot, 'apps/server/dist/demo-pictures')),
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.OVERLOAD_MAX_LOOP_UTILIZATION,
      maxQueueWaitMs: e.OVERLOAD_MAX_QUEUE_WAIT_MS,
      minInFlight: e.OVERLOAD_MIN_IN_FLIGHT,
      sampleIntervalMs: e.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000,
      idleTimeoutMs: e.IDLE_TIMEOUT_SECONDS * 1000,
      // Behind a proxy every connection comes from the proxy's address: capping it would cap the
      // whole site, so the cap is the proxy's job there (nginx limit_conn) unless set explicitly.
      maxPerClient: e.MAX_CONNECTIONS_PER_CLIENT ?? (e.TRUST_PROXY === false ? DEFAULT_MAX_CONNECTIONS_PER_CLIENT : 0),
    },
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    backupSigningKey: e.BACKUP_SIGNING_KEY,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    webSsrEntry: path.resolve(e.WEB_SSR_ENTRY ?? path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js')),
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT),
    twitterSite: e.TWITTER_SITE,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      retryMinMs: Math.round(e.MAIL_RETRY_MIN_SECONDS * 1000),
      pollIntervalMs: Math.min(5000, Math.max(250, Math.round(e.MAIL_RETRY_MIN_SECONDS * 1000))),
    },
  };
}

/**
 * The environment for a program the server runs (pg_dump, pg_restore): this process's own, as a
 * child would inherit it, plus `extra` (a password passed out of sight of the process list).
 */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
