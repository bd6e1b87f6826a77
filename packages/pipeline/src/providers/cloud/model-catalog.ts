import type { AdvancedSettings } from '@storyloom/core';
import type { Providers } from '../provider-types';
import type { FalEndpoint } from './fal-providers';
import { FalImages, FalVideo } from './fal-providers';
import { CLOUD_MODELS, cloudImageModel, cloudVideoModel } from './model-table';
import { OpenAiImages, type OpenAiEndpoint } from './openai-providers';

/** The cloud vendors an environment configures (null: not configured). */
export interface CloudVendors {
  openai: OpenAiEndpoint | null;
  fal: FalEndpoint | null;
  /** gpt image quality when a request names none (OPENAI_IMAGE_QUALITY). */
  openaiImageQuality: 'low' | 'medium' | 'high';
}

export function cloudVendorsFromEnv(env: Record<string, string | undefined>): CloudVendors {
  const quality = env.OPENAI_IMAGE_QUALITY;
  return {
    openai: env.OPENAI_BASE_URL
      ? { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY }
      : env.OPENAI_API_KEY
        ? { baseUrl: 'https://api.openai.com/v1', apiKey: env.OPENAI_API_KEY }
        : null,
    fal: env.FAL_KEY
      ? { queueUrl: env.FAL_QUEUE_URL ?? 'https://queue.fal.run', apiKey: env.FAL_KEY }
      : null,
    openaiImageQuality: quality === 'low' || quality === 'high' ? quality : 'medium',
  };
}

/** The name a cloud provider of a table entry reports (`fal:…`, `openai-images:…`). */
function providerName(entry: { vendor: string; model: string }): string {
  return entry.vendor === 'fal' ? `fal:${entry.model}` : `openai-images:${entry.model}`;
}

/** One choice of the advanced settings: a spec model, or the local provider (value null). */
export interface ModelChoice {
  value: string | null;
  label: string;
  provider: string;
}

export interface ModelChoices {
  image: ModelChoice[];
  video: ModelChoice[];
  /** The choice the server runs on when a request names none (null: the local provider). */
  defaults: { image: string | null; video: string | null };
}

/**
 * The advanced settings' model choices and the per-request model, from the one model table:
 * only spec models whose vendor is configured are offered (and honoured); with none, the
 * local provider is the only choice. A request naming a model whose vendor is not configured
 * runs on the providers the server was started with.
 */
export class ModelCatalog {
  constructor(private readonly vendors: CloudVendors) {}

  private configured(vendor: string): boolean {
    return vendor === 'fal' ? this.vendors.fal !== null : this.vendors.openai !== null;
  }

  /**
   * The choices offered, given the providers the server runs on (`current`, local or from the
   * environment): the configured spec models, and the running provider itself when it is not
   * one of them (the local provider, offered alone when no vendor is configured).
   */
  choices(current: { image: string; video: string }): ModelChoices {
    const offered = (
      table: Record<string, { vendor: string; model: string }>,
      running: string,
    ): ModelChoice[] => {
      const models: ModelChoice[] = Object.entries(table)
        .filter(([, m]) => this.configured(m.vendor))
        .map(([name, m]) => ({ value: name, label: name, provider: providerName(m) }));
      return models.some((m) => m.provider === running)
        ? models
        : [{ value: null, label: running, provider: running }, ...models];
    };
    const image = offered(CLOUD_MODELS.image, current.image);
    const video = offered(CLOUD_MODELS.video, current.video);
    const running = (choices: ModelChoice[], name: string) =>
      choices.find((c) => c.provider === name)?.value ?? null;
    return {
      image,
      video,
      defaults: { image: running(image, current.image), video: running(video, current.video) },
    };
  }

  /** The providers of one request: its image and video models when their vendor is configured. */
  providersFor(base: Providers, settings: AdvancedSettings | undefined): Providers {
    const providers = { ...base };
    const image = settings?.image_model_config;
    const imageModel = image ? cloudImageModel(image.model) : undefined;
    if (image && imageModel?.vendor === 'fal' && this.vendors.fal) {
      providers.image = new FalImages(this.vendors.fal, imageModel.model);
    } else if (image && imageModel?.vendor === 'openai' && this.vendors.openai) {
      const quality = image.parameters?.quality ?? this.vendors.openaiImageQuality;
      providers.image = new OpenAiImages(this.vendors.openai, imageModel.model, quality);
    }
    const video = settings?.video_model_config;
    const videoModel = video ? cloudVideoModel(video.model) : undefined;
    if (videoModel?.vendor === 'fal' && this.vendors.fal) {
      providers.video = new FalVideo(this.vendors.fal, videoModel.model);
    }
    return providers;
  }
}
