import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { placeCharacter } from './place-character';

/** A magenta figure (an upright ellipse) on a plain light ground, or on nothing. */
function figure(width: number, height: number, ground?: string): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (ground) {
    ctx.fillStyle = ground;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.fillStyle = '#ff00c8';
  ctx.beginPath();
  ctx.ellipse(width / 2, height / 2, width * 0.3, height * 0.45, 0, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toBuffer('image/png');
}

function solid(width: number, height: number, colour: string): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const image = await loadImage(jpeg);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 14);
const SCENE = [32, 64, 96];
const MAGENTA = [255, 0, 200];

describe('placeCharacter', () => {
  const scene = solid(640, 360, '#204060');

  it('cuts a photo-like picture out of its plain ground: no card, no white border', async () => {
    const reference = figure(120, 160, '#f2f0ea');
    const { bytes, box } = await placeCharacter({
      scene,
      reference,
      width: 640,
      height: 360,
      index: 0,
    });
    const cx = Math.round((box.x + box.w / 2) * 640);
    const cy = Math.round((box.y + box.h / 2) * 360);
    expect(close(await pixel(bytes, cx, cy), MAGENTA)).toBe(true);
    // The ground beside the figure (inside where a card would be) shows the scene.
    expect(
      close(await pixel(bytes, Math.round(box.x * 640) + 2, Math.round(box.y * 360) + 4), SCENE),
    ).toBe(true);
    expect(close(await pixel(bytes, Math.round(box.x * 640) - 6, cy), SCENE)).toBe(true);
    // The figure is cropped to itself: its box is about as wide as the ellipse, 0.6 of the picture.
    expect((box.w * 640) / (box.h * 360)).toBeCloseTo((120 * 0.6) / (160 * 0.9), 1);
  });

  it("keeps a PNG's own alpha, stands left on even shots and right on odd, inside the frame", async () => {
    const reference = figure(120, 160);
    const even = await placeCharacter({ scene, reference, width: 640, height: 360, index: 0 });
    const odd = await placeCharacter({ scene, reference, width: 640, height: 360, index: 1 });
    expect(even.box.x + even.box.w / 2).toBeLessThan(0.5);
    expect(odd.box.x + odd.box.w / 2).toBeGreaterThan(0.5);
    for (const { box } of [even, odd]) {
      expect(box.x).toBeGreaterThanOrEqual(0.02);
      expect(box.y).toBeGreaterThanOrEqual(0.02);
      expect(box.x + box.w).toBeLessThanOrEqual(0.98);
      expect(box.y + box.h).toBeLessThanOrEqual(0.98);
    }
    expect(close(await pixel(odd.bytes, 448, 200), MAGENTA)).toBe(true);
    expect(close(await pixel(odd.bytes, 192, 200), SCENE)).toBe(true);
  });
});
