import type { MusicVideoFormType } from './categories';
import {
  DEFAULT_MODEL_CONFIGS,
  MUSIC_IMAGE_MODELS,
  SINGING_VIDEO_MODELS,
  START_END_FRAME_VIDEO_MODELS,
  VIDEO_MODELS,
  type ImageModel,
  type VideoModel,
} from './models';

/** The model choices of a music video's Advanced Options (spec 2 §4). */
export interface MusicVideoModelChoice {
  videoType: MusicVideoFormType;
  /** enable_start_end_frame */
  startEndFrame: boolean;
  imageModel: ImageModel;
  videoModel: VideoModel;
}

/** What the Advanced Options offer for a choice, and what the type fixes. */
export interface MusicVideoModelOptions {
  imageModels: readonly ImageModel[];
  videoModels: readonly VideoModel[];
  /** consistent-style: start/end frame is on and cannot be turned off. */
  startEndFrameLocked: boolean;
}

/** The model start/end frame falls back to, and the fixed model of consistent-style. */
export const START_END_FRAME_FALLBACK: VideoModel = 'seedance-v1';

/** Image-to-video models for shots that are not sung (every model but the lip-sync ones). */
export const MOTION_VIDEO_MODELS: readonly VideoModel[] = VIDEO_MODELS.filter(
  (model) => !(SINGING_VIDEO_MODELS as readonly VideoModel[]).includes(model),
);

/**
 * Each type's default video model (ours; the spec names only consistent-style's fixed one):
 * singing-dancing a lip-sync model at seedance's price and clip length, the others seedance-v1.
 */
export const MUSIC_VIDEO_DEFAULT_VIDEO_MODEL: Readonly<Record<MusicVideoFormType, VideoModel>> = {
  'singing-dancing': 'wan-multi-talk',
  'consistent-character': DEFAULT_MODEL_CONFIGS.musicVideo.video.model,
  'consistent-style': START_END_FRAME_FALLBACK,
  'lyrics-video': DEFAULT_MODEL_CONFIGS.lyrics.video.model,
};

/**
 * The Advanced Options' models for a type and start/end-frame choice (spec 2 §4):
 * consistent-style has one fixed model and start/end frame locked on; singing-dancing offers
 * the lip-sync models first and is not restricted by start/end frame; any other type with
 * start/end frame on offers only the models that take an end frame.
 */
export function musicVideoModelOptions(
  choice: Pick<MusicVideoModelChoice, 'videoType' | 'startEndFrame'>,
): MusicVideoModelOptions {
  const imageModels = MUSIC_IMAGE_MODELS;
  if (choice.videoType === 'consistent-style')
    return { imageModels, videoModels: [START_END_FRAME_FALLBACK], startEndFrameLocked: true };
  if (choice.videoType === 'singing-dancing')
    return {
      imageModels,
      videoModels: [...SINGING_VIDEO_MODELS, ...MOTION_VIDEO_MODELS],
      startEndFrameLocked: false,
    };
  return {
    imageModels,
    videoModels: choice.startEndFrame ? START_END_FRAME_VIDEO_MODELS : MOTION_VIDEO_MODELS,
    startEndFrameLocked: false,
  };
}

/**
 * A choice with the rules applied: consistent-style forces start/end frame on and its fixed
 * model; a video model the options do not hold becomes seedance-v1 when start/end frame
 * restricts the models, else the type's default; an image model outside the music forms'
 * list becomes flux_kontext.
 */
export function withMusicVideoModelRules(choice: MusicVideoModelChoice): MusicVideoModelChoice {
  const startEndFrame = choice.videoType === 'consistent-style' ? true : choice.startEndFrame;
  const options = musicVideoModelOptions({ videoType: choice.videoType, startEndFrame });
  const restricted = startEndFrame && choice.videoType !== 'singing-dancing';
  const videoModel = options.videoModels.includes(choice.videoModel)
    ? choice.videoModel
    : restricted
      ? START_END_FRAME_FALLBACK
      : MUSIC_VIDEO_DEFAULT_VIDEO_MODEL[choice.videoType];
  const imageModel = options.imageModels.includes(choice.imageModel)
    ? choice.imageModel
    : DEFAULT_MODEL_CONFIGS.musicVideo.image.model;
  return { ...choice, startEndFrame, imageModel, videoModel };
}

/** A type's model choice before the creator changes anything (spec 2 §4 defaults). */
export function musicVideoModelDefaults(videoType: MusicVideoFormType): MusicVideoModelChoice {
  return withMusicVideoModelRules({
    videoType,
    startEndFrame: videoType === 'consistent-style',
    imageModel: DEFAULT_MODEL_CONFIGS.musicVideo.image.model,
    videoModel: MUSIC_VIDEO_DEFAULT_VIDEO_MODEL[videoType],
  });
}

/**
 * The choice after the type changes: the video model and start/end frame are reset to the new
 * type's (spec 2 §4 "changing the type resets the video model"); the image model stays when
 * the new type offers it.
 */
export function changeMusicVideoType(
  choice: MusicVideoModelChoice,
  videoType: MusicVideoFormType,
): MusicVideoModelChoice {
  if (choice.videoType === videoType) return withMusicVideoModelRules(choice);
  return withMusicVideoModelRules({
    ...musicVideoModelDefaults(videoType),
    imageModel: choice.imageModel,
  });
}
