import { z } from 'zod';
import { mediaAssetSchema } from '../timeline';

/** POST /api/media/upload (spec 3 §7): the stored file, its kind and what was read from it. */
export const mediaUploadResponseSchema = z.object({
  url: z.string().min(1),
  resource_type: z.enum(['image', 'video', 'audio']),
  thumbnail_url: z.string().nullable(),
  metadata: z.object({
    width: z.number().optional(),
    height: z.number().optional(),
    duration: z.number().optional(),
    fps: z.number().optional(),
    frames: z.number().optional(),
  }),
});
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** POST /api/media/upload_image: the stored picture's URL. */
export const imageUploadResponseSchema = z.object({ imageUrl: z.string().min(1) });

/** POST /stories/{id}/media_resources: the stored resource as a media asset. */
export const mediaResourceResponseSchema = z.object({ media_resource: mediaAssetSchema });

/** DELETE /stories/{id}/media_resources: the ids deleted. */
export const deletedMediaResourcesResponseSchema = z.object({ deleted: z.array(z.string()) });

/** GET /api/media/history: the user's earlier uploads of a kind. */
export const mediaHistoryQuerySchema = z.object({ type: z.enum(['video', 'image', 'audio']) });

/** GET /api/media/library: the media picker's generation and albums tabs. */
export const mediaLibraryQuerySchema = z.object({
  tab: z.enum(['generation', 'albums']),
  type: z.enum(['video', 'image']),
});
