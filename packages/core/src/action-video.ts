import { z } from 'zod';
import { MESSAGES } from './messages';

export const ACTION_VIDEO_MODEL = 'runway-act2';
export const ACTION_VIDEO_RATIOS = [
  '1280:720',
  '720:1280',
  '960:960',
  '1104:832',
  '832:1104',
  '1584:672',
] as const;
export const DEFAULT_ACTION_VIDEO_RATIO = '1280:720';
export const ACTION_VIDEO_REFERENCE_SECONDS = { min: 3, max: 30 } as const;

/** POST /action-video/create body (spec 3 §3, §5). */
export const actionVideoRequestSchema = z.object({
  characterUrl: z.url({ message: MESSAGES.editor.invalidMediaUrl }).max(2000),
  characterType: z.enum(['image', 'video']),
  referenceUrl: z.url({ message: MESSAGES.editor.invalidVideoUrl }).max(2000),
  referenceType: z.literal('video'),
  model: z.literal(ACTION_VIDEO_MODEL, { message: MESSAGES.editor.invalidModel }),
  /** One of ACTION_VIDEO_RATIOS; anything else falls back to 1280:720 (`actionVideoRatio`). */
  ratio: z.string().max(20).optional(),
  expressionIntensity: z.number().int().min(1).max(5).optional(),
  description: z.string().max(1000).optional(),
  /** Ours: the story whose media the result joins, so it can be placed on its timeline. */
  story_id: z.string().min(1).max(100).optional(),
});
export type ActionVideoRequest = z.infer<typeof actionVideoRequestSchema>;

/** A ratio from the list, or the 1280:720 fallback. */
export function actionVideoRatio(
  ratio: string | null | undefined,
): (typeof ACTION_VIDEO_RATIOS)[number] {
  return (ACTION_VIDEO_RATIOS as readonly string[]).includes(ratio ?? '')
    ? (ratio as (typeof ACTION_VIDEO_RATIOS)[number])
    : DEFAULT_ACTION_VIDEO_RATIO;
}
