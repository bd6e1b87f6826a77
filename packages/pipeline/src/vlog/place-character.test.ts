import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { placeCharacter } from './place-character';

function solid(width: number, height: number, colour: string, alpha = false): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  if (alpha) ctx.fillRect(width / 4, 0, width / 2, height);
  else ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const image = await loadImage(jpeg);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 12);

describe('placeCharacter', () => {
  const scene = solid(640, 360, '#204060');
  const reference = solid(80, 120, '#ff00c8');

  it('puts the reference picture, colours untouched, in the left third of even shots', async () => {
    const out = await placeCharacter({ scene, reference, width: 640, height: 360, index: 0 });
    expect(close(await pixel(out, 192, 200), [255, 0, 200])).toBe(true);
    expect(close(await pixel(out, 600, 40), [32, 64, 96])).toBe(true);
    // Odd shots put it on the right.
    const odd = await placeCharacter({ scene, reference, width: 640, height: 360, index: 1 });
    expect(close(await pixel(odd, 448, 200), [255, 0, 200])).toBe(true);
    expect(close(await pixel(odd, 192, 200), [32, 64, 96])).toBe(true);
  });

  it('frames an opaque picture with a white border, and stands a cut-out as it is', async () => {
    const framed = await placeCharacter({ scene, reference, width: 640, height: 360, index: 0 });
    // 70 % of 360 = 252 px tall, 168 px wide, centred at x = 192: a 4 px border just outside.
    expect(close(await pixel(framed, 192 - 84 - 2, 200), [255, 255, 255])).toBe(true);
    const cutOut = solid(80, 120, '#ff00c8', true);
    const standing = await placeCharacter({
      scene,
      reference: cutOut,
      width: 640,
      height: 360,
      index: 0,
    });
    expect(close(await pixel(standing, 192 - 84 - 2, 200), [32, 64, 96])).toBe(true);
    expect(close(await pixel(standing, 192, 200), [255, 0, 200])).toBe(true);
  });
});
