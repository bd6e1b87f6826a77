import type { Providers } from '../provider-types';
import { createLocalProviders } from '../local/local-providers';
import { ElevenLabsSpeech } from './elevenlabs-speech';
import { RunwayActTwo } from './runway-act-two';
import { FalImages, FalVideo } from './fal-providers';
import { cloudImageModel, cloudVideoModel } from './model-table';
import { cloudVendorsFromEnv } from './model-catalog';
import { ComfyUiImages, ComfyUiVideo } from './comfyui-providers';
import {
  KOKORO_VOICES,
  OPENAI_VOICES,
  OpenAiImages,
  OpenAiSpeech,
  OpenAiTranscription,
  OpenAiWriter,
  parseVoiceMap,
} from './openai-providers';

/**
 * The providers an environment configures; each step falls back to its local provider.
 *
 * | variable | enables |
 * |---|---|
 * | OPENAI_BASE_URL (+ OPENAI_API_KEY) | writer (OPENAI_CHAT_MODEL), images when IMAGE_MODEL=gpt (OPENAI_IMAGE_QUALITY), speech when SPEECH_PROVIDER=openai, transcription |
 * | FAL_KEY (+ FAL_QUEUE_URL) | images for IMAGE_MODEL (a spec model name, default flux_kontext), videos for VIDEO_MODEL |
 * | ELEVENLABS_API_KEY (+ ELEVENLABS_BASE_URL) | speech |
 * | COMFYUI_URL (+ COMFYUI_IMAGE_WORKFLOW, COMFYUI_VIDEO_WORKFLOW) | images and motion clips on a ComfyUI server |
 * | OPENAI_SPEECH_URL (+ OPENAI_SPEECH_MODEL, OPENAI_SPEECH_VOICES) | speech on an OpenAI-compatible speech server such as Kokoro-FastAPI |
 * | OLLAMA_URL (+ OLLAMA_MODEL) | the writer on an Ollama server |
 * | RUNWAY_API_KEY (+ RUNWAY_BASE_URL) | action videos with Runway's Act-Two |
 *
 * A GPU server configured by URL wins over a cloud vendor for the same step.
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
  if (env.COMFYUI_URL) {
    const comfy = {
      baseUrl: env.COMFYUI_URL,
      imageWorkflow: env.COMFYUI_IMAGE_WORKFLOW,
      videoWorkflow: env.COMFYUI_VIDEO_WORKFLOW,
    };
    providers.image = new ComfyUiImages(comfy);
    providers.video = new ComfyUiVideo(comfy);
  }
  if (env.OLLAMA_URL) {
    // Ollama serves the OpenAI chat API under /v1, JSON answers included.
    const ollama = { baseUrl: `${env.OLLAMA_URL.replace(/\/$/, '')}/v1` };
    providers.writer = new OpenAiWriter(ollama, env.OLLAMA_MODEL ?? 'llama3.1', 'ollama');
  }
  if (env.ELEVENLABS_API_KEY) {
    providers.speech = new ElevenLabsSpeech({
      baseUrl: env.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io',
      apiKey: env.ELEVENLABS_API_KEY,
    });
  } else if (env.OPENAI_SPEECH_URL) {
    const model = env.OPENAI_SPEECH_MODEL ?? 'kokoro';
    const base = model === 'kokoro' ? KOKORO_VOICES : OPENAI_VOICES;
    providers.speech = new OpenAiSpeech(
      { baseUrl: env.OPENAI_SPEECH_URL, apiKey: env.OPENAI_SPEECH_API_KEY },
      model,
      parseVoiceMap(env.OPENAI_SPEECH_VOICES, base),
    );
  } else if (openai && env.SPEECH_PROVIDER === 'openai') {
    providers.speech = new OpenAiSpeech(openai, env.OPENAI_SPEECH_MODEL);
  }
  if (env.RUNWAY_API_KEY) {
    providers.actionVideo = new RunwayActTwo({
      baseUrl: env.RUNWAY_BASE_URL ?? 'https://api.dev.runwayml.com',
      apiKey: env.RUNWAY_API_KEY,
    });
  }
  return providers;
}
