import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { IMAGE_MODELS, type ImageModel } from './models';

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

/** A character's name: 1 to 60 characters (ours; the spec shows no bound). */
export const CHARACTER_NAME_MAX = 60;

/** A character picked in a form. */
export const selectedCharacterSchema = z.object({
  type: z.enum(SELECTED_CHARACTER_TYPES),
  id: z.string().min(1).max(LIMITS.idLength),
  name: z.string().min(1).max(CHARACTER_NAME_MAX),
  image_url: z.string().min(1).max(LIMITS.urlLength),
  allowOutfitChanges: z.boolean().optional(),
});
export type SelectedCharacter = z.infer<typeof selectedCharacterSchema>;

/** Quick characters have ids starting with "local-". */
export const QUICK_CHARACTER_ID_PREFIX = 'local-';
export function isQuickCharacterId(id: string): boolean {
  return id.startsWith(QUICK_CHARACTER_ID_PREFIX);
}

/** Quick character image types (spec 2 §5). */
export const QUICK_CHARACTER_IMAGE_TYPES = ['jpeg', 'jpg', 'png', 'webp'] as const;

/** The mention marker of topic boxes. */
export const MENTION_MARKER = '@';

/** Grouping of the premade library in the All Characters dialog. */
export const CHARACTER_TYPES = ['people', 'animals', 'fantasy'] as const;
export type CharacterType = (typeof CHARACTER_TYPES)[number];

const characterNameSchema = z
  .string({ message: MESSAGES.generate.quickCharacterRequired })
  .trim()
  .min(1, MESSAGES.generate.quickCharacterRequired)
  .max(CHARACTER_NAME_MAX, `Character name must be ${CHARACTER_NAME_MAX} characters or less`);

/** Create a quick character: a name and one picture uploaded with /api/media/upload_image. */
export const createQuickCharacterSchema = z.object({
  name: characterNameSchema,
  image_url: z
    .string({ message: MESSAGES.generate.quickCharacterRequired })
    .trim()
    .min(1, MESSAGES.generate.quickCharacterRequired)
    .max(LIMITS.urlLength),
});
export type CreateQuickCharacter = z.infer<typeof createQuickCharacterSchema>;

export const renameCharacterSchema = z.object({ name: characterNameSchema });

export const characterIdParamsSchema = z.object({ id: z.string().min(1).max(LIMITS.idLength) });

/** GET /api/train/model?id={id}. */
export const trainModelQuerySchema = characterIdParamsSchema;

/** A quick character picked in a form (the Quick Reference dialog and the picker). */
export function selectedFromCharacter(character: Character): SelectedCharacter {
  const premade = character.characterType !== undefined && !isQuickCharacterId(character.id);
  return {
    type: premade ? 'premade' : isQuickCharacterId(character.id) ? 'custom-quick' : 'my-character',
    id: character.id,
    name: character.modelData?.character_name ?? character.model_name,
    image_url: character.image_url,
  };
}

/** The mention token of a character in a topic: "@Name". */
export function mentionOf(name: string): string {
  return `${MENTION_MARKER}${name}`;
}

/**
 * The picker's rule (spec 2 §5): at most `max` characters and never the same one twice.
 * Returns the new selection, or the old one unchanged when the pick is refused.
 */
export function pickCharacter<T extends { id: string }>(
  selected: readonly T[],
  pick: T,
  max: number,
): readonly T[] {
  if (selected.some((c) => c.id === pick.id)) return selected;
  if (selected.length >= max) return max === 1 ? [pick] : selected;
  return [...selected, pick];
}

/** Image models that take a reference picture: the ones a custom character may use. */
export const REFERENCE_IMAGE_MODELS: readonly ImageModel[] = [
  'flux_kontext',
  'seedream4',
  'nano-banana',
];

/**
 * The image-model rules of a character choice (spec 2 §4): picking a character selects the
 * character model; extra characters force seedream4 (the only one offered); a custom character
 * allows only the models that take a reference picture and selects the first; nano-banana is
 * offered only for a quick reference. `allowed` null means every model; `model` null means the
 * form's default.
 */
export function characterImageModels(
  characters: readonly SelectedCharacter[],
  referenceMode: string | null | undefined = 'quick',
): { allowed: readonly ImageModel[] | null; model: ImageModel | null } {
  const [first] = characters;
  if (!first) return { allowed: null, model: null };
  if (characters.length > 1) return { allowed: ['seedream4'], model: 'seedream4' };
  const custom = first.type === 'custom-quick' || first.type === 'custom-train';
  const allowed = (custom ? REFERENCE_IMAGE_MODELS : IMAGE_MODELS).filter(
    (model) => model !== 'nano-banana' || referenceMode === 'quick',
  );
  return {
    allowed: custom || referenceMode !== 'quick' ? allowed : null,
    model: custom ? (allowed[0] ?? null) : 'character',
  };
}
