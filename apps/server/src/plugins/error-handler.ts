import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../db/database-unavailable';
import { HttpError } from '../http-error';
import { ImageStoreUnavailableError } from '../modules/images/image-store';
import { RequestValidationError, type ValidationIssue } from '../validation';
import { FAILURE_LINES_PER_SECOND, LogAllowance, statusClass } from './log-allowance';

export const OUT_OF_STORAGE_MESSAGE = 'The server is out of storage space; nothing was saved. Please try again later.';

export const IMAGE_STORE_UNAVAILABLE_MESSAGE =
  'The picture store is not answering, so nothing was saved. Please try again in a minute.';

/** A bucket's outage is someone else's to end; a minute is a fair first wait. */
export const IMAGE_STORE_RETRY_AFTER_SECONDS = 60;

/** Seconds a client should wait before retrying when storage is full: someone has to free space first. */
export const OUT_OF_STORAGE_RETRY_AFTER_SECONDS = 300;

const DISK_FULL_CODES = new Set([
  'ENOSPC', // no space left on the device (file writes, temp uploads)
  'EDQUOT', // disk quota exceeded
  'SQLITE_FULL',
  '53100', // PostgreSQL disk_full
]);

/**
 * A write that failed because storage ran out (or the disk failed under SQLite), looked for
 * also in the error's causes, since drivers and stream helpers wrap what they caught.
 */
export function isStorageFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (DISK_FULL_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
    // libvips (sharp) reports only a message.
    if (typeof message === 'string' && /no space left on device/i.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Failures that are an outage rather than a fault of the request: 503, how long to wait, and
 * words for the client; the first that matches answers.
 */
const OUTAGES: {
  matches: (error: unknown) => boolean;
  logLine: string;
  kind: string;
  retryAfterSeconds: number;
  message: string;
}[] = [
  {
    matches: isStorageFailure,
    logLine: 'storage is full or failing',
    kind: 'storage',
    retryAfterSeconds: OUT_OF_STORAGE_RETRY_AFTER_SECONDS,
    message: OUT_OF_STORAGE_MESSAGE,
  },
  {
    matches: (error) => error instanceof ImageStoreUnavailableError,
    logLine: 'the image store is failing',
    kind: 'image store',
    retryAfterSeconds: IMAGE_STORE_RETRY_AFTER_SECONDS,
    message: IMAGE_STORE_UNAVAILABLE_MESSAGE,
  },
  {
    matches: isDatabaseUnavailable,
    logLine: 'the database is not answering',
    kind: 'database',
    retryAfterSeconds: DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS,
    message: DATABASE_UNAVAILABLE_MESSAGE,
  },
];

/**
 * One error shape for the whole API: `{ message }`, plus `issues` for validation. A 5xx
 * never says what went wrong inside; the log does.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // A failing database fails every request: the first lines a second say why, the rest are counted.
  const failureLines = new LogAllowance(FAILURE_LINES_PER_SECOND, (notLogged, total) =>
    app.log.error({ notLogged }, `${total} more failed requests in the last second were not logged`),
  );
  const logFailure = (request: FastifyRequest, error: Error, message: string, kind: string) => {
    if (failureLines.take()) request.log.error({ err: error }, message);
    else failureLines.skip(kind);
  };

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RequestValidationError) {
      return reply.status(400).send({ message: error.message, issues: error.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ValidationIssue[] = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? '' : ` in ${error.validationContext ?? 'request'}`;
      const first = issues[0];
      const label = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      return reply.status(400).send({ message: `${label}${first?.message ?? 'Invalid request'}${where}`, issues });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }

    const outage = OUTAGES.find((candidate) => candidate.matches(error));
    if (outage) {
      // Operators must hear about this at once; the client gets a clear answer, not a 500.
      logFailure(request, error, outage.logLine, outage.kind);
      return reply
        .status(503)
        .header('retry-after', String(outage.retryAfterSeconds))
        .send({ message: outage.message });
    }

    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 500) {
      logFailure(request, error, 'request failed', statusClass(statusCode));
      return reply.status(statusCode === 503 ? 503 : 500).send({ message: 'Internal Server Error' });
    }
    // Fastify's own 4xx (bad JSON, wrong content type, body too large, rate limit): safe to show.
    return reply.status(statusCode).send({ message: error.message });
  });
}
