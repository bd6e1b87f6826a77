import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_MODEL_CONFIGS,
  musicVideoPayloadSchema,
  musicVideoRunInputSchema,
  musicVideoSkipsVideo,
  MUSIC_VIDEO_DEFAULT_VIDEO_MODEL,
  startCharge,
  withMusicVideoModelRules,
  type GeneratingCreditInput,
  type LyricsVideoPayload,
  type MusicVideoPayload,
  type MusicVideoRunInput,
  type MusicVideoShot,
} from '@storyloom/core';
import { MUSIC_VIDEO_HOOKS, MUSIC_VIDEO_TITLES, musicVideoSteps } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { SongService } from '../music/song-service.js';
import { CharacterService } from '../characters/character-service.js';
import type { WorkflowDefinition } from '../workflow/workflow-service.js';
import { startStoryGeneration } from './generation-service.js';
import { generationWorkflow, type GenerationInput } from './generation-workflows.js';

export const MUSIC_VIDEO_WORKFLOW = 'story.music_video';

const MUSIC_VIDEO_INPUT: GenerationInput<MusicVideoRunInput, MusicVideoShot> = {
  flow: MUSIC_VIDEO_HOOKS,
  parse: (input) => musicVideoRunInputSchema.parse(input),
  advancedSettings: (input) => input.request.advanced_settings,
  credits: (input) => musicVideoCreditInput(input.request, input.song.duration),
};

/** The music-video workflow (issue 11): its pipeline steps, then the export of its story. */
export function musicVideoWorkflows(
  ctx: AppContext,
  logger: FastifyBaseLogger,
): WorkflowDefinition[] {
  return [
    generationWorkflow(ctx, logger, MUSIC_VIDEO_WORKFLOW, musicVideoSteps(), MUSIC_VIDEO_INPUT),
  ];
}

/** What core's calculator prices a music video by, for the song as the server heard it. */
export function musicVideoCreditInput(
  payload: MusicVideoPayload,
  durationSeconds: number,
): GeneratingCreditInput {
  return {
    category: 'music_video',
    videoType: payload.video_type,
    style: payload.video_consistent_style,
    musicDuration: durationSeconds,
    imageModelConfig: payload.advanced_settings.image_model_config ?? null,
    videoModelConfig: payload.advanced_settings.video_model_config ?? null,
    skipVideoGeneration: musicVideoSkipsVideo(payload),
    broll: payload.enable_broll,
  };
}

/**
 * The request with the model rules of spec 2 §4 applied (the form applies the same rule, so
 * this changes only a request made elsewhere): consistent-style always has start/end frame on
 * and its fixed model; a video model that cannot take an end frame falls back to seedance-v1.
 * Models the request does not name stay unnamed (the server's own providers run).
 */
export function withModelRules(payload: MusicVideoPayload): MusicVideoPayload {
  const image = payload.advanced_settings.image_model_config;
  const video = payload.advanced_settings.video_model_config;
  const ruled = withMusicVideoModelRules({
    videoType: payload.video_type,
    startEndFrame: payload.enable_start_end_frame,
    imageModel: image?.model ?? DEFAULT_MODEL_CONFIGS.musicVideo.image.model,
    videoModel: video?.model ?? MUSIC_VIDEO_DEFAULT_VIDEO_MODEL[payload.video_type],
  });
  return {
    ...payload,
    enable_start_end_frame: ruled.startEndFrame,
    advanced_settings: {
      ...payload.advanced_settings,
      ...(image ? { image_model_config: { ...image, model: ruled.imageModel } } : {}),
      ...(video ? { video_model_config: { ...video, model: ruled.videoModel } } : {}),
    },
  };
}

/**
 * Starts a music video for a user (POST /stories/workflow/generate_music_video): checks the
 * song is theirs (or a stock track) and within the trim limits, hears its tempo and beats,
 * charges the calculator's credits for its real length (refusing when short), makes the
 * story and starts the run. Anything failing after the charge refunds it. The character is
 * resolved by the server: premade, or the user's own.
 */
export async function startMusicVideo(
  ctx: AppContext,
  userId: string,
  payload: MusicVideoPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  await ctx.workflows.checkQuota(userId, MUSIC_VIDEO_WORKFLOW);
  // The request's character picture is never used (the server holds it); its other media is.
  await ctx.media.assertUsable({ reference_image_url: payload.reference_image_url }, userId);
  const { url, analysis } = await new SongService(ctx).songForVideo(userId, payload.music_url);
  // The character's picture is the one this server holds for it, never the request's URL.
  const character = payload.character
    ? await new CharacterService(ctx).resolve(userId, payload.character)
    : null;
  const request: MusicVideoPayload = {
    ...withModelRules(payload),
    music_url: url,
    music_duration: analysis.duration,
    character:
      payload.character && character
        ? { ...payload.character, name: character.name, image_url: character.imageUrl }
        : null,
  };
  const preview = Boolean(payload.is_preview);
  const input: MusicVideoRunInput = { request, song: analysis };
  return startStoryGeneration(ctx, userId, {
    kind: MUSIC_VIDEO_WORKFLOW,
    categoryId: 'music_video',
    preview,
    charge: startCharge(MUSIC_VIDEO_INPUT.credits(input), preview),
    title: MUSIC_VIDEO_TITLES[request.video_type],
    input: { ...input },
    categoryInputs: { ...request },
    advancedSettings: request.advanced_settings,
    aspectRatio: request.aspect_ratio,
    metadata: { video_type: request.video_type },
    videoConsistentStyle: request.video_consistent_style,
  });
}

/**
 * generate_lyrics_to_video as the music video it is (spec 1 §1: a sub-mode): the lyrics-video
 * type with the lyrics form's song, models, ratio and Animated Video choice.
 */
export function lyricsAsMusicVideo(payload: LyricsVideoPayload): MusicVideoPayload {
  return musicVideoPayloadSchema.parse({
    music_url: payload.music_url,
    music_duration: payload.music_duration ?? 0,
    video_type: 'lyrics-video',
    aspect_ratio: payload.aspect_ratio,
    advanced_settings: payload.advanced_settings,
    skip_video_generation: payload.skip_video_generation,
    auto_captions: true,
    ...(payload.is_preview ? { is_preview: true } : {}),
  });
}
