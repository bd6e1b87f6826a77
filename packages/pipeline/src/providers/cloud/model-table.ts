/**
 * The spec's model names (spec 2 §3) and the vendor model each one runs on. One table, used
 * by the cloud adapters and by the advanced settings (only models whose provider is
 * configured are offered; the local providers otherwise).
 */
export const CLOUD_MODELS = {
  image: {
    flux_kontext: { vendor: 'fal', model: 'fal-ai/flux-pro/kontext/text-to-image' },
    fluxdev: { vendor: 'fal', model: 'fal-ai/flux/dev' },
    character: { vendor: 'fal', model: 'fal-ai/flux-lora' },
    seedream4: { vendor: 'fal', model: 'fal-ai/bytedance/seedream/v4/text-to-image' },
    'nano-banana': { vendor: 'fal', model: 'fal-ai/nano-banana' },
    'qwen-image': { vendor: 'fal', model: 'fal-ai/qwen-image' },
    imagen4: { vendor: 'fal', model: 'fal-ai/imagen4/preview' },
    gpt: { vendor: 'openai', model: 'gpt-image-1' },
  },
  video: {
    kling: { vendor: 'fal', model: 'fal-ai/kling-video/v1.6/standard/image-to-video' },
    'kling2.1': { vendor: 'fal', model: 'fal-ai/kling-video/v2.1/standard/image-to-video' },
    'kling2-5': { vendor: 'fal', model: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video' },
    'pixverse4.5': { vendor: 'fal', model: 'fal-ai/pixverse/v4.5/image-to-video' },
    pixverse5: { vendor: 'fal', model: 'fal-ai/pixverse/v5/image-to-video' },
    veo2: { vendor: 'fal', model: 'fal-ai/veo2/image-to-video' },
    veo3_fast: { vendor: 'fal', model: 'fal-ai/veo3/fast/image-to-video' },
    hedra: { vendor: 'fal', model: 'fal-ai/hedra/character-2' },
    'wan-i2v': { vendor: 'fal', model: 'fal-ai/wan-i2v' },
    'wan2.2-i2v': { vendor: 'fal', model: 'fal-ai/wan/v2.2-a14b/image-to-video' },
    'wan-multi-talk': { vendor: 'fal', model: 'fal-ai/infinitalk' },
    'seedance-v1': { vendor: 'fal', model: 'fal-ai/bytedance/seedance/v1/lite/image-to-video' },
    'MiniMax-Hailuo-02': {
      vendor: 'fal',
      model: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
    },
    'creatify-aurora': { vendor: 'fal', model: 'fal-ai/creatify/aurora' },
    'vidu-q2': { vendor: 'fal', model: 'fal-ai/vidu/q2/image-to-video' },
  },
} as const;

/** The vendor model of a spec image model, or undefined when none is mapped. */
export function cloudImageModel(name: string) {
  return (CLOUD_MODELS.image as Record<string, { vendor: string; model: string }>)[name];
}

export function cloudVideoModel(name: string) {
  return (CLOUD_MODELS.video as Record<string, { vendor: string; model: string }>)[name];
}

/** The spec models that can run, given which vendors are configured. */
export function availableModels(vendors: { fal: boolean; openai: boolean }) {
  const ok = (vendor: string) => (vendor === 'fal' ? vendors.fal : vendors.openai);
  return {
    image: Object.entries(CLOUD_MODELS.image)
      .filter(([, m]) => ok(m.vendor))
      .map(([name]) => name),
    video: Object.entries(CLOUD_MODELS.video)
      .filter(([, m]) => ok(m.vendor))
      .map(([name]) => name),
  };
}
