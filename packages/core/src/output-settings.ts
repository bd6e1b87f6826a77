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

/** What a story's size is decided from, in whichever spelling the caller holds it. */
export interface StorySizeSource {
  /** The creation form's inputs (`category_inputs`); `aspect_ratio` when the form asked. */
  categoryInputs?: Readonly<Record<string, unknown>> | null | undefined;
  /** The story's metadata; `aspect_ratio` when a flow recorded one. */
  metadata?: Readonly<Record<string, unknown>> | null | undefined;
  /**
   * The story's timeline (`video_editor_timeline`, parsed or as stored): its chosen ratio, else
   * the shape of its first picture or clip. Read leniently: a field that does not parse is
   * skipped.
   */
  timeline?: unknown;
}

const sizeHintsSchema = z.looseObject({
  globalConfig: z
    .looseObject({ aspectRatio: aspectRatioSchema.optional().catch(undefined) })
    .optional()
    .catch(undefined),
  mediaAssets: z
    .array(
      z
        .looseObject({
          resource_type: z.string().optional(),
          metadata: z
            .looseObject({ width: z.number().optional(), height: z.number().optional() })
            .optional(),
        })
        .catch({}),
    )
    .optional()
    .catch(undefined),
});

/**
 * The one rule for a story's aspect ratio, used by the player canvas, the editor's export and
 * the share export: the ratio chosen in the editor, else the creation form's choice, else the
 * metadata's, else the shape of the story's first picture or clip, else 16:9 (spec 3 §9).
 */
export function storyAspectRatio(story: StorySizeSource): AspectRatio {
  const hints = sizeHintsSchema.safeParse(story.timeline ?? {});
  const timeline = hints.success ? hints.data : {};
  const chosen = timeline.globalConfig?.aspectRatio;
  if (chosen) return chosen;
  for (const candidate of [story.categoryInputs?.aspect_ratio, story.metadata?.aspect_ratio]) {
    const parsed = aspectRatioSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  for (const asset of timeline.mediaAssets ?? []) {
    const { width, height } = asset.metadata ?? {};
    if ((asset.resource_type === 'video' || asset.resource_type === 'image') && width && height)
      return aspectRatioFor(width, height);
  }
  return DEFAULT_ASPECT_RATIO;
}

/** A story's output settings (spec 3 §3): its export size follows `storyAspectRatio`. */
export function storyOutputSettings(
  story: StorySizeSource,
  totalDurationInFrames = 0,
): OutputSettings {
  return outputSettingsFor(storyAspectRatio(story), totalDurationInFrames);
}
