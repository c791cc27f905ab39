import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
    // Links shared on WhatsApp and elsewhere still get a referrer origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
