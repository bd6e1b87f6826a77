import type { VoiceKey } from '@storyloom/core';
import { assembleVoice } from '../local/local-voice';
import type { SpeechProvider, SpeechResult } from '../provider-types';
import { httpBytes } from './http-json';

/** ElevenLabs premade voices for the voice keys. */
export const ELEVENLABS_VOICES: Record<VoiceKey, string> = {
  auto: '21m00Tcm4TlvDq8ikWAM', // Rachel
  warm_female: 'EXAVITQu4vr4xnSDxMaL', // Sarah
  calm_male: 'pNInz6obpgDQGcFmaJgB', // Adam
  bright_female: 'MF3mGyEYCl7XYWbV9V6O', // Elli
  deep_male: 'VR6AewLTigWG4xSOukaG', // Arnold
  young_female: 'jBpfuIE2acCO8z3wKNLl', // Gigi
  young_male: 'TxGEqnHWrfWFTfGW9XjX', // Josh
  storyteller: 'onwK4e9ZLuTAKqWW03F9', // Daniel
  news_anchor: 'ErXwobaYiN019PkySvjV', // Antoni
};

const SAMPLE_RATE = 22050;

/** ElevenLabs text to speech (raw 22.05 kHz PCM), phrase by phrase for exact timing. */
export class ElevenLabsSpeech implements SpeechProvider {
  readonly name = 'elevenlabs';
  constructor(
    private readonly endpoint: { baseUrl: string; apiKey: string },
    private readonly model = 'eleven_multilingual_v2',
  ) {}

  async speak(input: {
    phrases: readonly string[];
    voice: VoiceKey;
    leadSeconds: number;
    tailSeconds: number;
    fps: number;
  }): Promise<SpeechResult> {
    const spoken = [];
    for (const text of input.phrases) {
      const pcm = await httpBytes(
        `${this.endpoint.baseUrl.replace(/\/$/, '')}/v1/text-to-speech/${ELEVENLABS_VOICES[input.voice]}?output_format=pcm_${SAMPLE_RATE}`,
        {
          provider: this.name,
          headers: { 'xi-api-key': this.endpoint.apiKey, accept: 'audio/pcm' },
          json: { text, model_id: this.model },
        },
      );
      const samples = new Float32Array(Math.floor(pcm.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768;
      spoken.push({ text, audio: { sampleRate: SAMPLE_RATE, samples } });
    }
    return assembleVoice(spoken, input);
  }
}
