import { describe, expect, it } from 'vitest';
import { frameShift, motionPath } from './motion-transfer';

const W = 128;
const H = 96;

/** A smooth random texture, sampled with bilinear interpolation at any offset. */
function texture(seed: number) {
  const side = 64;
  const grid = new Float64Array(side * side);
  let s = seed;
  for (let i = 0; i < grid.length; i++) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    grid[i] = (s / 2 ** 31) * 255;
  }
  const at = (x: number, y: number) =>
    grid[(((y % side) + side) % side) * side + (((x % side) + side) % side)]!;
  return (x: number, y: number) => {
    // 4 px per grid cell: features a few pixels wide, like a real picture at this size.
    const gx = x / 4;
    const gy = y / 4;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const fx = gx - x0;
    const fy = gy - y0;
    return (
      at(x0, y0) * (1 - fx) * (1 - fy) +
      at(x0 + 1, y0) * fx * (1 - fy) +
      at(x0, y0 + 1) * (1 - fx) * fy +
      at(x0 + 1, y0 + 1) * fx * fy
    );
  };
}

/** Frames of the texture whose content moves by (vx, vy) pixels per frame. */
function movingFrames(count: number, vx: number, vy: number): Uint8Array {
  const sample = texture(7);
  const frames = new Uint8Array(count * W * H);
  for (let i = 0; i < count; i++)
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        frames[i * W * H + y * W + x] = Math.round(sample(x - vx * i + 200, y - vy * i + 200));
  return frames;
}

describe('motion transfer: following a video’s content', () => {
  it('finds the shift between two frames to a fraction of a pixel, either way', () => {
    const frames = movingFrames(2, 2.5, -1.25);
    const shift = frameShift(frames.subarray(0, W * H), frames.subarray(W * H), W, H, 6);
    expect(shift.dx).toBeCloseTo(2.5, 0);
    expect(shift.dy).toBeCloseTo(-1.25, 0);
    expect(Math.abs(shift.dx - 2.5)).toBeLessThan(0.3);
    expect(Math.abs(shift.dy + 1.25)).toBeLessThan(0.3);
  });

  it('adds up a slow pan (less than a pixel per frame) and a fast one along the whole clip', () => {
    for (const [vx, vy] of [
      [0.4, 0],
      [-4, 1],
    ] as const) {
      const count = 30;
      const path = motionPath(movingFrames(count, vx, vy), W, H, count);
      const end = path.at(-1)!;
      expect(Math.abs(end.dx - vx * (count - 1))).toBeLessThan(
        Math.abs(vx) * (count - 1) * 0.1 + 0.5,
      );
      expect(Math.abs(end.dy - vy * (count - 1))).toBeLessThan(
        Math.abs(vy) * (count - 1) * 0.1 + 0.5,
      );
    }
  });

  it('sees no motion in a still video', () => {
    const count = 10;
    const path = motionPath(movingFrames(count, 0, 0), W, H, count);
    for (const at of path) {
      expect(Math.abs(at.dx)).toBeLessThan(0.05);
      expect(Math.abs(at.dy)).toBeLessThan(0.05);
    }
  });
});
