import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER } from '@capstan/shared';
import type { CachedBody, CacheReadOptions, ContentCoding } from './public-response-cache';

/** Short, so visitors see a catalogue change within seconds; staff revalidate every time (api-client). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * How a request reads a public response cache: a signed-in staff member (a valid session, not
 * just a header) reads a body at least as new as the database's revision, so a save made through
 * another process is never shown stale and never answered by a false 409 on the next save.
 */
export function cacheReadFor(request: FastifyRequest): CacheReadOptions {
  return { current: request.session !== null };
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  for (const part of header.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

function qualityOf(header: string, coding: string): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const quality = Number.isFinite(q) ? q : 0;
    if (name === coding) return quality;
    if (name === '*') wildcard = quality;
  }
  return wildcard;
}

function negotiate(header: string): ContentCoding {
  const br = qualityOf(header, 'br');
  const gzip = qualityOf(header, 'gzip');
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

// Browsers send a handful of distinct Accept-Encoding values, so parsing each once is enough.
const negotiated = new Map<string, ContentCoding>();
const MAX_REMEMBERED_HEADERS = 64;

export function preferredCoding(header: string | undefined): ContentCoding {
  if (!header) return 'identity';
  const known = negotiated.get(header);
  if (known) return known;
  const coding = negotiate(header);
  if (negotiated.size < MAX_REMEMBERED_HEADERS) negotiated.set(header, coding);
  return coding;
}

/**
 * Sends a cached body as-is: 304 when the client's copy is current (`conditional`), otherwise the
 * precompressed variant the client accepts. The encoded bytes bypass @fastify/compress (it leaves
 * a body that already has a Content-Encoding alone), so nothing is compressed per request.
 */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  contentType: string,
  conditional = true,
) {
  reply.header('etag', body.etag).header('vary', 'Accept-Encoding');
  if (conditional && matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) return reply.code(304).send();

  const coding = preferredCoding(request.headers['accept-encoding']);
  const variant = body.variant(coding);
  reply.header('content-type', contentType);
  if (variant === null) return reply.send(body.identity);
  const encoded = variant instanceof Buffer ? variant : await variant;
  return reply.header('content-encoding', coding).send(encoded);
}

/**
 * A cached JSON answer. Routes using this must set `compress: false` so that @fastify/compress
 * does not touch the bytes.
 */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  // Overrides the no-store the authentication hook puts on signed-in requests: the body is the
  // same for everyone, and staff revalidate with If-None-Match instead of reading a stale copy.
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  if (body.totalCount !== undefined) reply.header(TOTAL_COUNT_HEADER, String(body.totalCount));
  return sendCachedBody(request, reply, body, JSON_CONTENT_TYPE);
}

/**
 * A cached body that is not JSON (a generated PDF): its own headers (Content-Disposition), the
 * public cache lifetime, and 304 for a current copy. Routes using this set `compress: false`.
 */
export async function sendCachedBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  contentType: string,
) {
  reply.header('cache-control', PUBLIC_CACHE_CONTROL);
  for (const [name, value] of Object.entries(body.headers)) reply.header(name, value);
  return sendCachedBody(request, reply, body, contentType);
}
