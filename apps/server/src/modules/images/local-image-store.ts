import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type ImageStore, type ListedFile, StoreStatus, type StoredFile, type StoredFileInfo } from './image-store';
import { ProcessTempFiles } from './process-temp-files';

/** A name is one file at the top of the folder: never a path, never the temp folder. */
const isPlainName = (name: string) => name !== '' && !name.startsWith('.') && path.basename(name) === name;

/**
 * Images as files in DATA_DIR/uploads (the default). Temp files live in `uploads/.tmp/<process>`,
 * on the same file system, so putting a finished file is one atomic rename.
 */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local';
  readonly temp: ProcessTempFiles;
  readonly status = new StoreStatus();

  constructor(readonly uploadsDir: string) {
    this.temp = new ProcessTempFiles(path.join(uploadsDir, '.tmp'));
  }

  get description(): string {
    return `local folder ${this.uploadsDir}`;
  }

  async init(): Promise<void> {
    await this.temp.init();
  }

  private pathOf(name: string): string {
    if (!isPlainName(name)) throw new Error(`Not a stored file name: ${name}`);
    return path.join(this.uploadsDir, name);
  }

  async putFile(name: string, localFile: string): Promise<void> {
    await fsp.rename(localFile, this.pathOf(name));
  }

  async head(name: string): Promise<StoredFileInfo | null> {
    const stat = await fsp.stat(this.pathOf(name)).catch(() => null);
    if (stat === null || !stat.isFile()) return null;
    // The files never change once written (a new upload gets a new name): size and time suffice.
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    return { name, size: stat.size, lastModified: stat.mtime, etag };
  }

  async open(name: string): Promise<StoredFile | null> {
    const info = await this.head(name);
    if (info === null) return null;
    const file = this.pathOf(name);
    return { ...info, body: () => fs.createReadStream(file) };
  }

  /**
   * Hard-links (or, across file systems, copies): files are never rewritten in place, so a link
   * is a snapshot that survives the original's deletion.
   */
  async copyToFile(name: string, target: string): Promise<boolean> {
    const from = this.pathOf(name);
    try {
      await fsp.link(from, target);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    }
    try {
      await fsp.copyFile(from, target, fs.constants.COPYFILE_EXCL);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async deleteMany(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fsp.rm(this.pathOf(name), { force: true })));
  }

  async *list(): AsyncIterable<ListedFile> {
    // Read as it goes, not whole: a catalogue of 100,000 parts keeps 330,000 files here.
    const folder = await fsp.opendir(this.uploadsDir);
    // Files at the top only: the .tmp folder holds work in progress.
    for await (const entry of folder) if (entry.isFile()) yield { name: entry.name };
  }

  async close(): Promise<void> {
    await this.temp.dispose();
  }
}
