import { describe, expect, it } from 'vitest';
import { createLocalProviders } from '../local/local-providers';
import { providersFromEnv } from './cloud-providers';
import { cloudVendorsFromEnv, ModelCatalog } from './model-catalog';
import { CLOUD_MODELS } from './model-table';

const LOCAL = { image: 'local-illustrator', video: 'local-motion' };

describe('ModelCatalog', () => {
  it('offers only the local providers when no vendor is configured', () => {
    const catalog = new ModelCatalog(cloudVendorsFromEnv({}));
    expect(catalog.choices(LOCAL)).toEqual({
      image: [{ value: null, label: 'local-illustrator', provider: 'local-illustrator' }],
      video: [{ value: null, label: 'local-motion', provider: 'local-motion' }],
      defaults: { image: null, video: null },
    });
  });

  it('offers the models of the configured vendors, and the running local provider', () => {
    const env = { FAL_KEY: 'k', IMAGE_MODEL: 'seedream4' };
    const running = providersFromEnv(env);
    const choices = new ModelCatalog(cloudVendorsFromEnv(env)).choices({
      image: running.image.name,
      video: running.video.name,
    });
    expect(choices.image.map((c) => c.value)).toEqual(
      Object.keys(CLOUD_MODELS.image).filter((name) => name !== 'gpt'),
    );
    expect(choices.video.map((c) => c.value)).toEqual([null, ...Object.keys(CLOUD_MODELS.video)]);
    expect(choices.defaults).toEqual({ image: 'seedream4', video: null });
    const openai = new ModelCatalog(cloudVendorsFromEnv({ OPENAI_API_KEY: 'o' })).choices(LOCAL);
    expect(openai.image.map((c) => c.value)).toEqual([null, 'gpt']);
    expect(openai.video.map((c) => c.value)).toEqual([null]);
  });

  it('honours a request’s models only when their vendor is configured', () => {
    const base = createLocalProviders();
    const settings = {
      image_model_config: { model: 'gpt' as const, parameters: { quality: 'high' as const } },
      video_model_config: { model: 'kling2.1' as const },
    };
    const none = new ModelCatalog(cloudVendorsFromEnv({})).providersFor(base, settings);
    expect([none.image.name, none.video.name]).toEqual(['local-illustrator', 'local-motion']);
    const both = new ModelCatalog(
      cloudVendorsFromEnv({ OPENAI_API_KEY: 'o', FAL_KEY: 'k' }),
    ).providersFor(base, settings);
    expect([both.image.name, both.video.name]).toEqual([
      'openai-images:gpt-image-1',
      'fal:fal-ai/kling-video/v2.1/standard/image-to-video',
    ]);
    const fal = new ModelCatalog(cloudVendorsFromEnv({ FAL_KEY: 'k' })).providersFor(base, {
      image_model_config: { model: 'seedream4' },
    });
    expect([fal.image.name, fal.video.name, fal.speech.name]).toEqual([
      'fal:fal-ai/bytedance/seedream/v4/text-to-image',
      'local-motion',
      'local-voice:rhvoice',
    ]);
    expect(base.image.name).toBe('local-illustrator');
  });
});
