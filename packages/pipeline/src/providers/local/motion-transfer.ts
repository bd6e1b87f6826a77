import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ActionVideoProvider, GeneratedMedia } from '../provider-types';
import { runTool } from './run-tool';

/** The size reference frames are compared at: small enough to be quick, big enough to see. */
export const ANALYSIS_WIDTH = 128;
export const ANALYSIS_HEIGHT = 96;
const FPS = 24;
/** How far the picture may travel from the centre, as a share of the output's side. */
const TRAVEL = 0.2;

export interface Shift {
  dx: number;
  dy: number;
}

/** The minimum of a parabola through three equally spaced costs, as an offset from the middle. */
function subPixel(before: number, at: number, after: number): number {
  const curve = before - 2 * at + after;
  return curve > 0 ? Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curve))) : 0;
}

/** Mean absolute difference of b(x, y) and a(x − sx, y − sy) over every `step`-th pixel. */
function matchCost(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  height: number,
  margin: number,
  sx: number,
  sy: number,
  step: number,
): number {
  let sum = 0;
  let n = 0;
  for (let y = margin; y < height - margin; y += step) {
    const row = y * width;
    const from = (y - sy) * width - sx;
    for (let x = margin; x < width - margin; x += step) {
      sum += Math.abs(b[row + x]! - a[from + x]!);
      n++;
    }
  }
  return sum / n;
}

/**
 * Where the content of gray frame `b` sits relative to frame `a`, in pixels with sub-pixel
 * precision: the shift (within ±radius) for which b(x, y) best matches a(x − dx, y − dy), by
 * mean absolute difference over the part both frames see. The search looks at every other
 * pixel; the fraction comes from every pixel around the best shift (skipping pixels there
 * would favour one side of each edge).
 */
export function frameShift(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Shift {
  let best = { sx: 0, sy: 0, cost: Infinity };
  for (let sy = -radius; sy <= radius; sy++) {
    for (let sx = -radius; sx <= radius; sx++) {
      const cost = matchCost(a, b, width, height, radius + 1, sx, sy, 2);
      if (cost < best.cost) best = { sx, sy, cost };
    }
  }
  const { sx, sy } = best;
  const fine = (dx: number, dy: number) =>
    matchCost(a, b, width, height, radius + 1, sx + dx, sy + dy, 1);
  const at = fine(0, 0);
  const fx = Math.abs(sx) < radius ? subPixel(fine(-1, 0), at, fine(1, 0)) : 0;
  const fy = Math.abs(sy) < radius ? subPixel(fine(0, -1), at, fine(0, 1)) : 0;
  return { dx: sx + fx, dy: sy + fy };
}

/**
 * The path of a video's content: for each of `count` gray frames (packed one after another),
 * where its content sits relative to the first frame. Each frame is matched against a key
 * frame, which moves on once the content has travelled half the search radius, so slow pans
 * add up without rounding away and fast ones stay within reach.
 */
export function motionPath(
  frames: Uint8Array,
  width: number,
  height: number,
  count: number,
  radius = 6,
): Shift[] {
  const size = width * height;
  const frame = (i: number) => frames.subarray(i * size, (i + 1) * size);
  const path: Shift[] = [{ dx: 0, dy: 0 }];
  let key = 0;
  for (let i = 1; i < count; i++) {
    const shift = frameShift(frame(key), frame(i), width, height, radius);
    const at = { dx: path[key]!.dx + shift.dx, dy: path[key]!.dy + shift.dy };
    path.push(at);
    if (Math.abs(shift.dx) > radius / 2 || Math.abs(shift.dy) > radius / 2) key = i;
  }
  return path;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The local action video: the reference video's global motion (its content's path, found by
 * matching frames) moves a camera window over the character picture or clip, so the character
 * sways, bobs and travels as the reference does. It transfers the performance's movement, not
 * its facial expressions; the expression intensity scales how far the movement goes.
 */
export class LocalMotionTransfer implements ActionVideoProvider {
  readonly name = 'local-motion-transfer';

  async perform(input: Parameters<ActionVideoProvider['perform']>[0]): Promise<GeneratedMedia> {
    const { width, height, signal } = input;
    const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-action-'));
    try {
      const reference = path.join(dir, `reference.${input.reference.extension}`);
      const character = path.join(dir, `character.${input.character.extension}`);
      await writeFile(reference, input.reference.bytes);
      await writeFile(character, input.character.bytes);
      const gray = await runTool(
        'ffmpeg',
        [
          ...['-v', 'error', '-i', reference, '-an'],
          ...['-vf', `fps=${FPS},scale=${ANALYSIS_WIDTH}:${ANALYSIS_HEIGHT},format=gray`],
          ...['-f', 'rawvideo', 'pipe:1'],
        ],
        { label: 'action video', signal },
      );
      const count = Math.floor(gray.length / (ANALYSIS_WIDTH * ANALYSIS_HEIGHT));
      if (count < 2) throw new Error('The reference video has no frames to follow');
      const contentPath = motionPath(gray, ANALYSIS_WIDTH, ANALYSIS_HEIGHT, count);

      // The character fills a picture larger than the output; the window over it moves
      // opposite to the reference's content, so the character moves the way that content does.
      const gain = input.expressionIntensity / 3;
      const sourceWidth = even(width * (1 + 2 * TRAVEL));
      const sourceHeight = even(height * (1 + 2 * TRAVEL));
      const maxX = sourceWidth - width;
      const maxY = sourceHeight - height;
      const clamp = (v: number, max: number) => Math.round(Math.max(0, Math.min(max, v)));
      const windowAt = (shift: Shift) => ({
        x: clamp(maxX / 2 - (shift.dx / ANALYSIS_WIDTH) * width * gain, maxX),
        y: clamp(maxY / 2 - (shift.dy / ANALYSIS_HEIGHT) * height * gain, maxY),
      });
      const commands = contentPath
        .map((shift, i) => {
          const { x, y } = windowAt(shift);
          return `${(i / FPS).toFixed(4)} crop@follow x ${x}, crop@follow y ${y};`;
        })
        .join('\n');
      const commandFile = path.join(dir, 'follow.cmd');
      await writeFile(commandFile, commands);
      const first = windowAt(contentPath[0]!);
      const duration = count / FPS;
      const output = path.join(dir, 'action.mp4');
      const characterInput =
        input.character.type === 'image'
          ? ['-loop', '1', '-framerate', String(FPS), '-i', character]
          : ['-stream_loop', '-1', '-i', character];
      await runTool(
        'ffmpeg',
        [
          ...['-v', 'error', '-y', ...characterInput, '-i', reference],
          '-filter_complex',
          `[0:v]fps=${FPS},scale=${sourceWidth}:${sourceHeight}:force_original_aspect_ratio=increase,` +
            `crop=${sourceWidth}:${sourceHeight},sendcmd=f=${commandFile},` +
            `crop@follow=${width}:${height}:${first.x}:${first.y},setsar=1,format=yuv420p[v]`,
          ...['-map', '[v]', '-map', '1:a?', '-t', duration.toFixed(3)],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-r', String(FPS)],
          ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', output],
        ],
        { label: 'action video', signal },
      );
      return {
        bytes: await readFile(output),
        extension: 'mp4',
        width,
        height,
        durationSeconds: duration,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
