import { findStyle, OUTPUT_SIZES, type AspectRatio, type GeneratedShot } from '@storyloom/core';
import type { GeneratedMedia, StyleChoice } from '../providers/provider-types';
import type { GenerationPorts } from './generation-ports';
import { resultsOf, saveShotResults, shotAt, type PipelineStep } from './pipeline-step';

/** The style as prompts use it: a grid value, or a Custom style's own text. */
export function styleChoice(value: string): StyleChoice {
  const entry = findStyle(value);
  if (entry)
    return { value: entry.value, description: entry.description, avoidTerms: entry.avoidTerms };
  return { value: 'custom', description: value, avoidTerms: '' };
}

/** What the images step asks a shot's picture to be. */
export interface ShotPictureRequest<S extends GeneratedShot = GeneratedShot> {
  shot: S;
  index: number;
  prompt: string;
  keywords: string[];
  width: number;
  height: number;
  seed: string;
}

/**
 * The images step of a generation: one picture per shot (a job per shot on the server) at the
 * request's aspect ratio, drawn by `draw` (by default the image provider, from the shot's
 * prompt and keywords, in the request's style); a shot that has its picture already is left
 * alone. A preview pauses after it.
 */
export function shotImagesStep<Input, S extends GeneratedShot>(read: {
  aspectRatio(input: Input): AspectRatio;
  pause(input: Input): boolean;
  draw(
    input: Input,
    ports: GenerationPorts<S>,
    request: ShotPictureRequest<S>,
  ): Promise<GeneratedMedia>;
  /** More of the picture asset's configs (the model is always there). */
  configs?(input: Input): Record<string, unknown>;
}): PipelineStep<Input, S> {
  return {
    name: 'images',
    status: 'processing:generating_images',
    failureStage: 'generating_images',
    async perShot(input, ports, index) {
      const { shot, have } = await shotAt(ports, index);
      if (shot.active_image_id && have.has(shot.active_image_id)) return { assets: [], update: {} };
      const size = OUTPUT_SIZES[read.aspectRatio(input)];
      const media = await read.draw(input, ports, {
        shot,
        index,
        prompt: shot.image_prompt ?? shot.script ?? '',
        keywords: shot.keywords ?? [],
        width: size.width,
        height: size.height,
        seed: shot.shot_id,
      });
      const id = `image-${shot.shot_id}`;
      const { url } = await ports.storeMedia(id, media);
      return {
        assets: [
          {
            id,
            title: `Shot ${index + 1} image`,
            url,
            thumbnail_url: url,
            resource_type: 'image',
            source: 'generated',
            shot_id: shot.shot_id,
            metadata: { width: media.width ?? size.width, height: media.height ?? size.height },
            configs: { model: ports.providers.image.name, ...read.configs?.(input) },
          },
        ],
        update: { active_image_id: id, active_image_url: url },
      };
    },
    async run(input, ports, given) {
      await saveShotResults(ports, await resultsOf(this, input, ports, given));
      return { pause: read.pause(input) };
    },
  };
}

/** A shot's picture from the image provider in a style, with a character's picture if given. */
export function drawInStyle(
  ports: GenerationPorts,
  request: Omit<ShotPictureRequest, 'shot' | 'index'>,
  style: string,
  characterImage?: Buffer,
): Promise<GeneratedMedia> {
  return ports.providers.image.generate({
    prompt: request.prompt,
    keywords: request.keywords,
    style: styleChoice(style),
    width: request.width,
    height: request.height,
    seed: request.seed,
    ...(characterImage ? { characterImage } : {}),
  });
}
