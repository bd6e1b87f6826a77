import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A half-written file older than this was left by a process that died while writing it. */
export const STALE_PART_MS = 60 * 60 * 1000;
/** Renders have a 10-minute budget; a render folder this old belongs to a dead process. */
export const STALE_RENDER_MS = 30 * 60 * 1000;
/**
 * Work folders under the temporary folder, by name prefix, and the age past which one belongs
 * to a dead process: renders, uploads (also caption sources and reference videos) and songs.
 * An upload or a song is handled within minutes; an hour leaves room for a slow one.
 */
export const STALE_WORK_FOLDERS: readonly { prefix: string; ms: number }[] = [
  { prefix: 'render-', ms: STALE_RENDER_MS },
  { prefix: 'upload-', ms: STALE_PART_MS },
  { prefix: 'song-', ms: STALE_PART_MS },
];

async function olderThan(file: string, ms: number, now: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && now - info.mtimeMs > ms;
}

/**
 * Removes what a killed process leaves behind: `.part` files of interrupted writes under the
 * media folder, and work folders (`STALE_WORK_FOLDERS`) under the temporary folder. Only old ones: a live
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
    const kind = STALE_WORK_FOLDERS.find((folder) => name.startsWith(folder.prefix));
    if (!kind) continue;
    const dir = path.join(dirs.tmpDir, name);
    if (await olderThan(dir, kind.ms, now)) {
      await rm(dir, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
