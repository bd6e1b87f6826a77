import { z } from 'zod';

/** A character record (spec 2 §3). */
export const characterSchema = z.object({
  id: z.string().min(1),
  model_name: z.string(),
  image_url: z.string(),
  reference_mode: z.string().nullable().optional(),
  modelData: z
    .object({
      character_name: z.string().optional(),
      thumbnail: z.string().optional(),
      model_id: z.string().optional(),
    })
    .optional(),
  /** "completed" for the user's own trained characters. */
  status: z.string().optional(),
  fal_cdn_file_path: z.string().nullable().optional(),
  object_prompt: z.string().nullable().optional(),
  character_features_description: z.string().nullable().optional(),
  sample_images: z.array(z.string()).optional(),
  /** Grouping of the All Characters dialog. */
  characterType: z.string().optional(),
});
export type Character = z.infer<typeof characterSchema>;

export const SELECTED_CHARACTER_TYPES = [
  'premade',
  'my-character',
  'custom-quick',
  'custom-train',
] as const;

/** A character picked in a form. */
export const selectedCharacterSchema = z.object({
  type: z.enum(SELECTED_CHARACTER_TYPES),
  id: z.string().min(1),
  name: z.string().min(1),
  image_url: z.string().min(1),
  allowOutfitChanges: z.boolean().optional(),
});
export type SelectedCharacter = z.infer<typeof selectedCharacterSchema>;

/** Quick characters have ids starting with "local-". */
export const QUICK_CHARACTER_ID_PREFIX = 'local-';
export function isQuickCharacterId(id: string): boolean {
  return id.startsWith(QUICK_CHARACTER_ID_PREFIX);
}

/** Character picker maximum: 1 for music types, 2 elsewhere (spec 2 §5). */
export const CHARACTER_PICKER_MAX = { music: 1, default: 2 } as const;

/** Quick character image types (spec 2 §5). */
export const QUICK_CHARACTER_IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'webp'] as const;

/** The mention marker of topic boxes. */
export const MENTION_MARKER = '@';
