import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** `{pid}.{8 hex}.{host}`: who owns a temp folder, so no process ever clears another's live one. */
const OWNER_DIR = /^(\d+)\.([a-f0-9]{8})\.(.+)$/;

/**
 * Bytes written by the probe. Not empty: creating an empty file needs no free blocks, so only
 * a write with content notices a full disk.
 */
const PROBE_CONTENT = Buffer.alloc(4096, 0x2e);

/** Loose files at the top of the temp root come from servers before per-process folders. */
const LEGACY_TEMP_MIN_AGE_MS = 60 * 60 * 1000;

const safeHost = (host: string) => host.replace(/[^A-Za-z0-9._-]/g, '_') || 'host';

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Temp files of this process: raw uploads on their way through sharp, and variants before they
 * are put into the store. Several processes may share the temp root (one DATA_DIR behind a load
 * balancer, or a restart overlapping the old process), so each has a folder of its own and only
 * ever clears that one, plus folders of processes that provably died on this same host
 * (docs/decisions/028).
 */
export class ProcessTempFiles {
  readonly dir: string;
  private readonly host = safeHost(os.hostname());

  constructor(readonly root: string) {
    this.dir = path.join(root, `${process.pid}.${randomUUID().slice(0, 8)}.${this.host}`);
  }

  async init(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  newPath(): string {
    return path.join(this.dir, `${randomUUID()}.part`);
  }

  async remove(files: readonly string[]): Promise<void> {
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  }

  /** Creates, syncs and deletes a small file here: what processing an upload needs to do. */
  async probe(): Promise<void> {
    const file = path.join(this.dir, `health-${randomUUID()}.probe`);
    try {
      const handle = await fs.open(file, 'wx');
      try {
        await handle.writeFile(PROBE_CONTENT);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /** Ends this process's folder (at shutdown); what a killed process leaves, the next start clears. */
  async dispose(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
  }

  /**
   * Clears what dead processes left: folders of processes of this host that no longer run, and
   * loose files of older servers once they are an hour old. A folder of another host (a shared
   * disk) or of a live process is never touched. Returns how many entries were removed.
   */
  async sweepDead(now = Date.now()): Promise<number> {
    const entries = await fs.readdir(this.root, { withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const entry of entries) {
      const full = path.join(this.root, entry.name);
      if (full === this.dir) continue;
      if (entry.isDirectory()) {
        const owner = OWNER_DIR.exec(entry.name);
        if (!owner || owner[3] !== this.host) continue;
        const pid = Number(owner[1]);
        if (pid === process.pid || isAlive(pid)) continue;
      } else {
        const stat = await fs.stat(full).catch(() => null);
        if (!stat || now - stat.mtimeMs < LEGACY_TEMP_MIN_AGE_MS) continue;
      }
      await fs.rm(full, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }
}
