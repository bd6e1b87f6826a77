import { imageModelSchema, MESSAGES, videoModelSchema } from '@storyloom/core';
import type { z } from 'zod';
import type { ModelChoices } from './explainer/explainer-api';

/** A stock track chosen in the background music panel. */
export interface ChosenTrack {
  id: string;
  name: string;
  url: string;
}

/** The background music section's values (explainer, vlog, ASMR). */
export interface BackgroundMusicValues {
  /** Composed automatically, none, or a stock track of the library. */
  backgroundMusic: 'auto' | 'none' | 'track';
  /** The chosen stock track (with backgroundMusic 'track'). */
  musicTrack: ChosenTrack | null;
}

/** The form's message when the stock-track choice has no track yet. */
export const CHOOSE_MUSIC_TRACK = 'Please choose a music track';

/** The request's background_music: 'auto', the chosen track's URL, or `none`. */
export function backgroundMusicOf<N extends '' | null>(
  values: BackgroundMusicValues,
  none: N,
): string | N {
  if (values.backgroundMusic === 'auto') return 'auto';
  return values.backgroundMusic === 'track' && values.musicTrack ? values.musicTrack.url : none;
}

/** The advanced settings of a form offering the server's models (explainer, vlog). */
export interface ServerModelValues {
  /** A spec model, null for the local provider, undefined for the server's default. */
  imageModel: string | null | undefined;
  videoModel: string | null | undefined;
}

/**
 * The advanced settings sent: the chosen spec models; none for a local provider (so the
 * story does not record a model it did not run on).
 */
export function serverModelSettings(values: ServerModelValues) {
  const image = imageModelSchema.safeParse(values.imageModel);
  const video = videoModelSchema.safeParse(values.videoModel);
  return {
    ...(image.success ? { image_model_config: { model: image.data, parameters: {} } } : {}),
    ...(video.success ? { video_model_config: { model: video.data } } : {}),
  };
}

/**
 * The values sent: untouched model choices are what the server runs on by default; with
 * `offeredImageOnly`, an image model the operator does not offer (e.g. the character model
 * offline) is not sent either.
 */
export function withServerDefaults<V extends ServerModelValues>(
  values: V,
  choices: ModelChoices | undefined,
  offeredImageOnly = false,
): V {
  const imageOffered = (choices?.image ?? []).some((c) => c.value === values.imageModel);
  return {
    ...values,
    imageModel:
      values.imageModel === undefined || (offeredImageOnly && !imageOffered)
        ? choices?.defaults.image
        : values.imageModel,
    videoModel: values.videoModel === undefined ? choices?.defaults.video : values.videoModel,
  };
}

/**
 * The first message of a request checked with core's schema of that request (the one the
 * server checks it with), or null when it passes. `order` ranks the top-level fields whose
 * message shows first (spec 2 §5: only the first error shows); any other field comes after.
 */
export function requestError(
  schema: z.ZodType,
  request: unknown,
  order: readonly string[] = [],
): string | null {
  const result = schema.safeParse(request);
  if (result.success) return null;
  const rank = (field: PropertyKey | undefined) => {
    const index = order.indexOf(String(field ?? ''));
    return index === -1 ? order.length : index;
  };
  const issues = [...result.error.issues].sort((a, b) => rank(a.path[0]) - rank(b.path[0]));
  return issues[0]?.message ?? MESSAGES.generate.fixErrors;
}
