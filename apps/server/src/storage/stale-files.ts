import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A half-written file older than this was left by a process that died while writing it. */
export const STALE_PART_MS = 60 * 60 * 1000;
/** Renders have a 10-minute budget; a render folder this old belongs to a dead process. */
export const STALE_RENDER_MS = 30 * 60 * 1000;

async function olderThan(file: string, ms: number, now: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && now - info.mtimeMs > ms;
}

/**
 * Removes what a killed process leaves behind: `.part` files of interrupted writes under the
 * media folder, and render work folders under the temporary folder. Only old ones: a live
 * process may be writing fresh ones right now. Returns how many it removed.
 */
export async function removeStaleFiles(
  dirs: { mediaDir: string; tmpDir: string },
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  const parts = await readdir(dirs.mediaDir, { recursive: true }).catch(() => [] as string[]);
  for (const name of parts) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dirs.mediaDir, name);
    if (await olderThan(file, STALE_PART_MS, now)) {
      await rm(file, { force: true });
      removed++;
    }
  }
  const work = await readdir(dirs.tmpDir).catch(() => [] as string[]);
  for (const name of work) {
    if (!name.startsWith('render-')) continue;
    const dir = path.join(dirs.tmpDir, name);
    if (await olderThan(dir, STALE_RENDER_MS, now)) {
      await rm(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
