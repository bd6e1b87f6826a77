import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOverlayImages } from './overlay-images';
import type { OverlayImage } from './render-plan';

const frame = { width: 320, height: 180 };
const dirs: string[] = [];
const folder = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-overlays-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('writeOverlayImages', () => {
  it('draws a picture once: another render of the same picture reuses it byte for byte', async () => {
    const failure: OverlayImage = {
      id: 'img0',
      drawing: {
        kind: 'failure',
        text: { title: 'Shot 3 failed', message: 'overlay-images test' },
      },
      ...{ x: 0, y: 0, ...frame },
    };
    const first = await writeOverlayImages([failure], frame, await folder());
    // The same drawing under another id (another render's plan), and a different one.
    const second = await writeOverlayImages(
      [
        { ...failure, id: 'img7' },
        { ...failure, id: 'img8', drawing: { kind: 'placeholder' } },
      ],
      frame,
      await folder(),
    );
    expect(first.drawn).toBe(1);
    expect(second.drawn).toBe(1);
    expect(await readFile(second.files.get('img7')!)).toEqual(
      await readFile(first.files.get('img0')!),
    );
    expect(second.files.get('img8')).toMatch(/img8\.png$/);
  });
});
