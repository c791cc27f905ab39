import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy or client may pass in: short, and only characters that cannot forge log lines. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The caller's X-Request-Id when it is well formed (so one id follows a request through proxies), else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Paths pino blanks out wherever a log call puts them. Request bodies are never logged (the
 * request serializer below keeps only method and path); these catch credentials and inquiry
 * contact details someone might log by hand, and driver errors that quote row values.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body',
  'req.body',
  'password',
  'token',
  'email',
  'phone',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.email',
  '*.phone',
  'err.detail',
  'err.parameters',
];

interface LoggedRequest {
  method?: unknown;
  url?: unknown;
  routeOptions?: { url?: string };
}

/**
 * Method and path only: no headers, body or client address. Also given whatever a log call
 * passes as `req`, so nothing here may assume a real request.
 */
function serializeRequest(request: LoggedRequest): Record<string, string> {
  const logged: Record<string, string> = {};
  if (typeof request.method === 'string') logged.method = request.method;
  if (typeof request.url === 'string') logged.url = request.url.split('?')[0] ?? '';
  if (typeof request.routeOptions?.url === 'string') logged.route = request.routeOptions.url;
  return logged;
}

/**
 * Fastify logger and request-id options. `stream` lets tests read the log lines. The logged
 * URL drops its query string: a query can carry a token or an address.
 */
export function loggingOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: {
        req: serializeRequest,
      },
      ...(stream ? { stream } : {}),
    },
    // Read in genReqId instead, where it is checked before it is trusted.
    requestIdHeader: false,
    genReqId: requestIdOf,
  };
}

/** Echoes the request id, so a user's report or a proxy's log can be matched to ours. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
