/**
 * Errors that say the database is away or refusing work for now (a restart, a failover, a network
 * cut, a full pool, a statement cancelled by its timeout), not that the request was wrong: the
 * client should try again in a few seconds, and the process must carry on.
 */

const UNAVAILABLE_CODES = new Set([
  // The socket: the server is down, restarting, or unreachable.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: class 08 (connection exception) and the shutdown family of class 57.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01', // admin_shutdown: "terminating connection due to administrator command"
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '57014', // query_canceled: the statement timeout
  '53300', // too_many_connections
  // SQLite: another process held the write lock past busy_timeout.
  'SQLITE_BUSY',
]);

// node-postgres raises these without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not answering just now. Please try again in a few seconds.';

/** How long a client is asked to wait: about what a PostgreSQL restart takes. */
export const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Looked for in the error's causes too, since Kysely and the app wrap what the driver threw. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
