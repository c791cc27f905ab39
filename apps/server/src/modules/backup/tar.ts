import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';

/**
 * The small subset of POSIX ustar that backups need: regular files with short relative names.
 * Written by hand so the archive format does not hang on a package that is only installed
 * as somebody else's dependency.
 */

const BLOCK = 512;
const NAME_LENGTH = 100;
/** 11 octal digits: the largest size a plain ustar header can state (8 GiB − 1). */
const MAX_SIZE = 0o77777777777;

export interface TarHeader {
  name: string;
  size: number;
}

export class TarFormatError extends Error {
  constructor(message: string) {
    super(`Not a valid backup archive: ${message}`);
    this.name = 'TarFormatError';
  }
}

function writeOctal(block: Buffer, offset: number, width: number, value: number): void {
  // width − 1 digits, then a NUL terminator.
  block.write(value.toString(8).padStart(width - 1, '0'), offset, width - 1, 'ascii');
  block[offset + width - 1] = 0;
}

function checksumOf(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) {
    // The checksum field itself counts as eight spaces.
    sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  }
  return sum;
}

export function encodeHeader({ name, size }: TarHeader, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > NAME_LENGTH) throw new Error(`Archive entry name too long: ${name}`);
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE) {
    throw new Error(`Archive entry too large: ${name}`);
  }
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, NAME_LENGTH, 'utf8');
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  const checksum = checksumOf(block);
  block.write(checksum.toString(8).padStart(6, '0'), 148, 6, 'ascii');
  block[154] = 0;
  block[155] = 0x20;
  return block;
}

function readString(block: Buffer, offset: number, width: number): string {
  const field = block.subarray(offset, offset + width);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? width : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, width: number, what: string): number {
  const text = readString(block, offset, width).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`bad ${what} field`);
  return parseInt(text, 8);
}

export function decodeHeader(block: Buffer): TarHeader {
  if (readString(block, 257, 6) !== 'ustar') throw new TarFormatError('missing ustar magic');
  if (readOctal(block, 148, 8, 'checksum') !== checksumOf(block)) throw new TarFormatError('header checksum mismatch');
  const type = block[156];
  // '0' or NUL: a regular file. Backups contain nothing else (no links, no directories).
  if (type !== 0x30 && type !== 0) throw new TarFormatError('unexpected entry type');
  const prefix = readString(block, 345, 155);
  const name = readString(block, 0, NAME_LENGTH);
  return { name: prefix ? `${prefix}/${name}` : name, size: readOctal(block, 124, 12, 'size') };
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes tar entries into a stream, respecting its back-pressure. */
export class TarWriter {
  constructor(
    private readonly out: Writable,
    private readonly mtime = new Date(),
  ) {}

  private async push(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.push(encodeHeader({ name, size: data.length }, this.mtime));
    await this.push(data);
    await this.push(Buffer.alloc(padding(data.length)));
  }

  /** Streams a file whose size is known up front; a file that changes size meanwhile is an error. */
  async addFile(name: string, file: string, size: number): Promise<void> {
    await this.push(encodeHeader({ name, size }, this.mtime));
    let written = 0;
    for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      await this.push(chunk);
    }
    if (written !== size) throw new Error(`${file} changed while it was being archived`);
    await this.push(Buffer.alloc(padding(size)));
  }

  /** Two empty blocks end a tar archive. */
  async finish(): Promise<void> {
    await this.push(Buffer.alloc(BLOCK * 2));
  }
}

/** Receives one entry's bytes, in order. */
export interface TarEntrySink {
  write: (chunk: Buffer) => Promise<void>;
  end: () => Promise<void>;
}

/**
 * Parses a tar stream, handing each entry's bytes to the sink `onEntry` returns. Throws on a
 * malformed header or an archive that ends early.
 */
export async function readTar(
  source: AsyncIterable<Buffer>,
  onEntry: (header: TarHeader) => Promise<TarEntrySink>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let entry: { sink: TarEntrySink; remaining: number; skip: number } | null = null;
  let ended = false;

  for await (const chunk of source) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (entry) {
        if (entry.remaining > 0) {
          if (pending.length === 0) break;
          const take = Math.min(entry.remaining, pending.length);
          await entry.sink.write(pending.subarray(0, take));
          pending = pending.subarray(take);
          entry.remaining -= take;
          continue;
        }
        if (pending.length < entry.skip) break;
        pending = pending.subarray(entry.skip);
        await entry.sink.end();
        entry = null;
        continue;
      }
      if (pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const header = decodeHeader(block);
      entry = { sink: await onEntry(header), remaining: header.size, skip: padding(header.size) };
    }
  }
  if (entry || !ended) throw new TarFormatError('the archive ends early');
}
