import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES_PER_REQUEST,
  refusedFileMessage,
  TOO_MANY_BYTES_REASON,
} from '@capstan/shared';
import { HttpError } from '../../http-error';
import { isStorageFailure } from '../../plugins/error-handler';
import type { ImageStore } from './image-store';

export interface MultipartBody {
  fields: Record<string, string>;
  /** Temp files holding the raw uploads, in the order sent. The caller removes them. */
  files: string[];
  /** The sender's name of each file (`files[i]` came as `fileNames[i]`), for messages. */
  fileNames: string[];
}

export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_FILE_BYTES,
  files: MAX_UPLOAD_FILES_PER_REQUEST,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 30,
  headerPairs: 100,
} as const;

/**
 * What one kind of multipart upload accepts: the field its files come in, the parser's limits and
 * the refusals of too large or too many files. Every multipart route reads its body through
 * `readMultipart` with one of these, so a malformed body is refused the same way everywhere.
 */
export interface MultipartKind {
  fileField: string;
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number; headerPairs: number };
  /** The refusal of a file larger than `limits.fileSize`, by the sender's name of the file when known. */
  tooLarge: (fileName?: string) => string;
  tooManyFiles: string;
}

/** Images with the fields of an item's form (the image upload and the item forms). */
export const IMAGE_UPLOADS: MultipartKind = {
  fileField: 'images',
  limits: MULTIPART_LIMITS,
  tooLarge: (fileName) =>
    fileName === undefined
      ? `Each image must be at most ${MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB`
      : refusedFileMessage(fileName, TOO_MANY_BYTES_REASON),
  tooManyFiles: `At most ${MAX_UPLOAD_FILES_PER_REQUEST} images can be uploaded at once`,
};

export const UNREADABLE_UPLOAD_MESSAGE =
  'The upload could not be read: the form data was malformed or incomplete. Please try again.';

/** The boundary parameter of a multipart content type, or '' when it is missing or empty. */
function multipartBoundary(contentType: string | undefined): string {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2] ?? '';
}

/**
 * Streams one file part to a new temp file. On failure the write stream is destroyed by the
 * pipeline but may not have opened its file yet; waiting for it to close means the file exists
 * (or never will) before the caller removes it, so no `.part` is left behind by the race.
 */
async function saveToTemp(source: NodeJS.ReadableStream, tempPath: string): Promise<void> {
  const target = fs.createWriteStream(tempPath, { flags: 'wx' });
  try {
    await pipeline(source, target);
  } catch (error) {
    if (!target.closed) await once(target, 'close').catch(() => undefined);
    throw error;
  }
}

/**
 * Streams a multipart body: text fields into memory (bounded), files to temp files on disk
 * (bounded), so a large upload never sits in memory. On any error the temp files are removed.
 * `fields` receives the text fields as they are read, so a form refused half-way (a file too
 * large) can still be given back with what was typed before it.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: ImageStore,
  kind: MultipartKind = IMAGE_UPLOADS,
  fields: Record<string, string> = {},
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data body');
  // Without a boundary the parser finds no parts at all, and the route would blame missing fields.
  if (multipartBoundary(request.headers['content-type']) === '') throw new HttpError(400, UNREADABLE_UPLOAD_MESSAGE);
  const files: string[] = [];
  const fileNames: string[] = [];
  try {
    for await (const part of request.parts({ limits: kind.limits })) {
      if (part.type === 'file') {
        if (part.fieldname !== kind.fileField) {
          part.file.resume();
          throw new HttpError(400, `Unexpected file field "${part.fieldname}"; files go in "${kind.fileField}"`);
        }
        const tempPath = store.temp.newPath();
        files.push(tempPath);
        fileNames.push(part.filename);
        await saveToTemp(part.file, tempPath);
        if (part.file.truncated) throw new HttpError(413, kind.tooLarge(part.filename));
      } else {
        if (Object.hasOwn(fields, part.fieldname)) {
          throw new HttpError(400, `Field "${part.fieldname}" was sent twice`);
        }
        if (part.valueTruncated) throw new HttpError(413, `Field "${part.fieldname}" is too long`);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
    return { fields, files, fileNames };
  } catch (error) {
    await store.temp.remove(files);
    // Uploads are processed on the store's disk: a full one is the store's status too.
    if (isStorageFailure(error)) store.status.failed();
    throw mapMultipartError(error, kind);
  }
}

function mapMultipartError(error: unknown, kind: MultipartKind): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, kind.tooManyFiles);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, kind.tooLarge());
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'The form has too many fields');
  }
  // The parser reports a malformed or cut-short body ("Unexpected end of multipart data", "Boundary
  // not found") as a plain Error without a code, and a client that hangs up mid-body as a reset or
  // premature close: all the client's doing, so 400 and no error in the log. System errors (ENOSPC,
  // EACCES, EMFILE…) carry a code and stay server errors.
  const parserError = error instanceof Error && error.constructor === Error && code === undefined;
  if (
    parserError ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (typeof code === 'string' && code.startsWith('FST_'))
  ) {
    return new HttpError(400, UNREADABLE_UPLOAD_MESSAGE);
  }
  return error;
}

/** Multipart fields whose text is JSON are parsed; a bad JSON text is a 400. */
export function decodeJsonFields(
  fields: Record<string, string>,
  jsonFields: readonly string[],
): Record<string, unknown> {
  const decoded: Record<string, unknown> = { ...fields };
  for (const name of jsonFields) {
    const text = fields[name];
    // An empty field is left as it is: on an update it clears the field (decision 011).
    if (text === undefined || text === '') continue;
    try {
      decoded[name] = JSON.parse(text);
    } catch {
      throw new HttpError(400, `Field "${name}" must be JSON text`);
    }
  }
  return decoded;
}
