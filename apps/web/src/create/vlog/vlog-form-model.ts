import {
  characterImageModels,
  characterVlogPayloadSchema,
  mentionOf,
  VLOG_DEFAULT_TITLE,
  type AspectRatio,
  type CharacterVlogPayloadInput,
  type SelectedCharacter,
} from '@storyloom/core';
import {
  backgroundMusicOf,
  CHOOSE_MUSIC_TRACK,
  requestError,
  serverModelSettings,
  type BackgroundMusicValues,
  type ServerModelValues,
} from '../form-values';

/** The vlog form's values (spec 2 §3: character, additional characters, activity, ratio, title). */
export interface VlogFormValues extends BackgroundMusicValues, ServerModelValues {
  /** The picked characters: the first is the vlog's character, the rest additional ones. */
  characters: SelectedCharacter[];
  /** The topic, with "@Name" where a character is mentioned. */
  activity: string;
  aspectRatio: AspectRatio;
  title: string;
}

/** Vlog defaults (spec 2 §4). */
export const VLOG_DEFAULTS: VlogFormValues = {
  characters: [],
  activity: '',
  aspectRatio: '16:9',
  title: VLOG_DEFAULT_TITLE,
  backgroundMusic: 'auto',
  musicTrack: null,
  imageModel: undefined,
  videoModel: undefined,
};

/** The vlog picker's maximum: 2 (the default outside music types). */
export const VLOG_CHARACTER_MAX = 2;

/** Ratios of the vlog form. */
export const VLOG_RATIOS: readonly AspectRatio[] = ['16:9', '9:16', '1:1'];

/**
 * New picker selection: when the first character arrives and the topic does not mention it
 * yet, its mention is inserted at the start of the topic (spec 2 §5).
 */
export function withCharacters(
  values: VlogFormValues,
  characters: SelectedCharacter[],
): VlogFormValues {
  const first = characters[0];
  const hadNone = values.characters.length === 0;
  const mention = first ? mentionOf(first.name) : null;
  const activity =
    hadNone && mention && !values.activity.includes(mention)
      ? `${mention} ${values.activity.trimStart()}`
      : values.activity;
  // The image model follows the characters (spec 2 §4); the operator's offer decides the rest.
  const rule = characterImageModels(characters);
  return { ...values, characters, activity, imageModel: rule.model ?? undefined };
}

/** The generate_character_vlog payload of the form. */
export function vlogPayload(values: VlogFormValues, isPreview: boolean): CharacterVlogPayloadInput {
  const [character, ...additional] = values.characters;
  return {
    title: values.title,
    character: character ?? null,
    additional_characters: additional,
    aspect_ratio: values.aspectRatio,
    vlog_topic: values.activity,
    background_music: backgroundMusicOf(values, ''),
    advanced_settings: serverModelSettings(values),
    ...(isPreview ? { is_preview: true } : {}),
  };
}

/** The check order of the form: character, activity, ratio, title, then the mention. */
const FIELD_ORDER = ['character', 'vlog_topic', 'aspect_ratio', 'title', 'additional_characters'];

/**
 * The form's one shown error (spec 2 §5: only the first error, with the fallback "Please fix
 * the errors above."), or null when it can be submitted.
 */
export function vlogFormError(values: VlogFormValues): string | null {
  if (values.backgroundMusic === 'track' && !values.musicTrack) return CHOOSE_MUSIC_TRACK;
  return requestError(characterVlogPayloadSchema, vlogPayload(values, false), FIELD_ORDER);
}
