import { generatedShotSchema, type GeneratedShot, type KindShotSchema } from '@storyloom/core';
import type { VideoEditorTimeline } from '@storyloom/core';
import type { GeneratedMedia } from '../providers/provider-types';
import type { GenerationPorts, GenerationStory } from './generation-ports';
import { drawInStyle } from './shot-images-step';
import { voiceOverTimeline } from './voice-over-timeline';

/** What a regeneration asks a shot's new picture to be. */
export interface RegeneratedPictureRequest {
  prompt: string;
  keywords: string[];
  width: number;
  height: number;
  seed: string;
  /** The shot's place in shot order. */
  index: number;
  /** The story's visual style. */
  style: string;
  /** The story's character as the server holds it now, for a flow whose pictures show one. */
  character?: { name: string; imageUrl: string } | undefined;
}

/**
 * What the shared workflows (a shot regeneration, Recover's rebuild) ask of a story's flow:
 * each flow registers its own in `flows.ts`, so shared code never asks which kind a story is.
 * The shot schema and the hooks of one flow go together: the shots a hook gets were parsed
 * with its flow's schema.
 */
export interface FlowHooks<S extends GeneratedShot = GeneratedShot> {
  /** The shots of the flow's stories, parsed once whenever the pipeline loads one. */
  shotSchema: KindShotSchema<S>;
  /**
   * The story's timeline from its storyboard and assets (and its captions, from the fields of
   * the flow's shots): after a regeneration that changes timing, and for Recover.
   */
  timeline(story: GenerationStory<S>, captions: boolean): VideoEditorTimeline;
  /** A shot's regenerated picture. */
  drawRegenerated(
    ports: GenerationPorts,
    request: RegeneratedPictureRequest,
  ): Promise<GeneratedMedia>;
  /** Whether a regeneration's pictures show the story's character (which the server resolves). */
  showsCharacter: boolean;
}

/**
 * The hooks of a told story (an explainer, a story made shot by shot): the voice-over timeline
 * with captions from the voice timing, pictures from the image provider in the story's style.
 */
export const TOLD_STORY_HOOKS: FlowHooks = {
  shotSchema: generatedShotSchema,
  timeline: voiceOverTimeline,
  drawRegenerated: (ports, request) => drawInStyle(ports, request, request.style),
  showsCharacter: false,
};
