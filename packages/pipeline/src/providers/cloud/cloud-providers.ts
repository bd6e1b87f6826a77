import type { Providers } from '../provider-types';
import { createLocalProviders } from '../local/local-providers';
import { ElevenLabsSpeech } from './elevenlabs-speech';
import { FalImages, FalVideo } from './fal-providers';
import { cloudImageModel, cloudVideoModel } from './model-table';
import { cloudVendorsFromEnv } from './model-catalog';
import { OpenAiImages, OpenAiSpeech, OpenAiTranscription, OpenAiWriter } from './openai-providers';

/**
 * The providers an environment configures; each step falls back to its local provider.
 *
 * | variable | enables |
 * |---|---|
 * | OPENAI_BASE_URL (+ OPENAI_API_KEY) | writer (OPENAI_CHAT_MODEL), images when IMAGE_MODEL=gpt (OPENAI_IMAGE_QUALITY), speech when SPEECH_PROVIDER=openai, transcription |
 * | FAL_KEY (+ FAL_QUEUE_URL) | images for IMAGE_MODEL (a spec model name, default flux_kontext), videos for VIDEO_MODEL |
 * | ELEVENLABS_API_KEY (+ ELEVENLABS_BASE_URL) | speech |
 */
export function providersFromEnv(env: Record<string, string | undefined>): Providers {
  const providers = createLocalProviders();
  const vendors = cloudVendorsFromEnv(env);
  const { openai, fal } = vendors;
  if (openai) {
    providers.writer = new OpenAiWriter(openai, env.OPENAI_CHAT_MODEL ?? 'gpt-4o-mini');
    providers.transcription = new OpenAiTranscription(openai, env.OPENAI_TRANSCRIPTION_MODEL);
  }
  const imageModel = env.IMAGE_MODEL ?? 'flux_kontext';
  const image = cloudImageModel(imageModel);
  if (image?.vendor === 'openai' && openai) {
    providers.image = new OpenAiImages(openai, image.model, vendors.openaiImageQuality);
  } else if (image?.vendor === 'fal' && fal) {
    providers.image = new FalImages(fal, image.model);
  }
  const video = env.VIDEO_MODEL ? cloudVideoModel(env.VIDEO_MODEL) : undefined;
  if (video && fal) providers.video = new FalVideo(fal, video.model);
  if (env.ELEVENLABS_API_KEY) {
    providers.speech = new ElevenLabsSpeech({
      baseUrl: env.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io',
      apiKey: env.ELEVENLABS_API_KEY,
    });
  } else if (openai && env.SPEECH_PROVIDER === 'openai') {
    providers.speech = new OpenAiSpeech(openai, env.OPENAI_SPEECH_MODEL);
  }
  return providers;
}
