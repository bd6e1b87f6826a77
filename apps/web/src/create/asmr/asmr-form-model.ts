import {
  ASMR_SHOTS,
  asmrCredits,
  DEFAULT_MODEL_CONFIGS,
  fillAsmrScene,
  imageModelSchema,
  hasUnfilledAsmrPlaceholder,
  MESSAGES,
  validateScript,
  videoModelSchema,
  type AsmrPayloadInput,
  type AsmrType,
  type ImageModel,
  type VideoModel,
} from '@storyloom/core';

/** The ASMR form's values (spec 2 §3 "ASMR form data"). */
export interface AsmrFormValues {
  asmrType: AsmrType | null;
  /** The scene text: the style's template with its material filled in, editable. */
  script: string;
  aspectRatio: '16:9' | '9:16';
  numShots: number;
  /** "Background Ambience": no music (the style's sound alone), the automatic pick or a track. */
  backgroundMusic: 'none' | 'auto' | 'track';
  musicTrack: { id: string; name: string; url: string } | null;
  /** Advanced Settings. */
  imageModel: ImageModel;
  videoModel: VideoModel;
}

/** Defaults of spec 2 §3: empty script, no music, 16:9, 3 shots, no type, imagen4 and veo3_fast. */
export const ASMR_DEFAULTS: AsmrFormValues = {
  asmrType: null,
  script: '',
  aspectRatio: '16:9',
  numShots: ASMR_SHOTS.default,
  backgroundMusic: 'none',
  musicTrack: null,
  imageModel: DEFAULT_MODEL_CONFIGS.asmr.image.model,
  videoModel: DEFAULT_MODEL_CONFIGS.asmr.video.model,
};

/** The draft's key in local storage: kept while editing, cleared after a successful submit. */
export const ASMR_DRAFT_KEY = 'storyloom:asmr-draft';

/** A saved draft, or the defaults when there is none or it cannot be read. */
export function readAsmrDraft(stored: string | null): AsmrFormValues {
  if (!stored) return ASMR_DEFAULTS;
  try {
    const draft = JSON.parse(stored) as Partial<AsmrFormValues>;
    return {
      ...ASMR_DEFAULTS,
      ...draft,
      numShots: Math.min(
        ASMR_SHOTS.max,
        Math.max(ASMR_SHOTS.min, Math.round(Number(draft.numShots) || ASMR_SHOTS.default)),
      ),
      imageModel: imageModelSchema.catch(ASMR_DEFAULTS.imageModel).parse(draft.imageModel),
      videoModel: videoModelSchema.catch(ASMR_DEFAULTS.videoModel).parse(draft.videoModel),
    };
  } catch {
    return ASMR_DEFAULTS;
  }
}

/** Choosing a style shows its scene template with the material slot (or the chosen material). */
export function chooseStyle(values: AsmrFormValues, type: AsmrType, material?: string) {
  return { ...values, asmrType: type, script: fillAsmrScene(type, material) };
}

/**
 * What keeps Generate disabled: an ASMR type, then a valid non-empty script with no unfilled
 * placeholder (spec 2 §8).
 */
export function asmrFormError(values: AsmrFormValues): string | null {
  if (!values.asmrType) return 'Choose an ASMR style';
  const script = validateScript(values.script);
  if (script) return script;
  if (hasUnfilledAsmrPlaceholder(values.script)) return MESSAGES.generate.asmrMaterialRequired;
  if (values.backgroundMusic === 'track' && !values.musicTrack) return 'Choose a music track';
  return null;
}

/** The generate_asmr_video payload of the form. */
export function asmrPayload(values: AsmrFormValues, isPreview: boolean): AsmrPayloadInput {
  return {
    script_content: values.script,
    asmr_type: values.asmrType!,
    aspect_ratio: values.aspectRatio,
    num_shots: values.numShots,
    background_music:
      values.backgroundMusic === 'auto'
        ? 'auto'
        : values.backgroundMusic === 'track' && values.musicTrack
          ? values.musicTrack.url
          : null,
    advanced_settings: {
      image_model_config: { model: values.imageModel },
      video_model_config: { model: values.videoModel },
    },
    ...(isPreview ? { is_preview: true } : {}),
  };
}

/** The credit estimate from core's calculator: 600 a shot, 40 a shot for a preview. */
export function asmrEstimate(numShots: number) {
  return {
    full: asmrCredits({ numShots, preview: false }),
    preview: asmrCredits({ numShots, preview: true }),
  };
}
