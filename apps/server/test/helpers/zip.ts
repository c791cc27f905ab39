import zlib from 'node:zlib';

/** A ZIP entry as written: its bytes as stored in the archive, and what it declares about them. */
export interface RawZipEntry {
  name: string;
  /** The bytes in the archive (deflated when `method` is 8). */
  stored: Buffer;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** The unpacked size the entry declares (a ZIP bomb may lie). */
  uncompressedSize: number;
  crc: number;
}

/** A ZIP archive of the entries exactly as given, so tests can build archives that lie. */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of entries) {
    const name = Buffer.from(file.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(file.method, 8);
    local.writeUInt32LE(file.crc, 14);
    local.writeUInt32LE(file.stored.length, 18);
    local.writeUInt32LE(file.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(file.method, 10);
    central.writeUInt32LE(file.crc, 16);
    central.writeUInt32LE(file.stored.length, 20);
    central.writeUInt32LE(file.uncompressedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.stored);
    centrals.push(central, name);
    offset += local.length + name.length + file.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A ZIP archive of stored (uncompressed) files, enough for tests of ZIP uploads. */
export function zipOf(files: readonly { name: string; data: Buffer }[]): Buffer {
  return rawZip(
    files.map((file) => ({
      name: file.name,
      stored: file.data,
      method: 0,
      uncompressedSize: file.data.length,
      crc: zlib.crc32(file.data),
    })),
  );
}

/** A ZIP archive of deflated files, as spreadsheet programs write them. */
export function deflatedZipOf(files: readonly { name: string; data: Buffer }[]): Buffer {
  return rawZip(
    files.map((file) => ({
      name: file.name,
      stored: zlib.deflateRawSync(file.data),
      method: 8,
      uncompressedSize: file.data.length,
      crc: zlib.crc32(file.data),
    })),
  );
}

/**
 * Deflated data that unpacks to `times` copies of `chunk` without ever holding them: the chunk is
 * deflated once as a non-final block and repeated, then a final empty block closes the stream.
 * A 1 MiB chunk packs to about 1 KB, so 2,048 copies are a 2 MB entry that unpacks to 2 GiB.
 */
export function deflatedRepeats(chunk: Buffer, times: number): Buffer {
  const block = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const end = zlib.deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: times }, () => block), end]);
}
