import { z } from 'zod';
import { storySchema } from '../story';
import { syncPayloadSchema } from '../sync';

/** A story answered under `story` (the copy POST /stories/operate_template_story makes). */
export const storyResponseSchema = z.object({ story: storySchema });

/**
 * POST /stories/{id}/sync body (spec 3 §7): core's payload, with `base_version` required (a
 * write must say which version it edited) and the timeline taken as an object so that it is
 * validated — and repaired — by the timeline engine, which answers with the spec's texts
 * ('Invalid track data provided'...).
 */
export const syncRequestBodySchema = syncPayloadSchema.extend({
  video_editor_timeline: z
    .record(z.string(), z.unknown())
    .describe(
      'video_editor_timeline {schemaVersion, tracks, mediaAssets, globalConfig}; validated and repaired before it is stored',
    ),
  base_version: z
    .number()
    .int()
    .nonnegative()
    .describe('The story version the changes are based on; an older one is refused with 409'),
});
