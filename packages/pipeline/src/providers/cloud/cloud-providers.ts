import type { Providers } from '../provider-types';
import { createLocalProviders } from '../local/local-providers';
import { ElevenLabsSpeech } from './elevenlabs-speech';
import { FalImages, FalVideo } from './fal-providers';
import { cloudImageModel, cloudVideoModel } from './model-table';
import {
  OpenAiImages,
  OpenAiSpeech,
  OpenAiTranscription,
  OpenAiWriter,
  type OpenAiEndpoint,
} from './openai-providers';

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
  const openai: OpenAiEndpoint | null = env.OPENAI_BASE_URL
    ? { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY }
    : env.OPENAI_API_KEY
      ? { baseUrl: 'https://api.openai.com/v1', apiKey: env.OPENAI_API_KEY }
      : null;
  const fal = env.FAL_KEY
    ? { queueUrl: env.FAL_QUEUE_URL ?? 'https://queue.fal.run', apiKey: env.FAL_KEY }
    : null;
  if (openai) {
    providers.writer = new OpenAiWriter(openai, env.OPENAI_CHAT_MODEL ?? 'gpt-4o-mini');
    providers.transcription = new OpenAiTranscription(openai, env.OPENAI_TRANSCRIPTION_MODEL);
  }
  const imageModel = env.IMAGE_MODEL ?? 'flux_kontext';
  const image = cloudImageModel(imageModel);
  if (image?.vendor === 'openai' && openai) {
    const quality = env.OPENAI_IMAGE_QUALITY;
    providers.image = new OpenAiImages(
      openai,
      image.model,
      quality === 'low' || quality === 'high' ? quality : 'medium',
    );
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
