import type { AspectRatio } from '@storyloom/core';
import { z } from 'zod';
import type { GeneratedMedia, ImageProvider, VideoProvider } from '../provider-types';
import { httpBytes, httpJson, ProviderError } from './http-json';

/** fal.ai's queue API: submit, poll the status URL, read the response URL. */
export interface FalEndpoint {
  /** https://queue.fal.run (a fake server in tests). */
  queueUrl: string;
  apiKey: string;
  /** Between status polls. */
  pollMs?: number;
  /** How long a request may take in all. */
  timeoutMs?: number;
}

/** The fields we read of a queued request. */
const queueSubmitSchema = z.object({
  request_id: z.string(),
  status_url: z.string(),
  response_url: z.string(),
});

const queueStatusSchema = z.object({ status: z.string() });

/** The fields we read of an image model's result. */
const imageResultSchema = z.object({
  images: z
    .array(
      z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() }),
    )
    .optional(),
});

/** The fields we read of a video model's result. */
const videoResultSchema = z.object({ video: z.object({ url: z.string() }).optional() });

/** Runs one fal request through the queue and returns its result, read with `result`. */
export async function falRun<Result extends z.ZodType>(
  endpoint: FalEndpoint,
  model: string,
  body: unknown,
  provider: string,
  result: Result,
): Promise<z.output<Result>> {
  const auth = { authorization: `Key ${endpoint.apiKey}` };
  const submitted = await httpJson(
    `${endpoint.queueUrl.replace(/\/$/, '')}/${model}`,
    { provider, headers: auth, json: body },
    queueSubmitSchema,
  );
  const until = Date.now() + (endpoint.timeoutMs ?? 10 * 60_000);
  for (;;) {
    const status = await httpJson(
      submitted.status_url,
      { provider, headers: auth },
      queueStatusSchema,
    );
    if (status.status === 'COMPLETED') break;
    if (status.status !== 'IN_QUEUE' && status.status !== 'IN_PROGRESS')
      throw new ProviderError(
        provider,
        200,
        `request ${submitted.request_id} ended ${status.status}`,
      );
    if (Date.now() > until)
      throw new ProviderError(provider, 408, `request ${submitted.request_id} timed out`);
    await new Promise((resolve) => setTimeout(resolve, endpoint.pollMs ?? 1000));
  }
  return httpJson(submitted.response_url, { provider, headers: auth }, result);
}

const FAL_IMAGE_SIZES: Record<AspectRatio, string> = {
  '16:9': 'landscape_16_9',
  '9:16': 'portrait_16_9',
  '1:1': 'square_hd',
};

/**
 * A text-to-image model's variant that takes reference pictures, per fal's model pages, and
 * the field it reads them from: FLUX.1 Kontext [pro] `image_url`, Seedream 4 edit and Nano
 * Banana edit `image_urls`. Models without one draw from the prompt alone.
 */
export const FAL_REFERENCE_MODELS: Readonly<
  Record<string, { model: string; field: 'image_url' | 'image_urls' }>
> = {
  'fal-ai/flux-pro/kontext/text-to-image': { model: 'fal-ai/flux-pro/kontext', field: 'image_url' },
  'fal-ai/bytedance/seedream/v4/text-to-image': {
    model: 'fal-ai/bytedance/seedream/v4/edit',
    field: 'image_urls',
  },
  'fal-ai/nano-banana': { model: 'fal-ai/nano-banana/edit', field: 'image_urls' },
};

/** Images on a fal.ai model (flux_kontext, seedream4, ... through the model table). */
export class FalImages implements ImageProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: FalEndpoint,
    private readonly model: string,
  ) {
    this.name = `fal:${model}`;
  }

  async generate(input: {
    prompt: string;
    width: number;
    height: number;
    seed: string;
    /** The character's reference picture: sent to the model's reference variant. */
    characterImage?: Buffer;
  }): Promise<GeneratedMedia> {
    const ratio: AspectRatio =
      input.width > input.height ? '16:9' : input.width < input.height ? '9:16' : '1:1';
    const reference = input.characterImage ? FAL_REFERENCE_MODELS[this.model] : undefined;
    const body: Record<string, unknown> = {
      prompt: input.prompt,
      image_size: FAL_IMAGE_SIZES[ratio],
      num_images: 1,
    };
    if (reference && input.characterImage) {
      const mime = input.characterImage[0] === 0x89 ? 'image/png' : 'image/jpeg';
      const uri = `data:${mime};base64,${input.characterImage.toString('base64')}`;
      body[reference.field] = reference.field === 'image_url' ? uri : [uri];
    }
    const result = await falRun(
      this.endpoint,
      reference?.model ?? this.model,
      body,
      this.name,
      imageResultSchema,
    );
    const image = result.images?.[0];
    if (!image) throw new ProviderError(this.name, 200, 'no image in the result');
    const bytes = await httpBytes(image.url, { provider: this.name });
    return {
      bytes,
      extension: bytes[0] === 0x89 ? 'png' : 'jpg',
      ...(image.width ? { width: image.width } : {}),
      ...(image.height ? { height: image.height } : {}),
    };
  }
}

/**
 * The request field of each fal.ai video model that takes an end frame (start/end frame and
 * One-Take Style pass the next shot's picture there); models not listed get the start only.
 */
export const FAL_END_FRAME_FIELDS: Readonly<Record<string, string>> = {
  'fal-ai/bytedance/seedance/v1/lite/image-to-video': 'end_image_url',
  'fal-ai/kling-video/v2.1/standard/image-to-video': 'tail_image_url',
  'fal-ai/pixverse/v5/image-to-video': 'end_image_url',
  'fal-ai/vidu/q2/image-to-video': 'end_image_url',
};

/** Image-to-video on a fal.ai model (kling, pixverse, seedance, hailuo, wan, vidu, veo). */
export class FalVideo implements VideoProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: FalEndpoint,
    private readonly model: string,
  ) {
    this.name = `fal:${model}`;
  }

  async animate(input: Parameters<VideoProvider['animate']>[0]): Promise<GeneratedMedia | null> {
    const uri = (media: GeneratedMedia) =>
      `data:${media.extension === 'png' ? 'image/png' : 'image/jpeg'};base64,${media.bytes.toString('base64')}`;
    // The next shot's picture as the model's end frame, where the model takes one.
    const endField = input.endImage ? FAL_END_FRAME_FIELDS[this.model] : undefined;
    const result = await falRun(
      this.endpoint,
      this.model,
      {
        prompt: input.prompt,
        image_url: uri(input.image),
        ...(endField && input.endImage ? { [endField]: uri(input.endImage) } : {}),
        duration: input.durationSeconds > 5 ? '10' : '5',
        aspect_ratio: input.aspectRatio,
      },
      this.name,
      videoResultSchema,
    );
    if (!result.video?.url) throw new ProviderError(this.name, 200, 'no video in the result');
    return { bytes: await httpBytes(result.video.url, { provider: this.name }), extension: 'mp4' };
  }
}
