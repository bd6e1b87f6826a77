import { z } from 'zod';
import type { AspectRatio } from './categories';
import { aspectRatioSchema } from './categories';

/** Export sizes per aspect ratio. */
export const OUTPUT_SIZES: Readonly<Record<AspectRatio, { width: number; height: number }>> = {
  '16:9': { width: 1920, height: 1080 },
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
};

/**
 * `size` scaled down (never up) so that its longer side is at most `maxSide`, keeping the aspect
 * ratio, with even sides as H.264 needs.
 */
export function fitWithinSide(
  size: { width: number; height: number },
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  const even = (v: number) => Math.max(2, Math.floor((v * scale) / 2) * 2);
  return scale === 1
    ? { width: size.width, height: size.height }
    : { width: even(size.width), height: even(size.height) };
}

/** Default output (spec 3 §9): 1920x1080 at 16:9. */
export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';
/** Canvas size derived when nothing else is known (spec 3 §9). */
export const DEFAULT_CANVAS_SIZE = { width: 1280, height: 720 } as const;

/** Output settings (spec 3 §3). */
export const outputSettingsSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  aspectRatio: aspectRatioSchema,
  totalDurationInFrames: z.number().nonnegative(),
});
export type OutputSettings = z.infer<typeof outputSettingsSchema>;

/** The aspect ratio closest to width ÷ height. */
export function aspectRatioFor(width: number, height: number): AspectRatio {
  if (!(width > 0) || !(height > 0)) return DEFAULT_ASPECT_RATIO;
  const ratio = width / height;
  const candidates: [AspectRatio, number][] = [
    ['16:9', 16 / 9],
    ['9:16', 9 / 16],
    ['1:1', 1],
  ];
  let best = candidates[0]!;
  for (const candidate of candidates) {
    if (Math.abs(Math.log(ratio / candidate[1])) < Math.abs(Math.log(ratio / best[1])))
      best = candidate;
  }
  return best[0];
}

export function outputSettingsFor(
  aspectRatio: AspectRatio,
  totalDurationInFrames: number,
): OutputSettings {
  return { ...OUTPUT_SIZES[aspectRatio], aspectRatio, totalDurationInFrames };
}
