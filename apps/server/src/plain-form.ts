import type { FastifyReply } from 'fastify';

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
