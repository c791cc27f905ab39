import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes written by the probe. Not empty: creating an empty file needs no free blocks, so only
 * a write with content notices a full disk.
 */
const PROBE_CONTENT = Buffer.alloc(4096, 0x2e);

/** Creates, syncs and deletes a small file in `dir`: the same things an upload needs to do. */
export async function probeWritableFolder(dir: string): Promise<void> {
  const file = path.join(dir, `health-${randomUUID()}.probe`);
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
