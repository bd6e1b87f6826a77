import type { VoiceKey } from '@storyloom/core';
import { z } from 'zod';
import { assembleVoice } from '../local/local-voice';
import { phrasesOf } from '../local/local-writer';
import { decodeWav } from '../local/wav';
import type {
  GeneratedMedia,
  ImageProvider,
  ShotDraft,
  SpeechProvider,
  SpeechResult,
  StyleChoice,
  TimedPhrase,
  TranscriptionProvider,
  WriterProvider,
} from '../provider-types';
import { httpBytes, httpJson, ProviderError, readReply } from './http-json';

/** An OpenAI-compatible endpoint: OpenAI itself, Ollama, vLLM, LocalAI, Groq... */
export interface OpenAiEndpoint {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string | undefined;
}

function headers(endpoint: OpenAiEndpoint): Record<string, string> {
  return endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {};
}

const url = (endpoint: OpenAiEndpoint, path: string) =>
  `${endpoint.baseUrl.replace(/\/$/, '')}${path}`;

/** The fields we read of a chat completion. */
const chatAnswerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })),
});

/**
 * The storyboard a chat model answers: its shots, each field read when it has the right type
 * (a shot without a script is left out; a prompt that is not text falls back).
 */
const modelStoryboardSchema = z.object({
  shots: z
    .array(
      z.object({
        script: z.string().optional().catch(undefined),
        image_prompt: z.string().optional().catch(undefined),
        video_prompt: z.string().optional().catch(undefined),
        keywords: z.array(z.unknown()).optional().catch(undefined),
      }),
    )
    .optional(),
});

/** The fields we read of an images API answer. */
const imagesAnswerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })),
});

/** The fields we read of a verbose transcription. */
const transcriptionAnswerSchema = z.object({
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
});

/** The writer on an OpenAI-compatible chat completions API. */
export class OpenAiWriter implements WriterProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: OpenAiEndpoint,
    private readonly model: string,
    /** Who serves the model, for its name (`ollama` for an Ollama server). */
    vendor = 'openai-chat',
  ) {
    this.name = `${vendor}:${model}`;
  }

  private async chat(system: string, user: string, json = false): Promise<string> {
    const answer = await httpJson(
      url(this.endpoint, '/chat/completions'),
      {
        provider: this.name,
        headers: headers(this.endpoint),
        json: {
          model: this.model,
          temperature: 0.4,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          ...(json ? { response_format: { type: 'json_object' } } : {}),
        },
      },
      chatAnswerSchema,
    );
    const content = answer.choices[0]?.message.content;
    if (!content) throw new ProviderError(this.name, 200, 'the model returned no text');
    return content.trim();
  }

  async storyboard(input: { script: string; style: StyleChoice }): Promise<ShotDraft[]> {
    const content = await this.chat(
      'You split a voice-over script into shots of about 5 seconds of speech each, in order, ' +
        'using every word of the script exactly once. Answer JSON: {"shots":[{"script":"...",' +
        '"image_prompt":"...","video_prompt":"...","keywords":["..."]}]}. Image prompts describe ' +
        `the picture in this style: ${input.style.description}. Avoid: ${input.style.avoidTerms}.`,
      input.script,
      true,
    );
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new ProviderError(this.name, 200, 'the model did not answer JSON');
    }
    const parsed = readReply(this.name, modelStoryboardSchema, json);
    const shots = (parsed.shots ?? []).flatMap((s) =>
      s.script ? [{ ...s, script: s.script }] : [],
    );
    if (shots.length === 0) throw new ProviderError(this.name, 200, 'the model made no shots');
    return shots.map((s): ShotDraft => ({
      script: s.script,
      image_prompt: s.image_prompt ?? s.script,
      video_prompt: s.video_prompt ?? '',
      keywords: (s.keywords ?? []).map(String),
    }));
  }

  rewrite(script: string): Promise<string> {
    return this.chat(
      'Polish this voice-over script: fix grammar, keep its meaning and language, make it flow ' +
        'when read aloud. If it is shorter than 100 characters, expand it to about 3 sentences. ' +
        'Answer with the script only.',
      script,
    );
  }

  ideaToScript(topic: string): Promise<string> {
    return this.chat(
      'Write a voice-over script of about 120 words for a short explainer video on the topic. ' +
        'Answer with the script only, no headings.',
      topic,
    );
  }
}

/**
 * Images on the OpenAI images API (gpt-image-1, quality low/medium/high). With a character's
 * reference picture the shot is made by `/images/edits`, which takes it as an input image, so the
 * character itself appears; otherwise by `/images/generations` from the prompt alone.
 */
