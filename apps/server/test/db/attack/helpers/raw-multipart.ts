import { randomBytes } from 'node:crypto';

export interface RawFile {
  /** Sent byte for byte in the part header: may hold `../`, NUL, quotes or any unicode. */
  name: string;
  type: string;
  data: Buffer;
}

/**
 * Builds a multipart body by hand. FormData would escape or refuse the hostile file names
 * this suite needs to send, so the header bytes are written directly.
 */
export function rawMultipart(
  fields: Record<string, string>,
  files: readonly RawFile[],
  fileField = 'images',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----attack${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
