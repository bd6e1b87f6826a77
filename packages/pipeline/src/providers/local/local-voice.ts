import { spawn } from 'node:child_process';
import type { VoiceKey } from '@storyloom/core';
import type { SpeechProvider, SpeechResult, TimedPhrase } from '../provider-types';
import { decodeWav, encodeWav, resample, soundWindow, type PcmAudio } from './wav';

/** espeak-ng voice, words per minute and pitch (0-99) for every voice key. */
export const ESPEAK_VOICES: Record<VoiceKey, { voice: string; wpm: number; pitch: number }> = {
  auto: { voice: 'en-us+f3', wpm: 165, pitch: 55 },
  warm_female: { voice: 'en-us+f3', wpm: 160, pitch: 50 },
  calm_male: { voice: 'en-gb+m3', wpm: 155, pitch: 40 },
  bright_female: { voice: 'en-gb+f4', wpm: 170, pitch: 65 },
  deep_male: { voice: 'en-us+m1', wpm: 150, pitch: 25 },
  young_female: { voice: 'en-us+f5', wpm: 175, pitch: 70 },
  young_male: { voice: 'en-us+m4', wpm: 175, pitch: 55 },
  storyteller: { voice: 'en-gb-x-rp+m7', wpm: 150, pitch: 45 },
  news_anchor: { voice: 'en-us+m2', wpm: 170, pitch: 45 },
};

/** Silence between two phrases of a voice-over, in seconds. */
export const PHRASE_GAP_SECONDS = 0.12;

/** Runs espeak-ng with an argument array (never a shell) and returns its WAV output. */
export function espeak(text: string, voice: VoiceKey, command = 'espeak-ng'): Promise<Buffer> {
  const settings = ESPEAK_VOICES[voice];
  const args = [
    '-v',
    settings.voice,
    '-s',
    String(settings.wpm),
    '-p',
    String(settings.pitch),
    '--stdout',
    '--',
    text,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`local-voice: could not run ${command}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`local-voice: ${command} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/**
 * The local voice (`local-voice`): espeak-ng speaks each phrase on its own, the silence around
 * each is cut, and the phrases are joined with short gaps — so every phrase's start and end in
 * the file are known exactly, which is what the captions are timed from.
 */
export class LocalVoice implements SpeechProvider {
  readonly name = 'local-voice';
  constructor(private readonly command = 'espeak-ng') {}

  async speak(input: {
    phrases: readonly string[];
    voice: VoiceKey;
    leadSeconds: number;
    tailSeconds: number;
    fps: number;
  }): Promise<SpeechResult> {
    const clips = await Promise.all(
      input.phrases.map(async (text) => ({
        text,
        audio: decodeWav(await espeak(text, input.voice, this.command)),
      })),
    );
    return assembleVoice(clips, input);
  }
}

/**
 * Joins separately spoken phrases into one voice-over: the silence around each is cut, the
 * phrases follow each other with short gaps, `leadSeconds` before and `tailSeconds` after, and
 * the file lasts a whole number of frames. Every phrase's place in the file is returned, which
 * is what captions are timed from. Used by every speech provider, local or cloud.
 */
export function assembleVoice(
  spoken: readonly { text: string; audio: PcmAudio }[],
  input: { leadSeconds: number; tailSeconds: number; fps: number },
): SpeechResult {
  const sampleRate = spoken[0]?.audio.sampleRate ?? 22050;
  const clips = spoken.map(({ text, audio }) => {
    const same = resample(audio, sampleRate);
    const window = soundWindow(same.samples) ?? [0, 0];
    return { text, samples: same.samples.subarray(...window) };
  });
  const gap = Math.round(PHRASE_GAP_SECONDS * sampleRate);
  const lead = Math.round(input.leadSeconds * sampleRate);
  let length = lead + Math.round(input.tailSeconds * sampleRate);
  clips.forEach((clip, i) => (length += clip.samples.length + (i > 0 ? gap : 0)));
  // A whole number of frames, so the shot's picture and its voice end together.
  const perFrame = sampleRate / input.fps;
  length = Math.ceil(length / perFrame) * perFrame;
  const samples = new Float32Array(Math.round(length));
  const phrases: TimedPhrase[] = [];
  let at = lead;
  clips.forEach((clip, i) => {
    if (i > 0) at += gap;
    samples.set(clip.samples, at);
    phrases.push({
      text: clip.text,
      start: at / sampleRate,
      end: (at + clip.samples.length) / sampleRate,
    });
    at += clip.samples.length;
  });
  return {
    bytes: encodeWav({ sampleRate, samples }),
    extension: 'wav',
    durationSeconds: samples.length / sampleRate,
    phrases,
  };
}
