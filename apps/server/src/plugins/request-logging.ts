import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type Logger, pino } from 'pino';
import type { AppConfig, LogFormat } from '../config';
import { FAILURE_LINES_PER_SECOND, LogAllowance, statusClass } from './log-allowance';
import { prettyLogStream } from './pretty-log';

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
 * JSON lines when asked (`LOG_FORMAT=json`) or when nobody reads the output in a terminal (a
 * log collector); human lines when asked or when stdout is a terminal.
 */
export function logFormatFor(configured: LogFormat | undefined, isTty: boolean): LogFormat {
  return configured ?? (isTty ? 'pretty' : 'json');
}

export interface LogDestination {
  /** Where lines go instead of stdout (tests read them); not a terminal unless `isTty` says so. */
  stream?: NodeJS.WritableStream;
  isTty?: boolean;
}

function formatOf(config: Pick<AppConfig, 'logFormat'>, destination: LogDestination): LogFormat {
  const isTty = destination.isTty ?? (destination.stream === undefined && process.stdout.isTTY === true);
  return logFormatFor(config.logFormat, isTty);
}

/**
 * The process's logger, shared by the start-up messages and the server. The logged URL drops
 * its query string: a query can carry a token or an address.
 */
export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  destination: LogDestination = {},
): Logger {
  const out = destination.stream ?? process.stdout;
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      serializers: { req: serializeRequest },
    },
    formatOf(config, destination) === 'pretty' ? prettyLogStream(out) : out,
  );
}

type RequestLineLevel = 'info' | 'debug';

/**
 * Fastify's own per-request lines (incoming, completed, 4xx, not found) at a chosen level: in
 * a terminal they are debug, so `npm start` shows start-up, warnings and errors, not every
 * request; JSON logs keep them at info for the log collector. Failures (5xx) stay errors.
 *
 * Both have an allowance a second (LogAllowance): past it, requests are counted by status class
 * and reported in one line a second, so a flood cannot fill the disk with request lines. A
 * request is logged whole (incoming and completed) or not at all.
 */
class RequestLineLevels extends LogController {
  private readonly logged = new WeakSet<FastifyRequest>();
  private readonly requests: LogAllowance;
  private readonly failures: LogAllowance;

  constructor(
    private readonly level: RequestLineLevel,
    private readonly logger: Logger,
    requestsPerSecond: number,
  ) {
    super();
    this.requests = new LogAllowance(requestsPerSecond, (notLogged, total) =>
      logger[level](
        { notLogged },
        `${total} more requests in the last second were not logged (LOG_REQUESTS_PER_SECOND)`,
      ),
    );
    this.failures = new LogAllowance(FAILURE_LINES_PER_SECOND, (notLogged, total) =>
      logger.error({ notLogged }, `${total} more failed requests in the last second were not logged`),
    );
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request) || !this.logger.isLevelEnabled(this.level) || !this.requests.take()) return;
    this.logged.add(request);
    request.log[this.level]({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      if (this.failures.take()) {
        reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      } else this.failures.skip(statusClass(reply.statusCode));
    } else if (this.logged.has(request)) {
      reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else if (this.logger.isLevelEnabled(this.level)) this.requests.skip(statusClass(reply.statusCode));
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) {
      if (this.failures.take()) reply.log.error({ req: request, res: reply, err: error }, error.message);
      else this.failures.skip(statusClass(reply.statusCode));
    } else if (this.logged.has(request)) reply.log[this.level]({ res: reply, err: error }, error.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request) || !this.logged.has(request)) return;
    request.log[this.level](`Route ${request.method}:${request.url.split('?')[0] ?? ''} not found`);
  }
}

/**
 * Fastify logger and request-id options: `logger` when the caller made it (main.ts, so
 * start-up lines and request lines share one format), else one made from the config.
 */
export function loggingOptions(
  config: Pick<AppConfig, 'logLevel' | 'logFormat' | 'logRequestsPerSecond'>,
  destination: LogDestination & { logger?: Logger } = {},
): Pick<FastifyServerOptions, 'loggerInstance' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  const logger = destination.logger ?? createLogger(config, destination);
  const level = formatOf(config, destination) === 'pretty' ? 'debug' : 'info';
  return {
    loggerInstance: logger,
    logController: new RequestLineLevels(level, logger, config.logRequestsPerSecond),
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
