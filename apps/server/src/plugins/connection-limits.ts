import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

/** How often Node looks for requests past their headers or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

const TOO_MANY_BODY = 'Too many connections from your address. Please try again shortly.\n';
const TOO_MANY_CONNECTIONS =
  'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TOO_MANY_BODY)}\r\nConnection: close\r\n\r\n${TOO_MANY_BODY}`;

/**
 * Server options that stop slow clients from holding connections: the headers and the whole
 * request must arrive in time (a client sending a byte every few seconds is cut off with 408),
 * and a connection idle in both directions is closed. Node's default check runs every 30 s, which
 * would let a trickle outlive its timeout by that much; it runs every second here.
 */
export function connectionOptions(config: AppConfig): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  const { requestTimeoutMs, headersTimeoutMs, idleTimeoutMs } = config.connections;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}

/**
 * Caps simultaneous connections per client address, so one client cannot hold every socket the
 * server can take. Counted on the socket's address, before any request is read: behind a proxy
 * that is the proxy, so the cap is off there unless configured (see config.ts).
 */
export function registerConnectionLimits(app: FastifyInstance, config: AppConfig): void {
  const max = config.connections.maxPerClient;
  if (max === 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => undefined);
      socket.end(TOO_MANY_CONNECTIONS);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
