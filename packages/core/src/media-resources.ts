import { z } from 'zod';
import { idSchema, LIMITS, urlTextSchema } from './limits';
import {
  mediaAssetConfigsSchema,
  mediaAssetMetadataSchema,
  mediaAssetSchema,
  resourceTypeSchema,
} from './timeline';

/** At most this many media resources are deleted by one call, or listed in one page. */
export const MEDIA_RESOURCE_LIMITS = { idsPerDelete: 100, listMax: 500, historyMax: 100 } as const;

/** The kinds of media a creator brings into the editor (files are not uploaded from the pane). */
export const pickableResourceTypeSchema = resourceTypeSchema.extract(['video', 'image', 'audio']);

/**
 * Media resource create (spec 3 §7 "media resource create": type, subtype, shot_id, url, title,
 * metadata; returns media_resource). The id may be chosen by the editor, so the asset it adds
 * at once keeps its id when the server confirms it.
 */
export const createMediaResourceSchema = z.object({
  id: z.uuid().optional(),
  type: pickableResourceTypeSchema,
  subtype: z.enum(['music', 'voiceover']).nullable().optional(),
  shot_id: idSchema.nullable().optional(),
  url: urlTextSchema,
  thumbnail_url: urlTextSchema.nullable().optional(),
  title: z.string().max(LIMITS.titleLength).optional(),
  metadata: mediaAssetMetadataSchema.optional(),
  configs: mediaAssetConfigsSchema.optional(),
});
export type CreateMediaResource = z.infer<typeof createMediaResourceSchema>;

/** Media resource delete by ids (spec 3 §7). */
export const deleteMediaResourcesSchema = z.object({
  ids: z.array(idSchema).min(1).max(MEDIA_RESOURCE_LIMITS.idsPerDelete),
});

export const mediaResourceListSchema = z.object({ media_resources: z.array(mediaAssetSchema) });

/** Where the media picker looks (spec 3 §2): generated media, the user's albums, this story. */
export const MEDIA_PICKER_TABS = ['generation', 'albums', 'storyAsset'] as const;
export type MediaPickerTab = (typeof MEDIA_PICKER_TABS)[number];

/** The picker's tabs for a kind of media: albums (the user's pictures) are hidden for video. */
export function mediaPickerTabs(kind: 'video' | 'image'): MediaPickerTab[] {
  return MEDIA_PICKER_TABS.filter((tab) => !(kind === 'video' && tab === 'albums'));
}
