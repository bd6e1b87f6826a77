import {
  calculateCredits,
  DEFAULT_MODEL_CONFIGS,
  musicVideoModelOptions,
  type ImageModel,
  type ImageModelConfig,
  lyricsVideoPayloadSchema,
  MESSAGES,
  type LyricsVideoPayloadInput,
  type VideoModel,
  type VideoModelConfig,
} from '@storyloom/core';
import { requestError } from '../form-values';
import type { ChosenSong } from './music-video-form-model';

/** The lyrics video form (spec 2 §2): song, Animated Video, ratio and models. */
export interface LyricsFormValues {
  song: ChosenSong | null;
  /** Animated Video: on means clips are generated (skip_video_generation false). */
  animated: boolean;
  aspectRatio: '16:9' | '9:16';
  imageModel: ImageModel;
  videoModel: VideoModel;
}

/** Lyrics defaults (spec 2 §4): seedream4, and seedance-v1 at 720p making 5 s clips. */
export const LYRICS_DEFAULTS: LyricsFormValues = {
  song: null,
  animated: false,
  aspectRatio: '16:9',
  imageModel: DEFAULT_MODEL_CONFIGS.lyrics.image.model,
  videoModel: DEFAULT_MODEL_CONFIGS.lyrics.video.model,
};

/** The models the lyrics form offers: the music forms' lists for the lyrics-video type. */
export const LYRICS_MODEL_OPTIONS = musicVideoModelOptions({
  videoType: 'lyrics-video',
  startEndFrame: false,
});

/** A model's config: the default's own parameters when the default is kept. */
function imageConfig(model: ImageModel): ImageModelConfig {
  const fallback: ImageModelConfig = DEFAULT_MODEL_CONFIGS.lyrics.image;
  return model === fallback.model ? fallback : { model };
}
function videoConfig(model: VideoModel): VideoModelConfig {
  const fallback: VideoModelConfig = DEFAULT_MODEL_CONFIGS.lyrics.video;
  return model === fallback.model ? fallback : { model };
}

/** The generate_lyrics_to_video request: only the fields the lyrics-only payload takes. */
export function lyricsPayload(
  values: LyricsFormValues,
  isPreview: boolean,
): LyricsVideoPayloadInput {
  return {
    music_url: values.song?.url ?? '',
    music_duration: values.song?.duration ?? 0,
    aspect_ratio: values.aspectRatio,
    skip_video_generation: !values.animated,
    advanced_settings: {
      image_model_config: imageConfig(values.imageModel),
      video_model_config: videoConfig(values.videoModel),
    },
    ...(isPreview ? { is_preview: true } : {}),
  };
}

/** What keeps Create disabled: the song first, then core's check of the request. */
export function lyricsFormError(values: LyricsFormValues): string | null {
  if (!values.song) return MESSAGES.generate.musicUrlRequired;
  return requestError(lyricsVideoPayloadSchema, lyricsPayload(values, false));
}

/** Credits of the lyrics video and of its preview, by core's calculator. */
export function lyricsEstimate(values: LyricsFormValues): { full: number; preview: number } {
  const input = {
    category: 'music_video' as const,
    videoType: 'lyrics-video' as const,
    musicDuration: values.song?.duration ?? null,
    imageModelConfig: imageConfig(values.imageModel),
    videoModelConfig: videoConfig(values.videoModel),
    skipVideoGeneration: !values.animated,
  };
  return {
    full: calculateCredits(input).totalCredits,
    preview: calculateCredits({ ...input, preview: true }).totalCredits,
  };
}
