import { statusStage } from './status';

/**
 * How the product names the providers that make a story's pictures, voices, music and script
 * (ours: the spec names none). Provider names are `kind[:detail]`, e.g. `local-illustrator`,
 * `local-voice:rhvoice`, `openai-images:gpt-image-1`, `fal:kling2.1`, `comfyui:image`.
 */
const LOCAL_LABELS: Readonly<Record<string, string>> = {
  'local-illustrator': 'the offline illustrator',
  'local-writer': 'the offline writer',
  'local-music': 'the offline composer',
  'local-motion': 'still pictures set in motion',
  'local-voice': 'the offline voice',
  'local-transcriber': 'offline speech recognition',
};

const ENGINE_LABELS: Readonly<Record<string, string>> = {
  rhvoice: 'RHVoice',
  festival: 'Festival',
  'espeak-ng': 'eSpeak NG',
  pocketsphinx: 'PocketSphinx',
};

const VENDOR_LABELS: Readonly<Record<string, string>> = {
  'openai-images': 'OpenAI',
  'openai-chat': 'OpenAI-compatible chat',
  'openai-speech': 'OpenAI-compatible speech',
  fal: 'fal.ai',
  elevenlabs: 'ElevenLabs',
  comfyui: 'ComfyUI',
  ollama: 'Ollama',
  runway: 'Runway',
};

/** True for a provider that runs on this server with no cloud account or GPU. */
export function isOfflineProvider(name: string): boolean {
  return name.startsWith('local-');
}

/** A provider in words: "the offline voice (RHVoice)", "OpenAI gpt-image-1", "fal.ai kling2.1". */
export function providerLabel(name: string): string {
  const [kind = '', ...rest] = name.split(':');
  const detail = rest.join(':');
  const local = LOCAL_LABELS[kind];
  if (local) {
    const engine = ENGINE_LABELS[detail.split('-')[0] ?? ''] ?? ENGINE_LABELS[detail];
    return engine ? `${local} (${engine})` : local;
  }
  const vendor = VENDOR_LABELS[kind];
  if (vendor) return detail ? `${vendor} ${detail}` : vendor;
  return name;
}

/** What the wait screen says a run is doing, in words (ours: the spec shows three steps only). */
const STAGE_LABELS: Readonly<Record<string, string>> = {
  creating_story: 'Setting up your story',
  generating_storyboard: 'Writing the storyboard',
  generating_images: 'Drawing the pictures',
  generating_videos: 'Recording the voice-over and animating the shots',
  generating_timeline: 'Laying out the timeline',
  exporting_video: 'Exporting the video',
  user_exporting_video: 'Exporting the video',
};

export function stageLabel(status: string | null | undefined): string {
  if (!status || status === 'pending') return 'Waiting for a free worker';
  if (status === 'paused') return 'Paused: your preview is ready';
  if (status === 'completed' || status === 'RUN_SUCCESS') return 'Done';
  const stage = statusStage(status);
  if (stage && STAGE_LABELS[stage]) return STAGE_LABELS[stage];
  return 'Working on your story';
}