export class OpenAiImages implements ImageProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: OpenAiEndpoint,
    private readonly model = 'gpt-image-1',
    private readonly quality: 'low' | 'medium' | 'high' = 'medium',
  ) {
    this.name = `openai-images:${model}`;
  }

  async generate(input: {
    prompt: string;
    width: number;
    height: number;
    characterImage?: Buffer;
  }): Promise<GeneratedMedia> {
    const size =
      input.width > input.height
        ? '1536x1024'
        : input.width < input.height
          ? '1024x1536'
          : '1024x1024';
    const fields = { model: this.model, prompt: input.prompt, size, quality: this.quality, n: 1 };
    let request: { path: string; json?: typeof fields; body?: FormData } = {
      path: '/images/generations',
      json: fields,
    };
    if (input.characterImage) {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      const png = input.characterImage.subarray(0, 4).toString('latin1') === '\x89PNG';
      form.append(
        'image[]',
        new Blob([new Uint8Array(input.characterImage)], {
          type: png ? 'image/png' : 'image/jpeg',
        }),
        png ? 'character.png' : 'character.jpg',
      );
      request = { path: '/images/edits', body: form };
    }
    const answer = await httpJson(
      url(this.endpoint, request.path),
      {
        provider: this.name,
        headers: headers(this.endpoint),
        ...(request.json ? { json: request.json } : { body: request.body }),
      },
      imagesAnswerSchema,
    );
    const image = answer.data[0];
    if (image?.b64_json) return { bytes: Buffer.from(image.b64_json, 'base64'), extension: 'png' };
    if (image?.url)
      return { bytes: await httpBytes(image.url, { provider: this.name }), extension: 'png' };
    throw new ProviderError(this.name, 200, 'no image in the answer');
  }
}

/** OpenAI voices for the voice keys. */
export const OPENAI_VOICES: Record<VoiceKey, string> = {
  auto: 'alloy',
  warm_female: 'nova',
  calm_male: 'onyx',
  bright_female: 'shimmer',
  deep_male: 'onyx',
  young_female: 'coral',
  young_male: 'echo',
  storyteller: 'fable',
  news_anchor: 'ash',
};

/** Kokoro's voices (Kokoro-FastAPI) for the voice keys: American and British, female and male. */
export const KOKORO_VOICES: Record<VoiceKey, string> = {
  auto: 'af_heart',
  warm_female: 'af_bella',
  calm_male: 'am_michael',
  bright_female: 'af_nova',
  deep_male: 'am_onyx',
  young_female: 'af_sky',
  young_male: 'am_puck',
  storyteller: 'bm_george',
  news_anchor: 'bf_emma',
};

/**
 * The voices of a speech server for the voice keys: `key=voice` pairs separated by commas
 * (e.g. `storyteller=bm_lewis,auto=af_heart`) over a base map; unknown keys are refused.
 */
export function parseVoiceMap(
  text: string | undefined,
  base: Record<VoiceKey, string>,
): Record<VoiceKey, string> {
  const voices = { ...base };
  for (const pair of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, voice] = pair.split('=').map((p) => p.trim());
    if (!key || !voice || !(key in base)) throw new Error(`Unknown voice mapping '${pair}'`);
    voices[key as VoiceKey] = voice;
  }
  return voices;
}

/**
 * Speech on an OpenAI-compatible /audio/speech API (OpenAI, or a speech server such as
 * Kokoro-FastAPI), phrase by phrase for exact timing.
 */
export class OpenAiSpeech implements SpeechProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: OpenAiEndpoint,
    private readonly model = 'gpt-4o-mini-tts',
    private readonly voices: Record<VoiceKey, string> = OPENAI_VOICES,
  ) {
    this.name = `openai-speech:${model}`;
  }

  async speak(input: {
    phrases: readonly string[];
    voice: VoiceKey;
    leadSeconds: number;
    tailSeconds: number;
    fps: number;
  }): Promise<SpeechResult> {
    const spoken = [];
    for (const text of input.phrases) {
      const bytes = await httpBytes(url(this.endpoint, '/audio/speech'), {
        provider: this.name,
        headers: headers(this.endpoint),
        json: {
          model: this.model,
          input: text,
          voice: this.voices[input.voice],
          response_format: 'wav',
        },
      });
      spoken.push({ text, audio: decodeWav(bytes) });
    }
    return assembleVoice(spoken, input);
  }
}

/** Transcription on an OpenAI-compatible /audio/transcriptions API (Whisper, Groq...). */
export class OpenAiTranscription implements TranscriptionProvider {
  readonly name: string;
  constructor(
    private readonly endpoint: OpenAiEndpoint,
    private readonly model = 'whisper-1',
  ) {
    this.name = `openai-transcription:${model}`;
  }

  async transcribe(input: {
    audio: Buffer;
    knownText?: string;
    language?: string;
  }): Promise<TimedPhrase[]> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(input.audio)], { type: 'audio/wav' }),
      'audio.wav',
    );
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    if (input.knownText) form.append('prompt', input.knownText.slice(0, 800));
    if (input.language) form.append('language', input.language);
    const answer = await httpJson(
      url(this.endpoint, '/audio/transcriptions'),
      { provider: this.name, headers: headers(this.endpoint), body: form },
      transcriptionAnswerSchema,
    );
    return (answer.segments ?? []).flatMap((segment) => {
      // Long segments are cut into caption phrases, spread over the segment by word count.
      const parts = phrasesOf(segment.text.trim());
      const words = parts.map((p) => Math.max(1, p.split(/\s+/).length));
      const total = words.reduce((a, b) => a + b, 0);
      let at = segment.start;
      return parts.map((text, i) => {
        const end = at + ((segment.end - segment.start) * words[i]!) / total;
        const phrase = { text, start: at, end };
        at = end;
        return phrase;
      });
    });
  }
}
