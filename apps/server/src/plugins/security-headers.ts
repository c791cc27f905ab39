import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { STATS_COUNT_UP_SCRIPT } from '@capstan/shared';
import type { FastifyInstance } from 'fastify';

/** The CSP source that allows exactly the statistics strip's fixed count-up starter (decision 015), and no other inline script. */
export const STATS_COUNT_UP_SCRIPT_HASH = `'sha256-${createHash('sha256').update(STATS_COUNT_UP_SCRIPT).digest('base64')}'`;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The app's own files (the page loader among them, decision 059), plus the one fixed inline
      // script of the landing page: the statistics' count-up starter (decision 015).
      scriptSrc: ["'self'", STATS_COUNT_UP_SCRIPT_HASH],
      // Radix and motion position and animate with style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
  // The same as frame-ancestors 'none', for browsers that only know this header (helmet's default is SAMEORIGIN).
  frameguard: { action: 'deny' },
  // Links shared on WhatsApp and elsewhere still get a referrer origin.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * For PDFs this server makes (spec sheets): Chrome shows a PDF through an internal <embed> with
 * inline styles, which the pages' `object-src 'none'` and style rules block (crbug.com/271452).
 * A PDF runs no script of ours, so only framing by other sites is ruled out (decision 033).
 */
export const PDF_SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** The headers helmet sets for these options, worked out once: none of them depends on the request. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every answer carries the same security headers. @fastify/helmet built helmet's middleware
 * again for each request (parsing the CSP each time: about 8% of a cached page's CPU), so the
 * headers are computed once here and copied onto each reply.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
