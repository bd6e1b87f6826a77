import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStaleFiles, STALE_PART_MS, STALE_RENDER_MS } from './stale-files.js';

describe('removeStaleFiles', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('removes old half-written files and render folders, and keeps fresh ones and real files', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'storyloom-stale-'));
    roots.push(root);
    const mediaDir = path.join(root, 'media');
    const tmpDir = path.join(root, 'tmp');
    mkdirSync(path.join(mediaDir, 'uploads', '2026', '11'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'render-old', 'media'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'render-new'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'upload-old'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'upload-new'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'song-old'), { recursive: true });
    mkdirSync(path.join(tmpDir, 'other-old'), { recursive: true });
    writeFileSync(path.join(tmpDir, 'upload-old', 'upload'), 'x');
    const file = (...parts: string[]) => path.join(mediaDir, 'uploads', '2026', '11', ...parts);
    writeFileSync(file('old.png.1.part'), 'x');
    writeFileSync(file('new.png.2.part'), 'x');
    writeFileSync(file('kept.png'), 'x');
    const now = Date.now();
    const ago = (ms: number) => (now - ms) / 1000;
    utimesSync(file('old.png.1.part'), ago(STALE_PART_MS + 1000), ago(STALE_PART_MS + 1000));
    utimesSync(file('kept.png'), ago(STALE_PART_MS * 10), ago(STALE_PART_MS * 10));
    const oldRender = path.join(tmpDir, 'render-old');
    utimesSync(oldRender, ago(STALE_RENDER_MS + 1000), ago(STALE_RENDER_MS + 1000));
    // An upload folder younger than an hour may still be in use; older ones are left by a crash.
    utimesSync(
      path.join(tmpDir, 'upload-new'),
      ago(STALE_RENDER_MS + 1000),
      ago(STALE_RENDER_MS + 1000),
    );
    for (const name of ['upload-old', 'song-old', 'other-old'])
      utimesSync(path.join(tmpDir, name), ago(STALE_PART_MS + 1000), ago(STALE_PART_MS + 1000));

    expect(await removeStaleFiles({ mediaDir, tmpDir }, now)).toBe(4);
    expect(existsSync(path.join(tmpDir, 'upload-old'))).toBe(false);
    expect(existsSync(path.join(tmpDir, 'song-old'))).toBe(false);
    expect(existsSync(path.join(tmpDir, 'upload-new'))).toBe(true);
    expect(existsSync(path.join(tmpDir, 'other-old'))).toBe(true);
    expect(existsSync(file('old.png.1.part'))).toBe(false);
    expect(existsSync(oldRender)).toBe(false);
    expect(existsSync(file('new.png.2.part'))).toBe(true);
    expect(existsSync(file('kept.png'))).toBe(true);
    expect(existsSync(path.join(tmpDir, 'render-new'))).toBe(true);
  });

  it('is quiet when the folders do not exist yet', async () => {
    expect(await removeStaleFiles({ mediaDir: '/nonexistent/a', tmpDir: '/nonexistent/b' })).toBe(
      0,
    );
  });
});
