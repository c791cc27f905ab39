import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/**
 * The server's own pages for forms sent without JavaScript (the contact form, the review form):
 * what the visitor typed, and the page sent back.
 */

/** The form's text fields as typed (first value of each; anything else is dropped). */
export function plainFormValues<Field extends string>(
  body: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  if (typeof body !== 'object' || body === null) return values;
  for (const name of fields) {
    const value: unknown = (body as Record<string, unknown>)[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/** Never cached or indexed: it holds what one visitor typed. */
export function sendPlainFormPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Reads `application/x-www-form-urlencoded` bodies (what a plain HTML form posts) in `instance` only. */
export function acceptPlainForms(instance: FastifyInstance, bodyLimit: number): void {
  instance.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/**
 * Whatever went wrong with a plain form (too many, unreadable body, storage), what the visitor is
 * told on the form sent back: the status to answer (503 for any server fault) and the problem in
 * words. Logs server faults and keeps the error's headers (Retry-After).
 */
export function plainFormFailure(
  error: Error,
  request: FastifyRequest,
  reply: FastifyReply,
  words: { what: string; unavailable: string; unreadable: string },
): { status: number; problem: string } {
  const { statusCode } = error as { statusCode?: unknown };
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, `the ${words.what} could not be handled`);
  if (error instanceof HttpError) reply.headers(error.headers);
  const problem = status === 429 ? error.message : status >= 500 ? words.unavailable : words.unreadable;
  return { status: status >= 500 ? 503 : status, problem };
}
