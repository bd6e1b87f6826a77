import { accessSync, constants, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { VoiceKey } from '@storyloom/core';
import type { SpeechProvider, SpeechResult, TimedPhrase } from '../provider-types';
import { normaliseLoudness } from './loudness';
import { runTool } from './run-tool';
import {
  captionCuts,
  PAUSE_SECONDS,
  pauseAfter,
  speechUnits,
  type PauseKind,
} from './speech-units';
import { decodeWav, encodeWav, resample, SILENCE_LEVEL, soundWindow, type PcmAudio } from './wav';

/** The local speech engines, best first. */
export const VOICE_ENGINES = ['rhvoice', 'festival', 'espeak-ng'] as const;
export type VoiceEngine = (typeof VOICE_ENGINES)[number];

/** The four LGPL English voices of Debian's `rhvoice-english`. */
type RhvoiceVoice = 'alan' | 'bdl' | 'clb' | 'slt';

export interface LocalVoiceSettings {
  /** RHVoice voice, rate and pitch in percent of the voice's own. */
  rhvoice: { voice: RhvoiceVoice; rate: number; pitch: number };
  /** festival's HTS voice (cmu_us_slt_arctic_hts): speed factor and pitch shift in half-tones. */
  festival: { speed: number; halfTones: number };
  /** espeak-ng voice+variant, words per minute, pitch 0-99. */
  espeak: { voice: string; wpm: number; pitch: number };
}

/**
 * What each voice key sounds like on each engine: a distinct voice, rate and pitch per key
 * (RHVoice has two female and two male English voices, so keys sharing one differ in rate and
 * pitch). Festival has one natural voice, moved in speed and pitch.
 */
export const LOCAL_VOICES: Record<VoiceKey, LocalVoiceSettings> = {
  auto: {
    rhvoice: { voice: 'slt', rate: 100, pitch: 100 },
    festival: { speed: 1, halfTones: 0 },
    espeak: { voice: 'en-us+f3', wpm: 165, pitch: 55 },
  },
  warm_female: {
    rhvoice: { voice: 'clb', rate: 95, pitch: 94 },
    festival: { speed: 0.95, halfTones: -1 },
    espeak: { voice: 'en-us+f3', wpm: 160, pitch: 50 },
  },
  calm_male: {
    rhvoice: { voice: 'alan', rate: 92, pitch: 96 },
    festival: { speed: 0.92, halfTones: -6 },
    espeak: { voice: 'en-gb+m3', wpm: 155, pitch: 40 },
  },
  bright_female: {
    rhvoice: { voice: 'slt', rate: 106, pitch: 114 },
    festival: { speed: 1.06, halfTones: 2 },
    espeak: { voice: 'en-gb+f4', wpm: 170, pitch: 65 },
  },
  deep_male: {
    rhvoice: { voice: 'bdl', rate: 90, pitch: 80 },
    festival: { speed: 0.9, halfTones: -9 },
    espeak: { voice: 'en-us+m1', wpm: 150, pitch: 25 },
  },
  young_female: {
    rhvoice: { voice: 'clb', rate: 108, pitch: 118 },
    festival: { speed: 1.1, halfTones: 3 },
    espeak: { voice: 'en-us+f5', wpm: 175, pitch: 70 },
  },
  young_male: {
    rhvoice: { voice: 'bdl', rate: 106, pitch: 112 },
    festival: { speed: 1.05, halfTones: -4 },
    espeak: { voice: 'en-us+m4', wpm: 175, pitch: 55 },
  },
  storyteller: {
    rhvoice: { voice: 'alan', rate: 86, pitch: 104 },
    festival: { speed: 0.86, halfTones: -2 },
    espeak: { voice: 'en-gb-x-rp+m7', wpm: 150, pitch: 45 },
  },
  news_anchor: {
    rhvoice: { voice: 'bdl', rate: 108, pitch: 98 },
    festival: { speed: 1.1, halfTones: -5 },
    espeak: { voice: 'en-us+m2', wpm: 170, pitch: 45 },
  },
};

/**
 * Shortest silence between two separately spoken pieces (a cloud voice's caption phrases cut
 * mid-clause): words of one clause follow each other closely.
 */
export const MIN_GAP_SECONDS = 0.06;

/**
 * Integrated loudness every voice-over is brought to before mixing (EBU R128), whatever engine
 * or voice spoke it, so shots and voices sit at one level under the same music.
 */
export const VOICE_LOUDNESS_LUFS = -16;

const RHVOICE_VOICES_DIR = '/usr/share/RHVoice/voices';
const FESTIVAL_HTS_VOICE = '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts';

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The engines installed on this machine, best first (cheap file checks). */
export function installedVoiceEngines(): VoiceEngine[] {
  const rhvoiceVoices = new Set(Object.values(LOCAL_VOICES).map((v) => v.rhvoice.voice));
  const present: Record<VoiceEngine, () => boolean> = {
    rhvoice: () =>
      onPath('RHVoice-test') &&
      [...rhvoiceVoices].every((voice) => existsSync(path.join(RHVOICE_VOICES_DIR, voice))),
    festival: () => onPath('festival') && existsSync(FESTIVAL_HTS_VOICE),
    'espeak-ng': () => onPath('espeak-ng'),
  };
  return VOICE_ENGINES.filter((engine) => present[engine]());
}

/** The model name of what an engine speaks for a voice key, e.g. `local-voice:rhvoice-slt`. */
export function voiceModel(engine: VoiceEngine, voice: VoiceKey): string {
  if (engine === 'rhvoice') return `local-voice:rhvoice-${LOCAL_VOICES[voice].rhvoice.voice}`;
  if (engine === 'festival') return 'local-voice:festival-slt-hts';
  return 'local-voice:espeak-ng';
}

/** espeak-ng's WAV for one phrase. */
export function espeak(text: string, voice: VoiceKey): Promise<Buffer> {
  const { espeak: s } = LOCAL_VOICES[voice];
  const args = ['-v', s.voice, '-s', String(s.wpm), '-p', String(s.pitch), '--stdout', '--', text];
  return runTool('espeak-ng', args, { label: 'local-voice' });
}

/** RHVoice's WAV for one phrase; the text goes on stdin (plain text, not SSML). */
export function rhvoice(text: string, voice: VoiceKey): Promise<Buffer> {
  const { rhvoice: s } = LOCAL_VOICES[voice];
  const args = ['-p', s.voice, '-r', String(s.rate), '-t', String(s.pitch), '-o', '-'];
  return runTool('RHVoice-test', args, { input: text, label: 'local-voice' });
}

/**
 * Text as a Scheme string literal for festival: quotes and backslashes (the only characters that
 * could end or escape the literal) and control characters become spaces, so the creator's text
 * is only ever spoken, never read as a festival command.
 */
export function schemeString(text: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${text.replace(/["\\\u0000-\u001f\u007f]/g, ' ')}"`;
}

/** A festival batch script that speaks each phrase into its own file, in one run. */
export function festivalScript(
  phrases: readonly string[],
  voice: VoiceKey,
  files: readonly string[],
): string {
  const { festival: s } = LOCAL_VOICES[voice];
  return [
    '(voice_cmu_us_slt_arctic_hts)',
    // hts_engine options: -r speed factor, -fm additional half-tones.
    `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${s.speed}) (list "-fm" ${s.halfTones}))))`,
    ...phrases.map(
      (text, i) =>
        `(utt.save.wave (SynthText ${schemeString(text)}) ${schemeString(files[i]!)} 'riff)`,
    ),
    '',
  ].join('\n');
}

/** festival's WAVs for several phrases, from one festival process. */
async function festival(phrases: readonly string[], voice: VoiceKey): Promise<Buffer[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-festival-'));
  try {
    const files = phrases.map((_, i) => path.join(dir, `${i}.wav`));
    if (files.some((file) => schemeString(file) !== `"${file}"`))
      throw new Error(`local-voice: unusable temporary folder ${dir}`);
    const script = path.join(dir, 'speak.scm');
    await writeFile(script, festivalScript(phrases, voice, files));
    await runTool('festival', ['--batch', script], { label: 'local-voice' });
    return await Promise.all(files.map((file) => readFile(file)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Speaks every phrase with one engine, each into its own WAV. */
function speakWith(engine: VoiceEngine, phrases: readonly string[], voice: VoiceKey) {
  if (engine === 'festival') return festival(phrases, voice);
  const one = engine === 'rhvoice' ? rhvoice : espeak;
  return Promise.all(phrases.map((text) => one(text, voice)));
}

/**
 * The local voice: RHVoice where installed (Debian non-free), else festival's HTS voice, else
 * espeak-ng. Each caption phrase is read with numbers, dates and abbreviations in words
 * (speech-text.ts) and spoken on its own, the silence around it cut, and the phrases joined with
 * the pause their punctuation asks for — so every caption's start and end in the file are known
 * exactly. The result's `model` names the engine and voice
 * that spoke (e.g. `local-voice:rhvoice-slt`).
 */
export class LocalVoice implements SpeechProvider {
  readonly name: string;
  readonly engines: readonly VoiceEngine[];

  constructor(engines: readonly VoiceEngine[] = installedVoiceEngines()) {
    this.engines = engines;
    this.name = `local-voice:${engines[0] ?? 'none'}`;
  }

  /** Why the voice is not the best one, for the server's log; undefined when it is. */
  get fallbackNotice(): string | undefined {
    const engine = this.engines[0];
    if (engine === 'rhvoice') return undefined;
    if (!engine)
      return 'No local speech engine is installed (rhvoice, festival or espeak-ng): voice-over fails until one is (run node scripts/setup.mjs)';
    return `RHVoice is not installed (Debian non-free packages rhvoice and rhvoice-english): voice-over uses ${engine}`;
  }

  async speak(input: {
    phrases: readonly string[];
    voice: VoiceKey;
    leadSeconds: number;
    tailSeconds: number;
    fps: number;
  }): Promise<SpeechResult> {
    let firstError: Error | undefined;
    // Each caption phrase is its own utterance: joining phrases into whole clauses and cutting
    // the captions inside by loudness put caption ends up to 0.4 s off the words (the explainer
    // caption timing test), so clause-sized speech waits for word times from forced alignment.
    const units = input.phrases.flatMap((phrase) => speechUnits([phrase]));
    for (const engine of this.engines) {
      try {
        const wavs = await speakWith(
          engine,
          units.map((unit) => unit.speech),
          input.voice,
        );
        const clips = units.map((unit, i) => ({
          text: unit.captions.join(' '),
          audio: decodeWav(wavs[i]!),
          captions: unit.captions,
          shares: unit.shares,
          pause: unit.pause,
        }));
        return { ...assembleVoice(clips, input), model: voiceModel(engine, input.voice) };
      } catch (error) {
        firstError ??= error instanceof Error ? error : new Error(String(error));
      }
    }
    throw firstError ?? new Error(this.fallbackNotice);
  }
}

/**
 * Speech is where a phrase is louder than this share of its own peak (about -30 dB): natural
 * voices end in a soft breath or reverb tail that is not speech and must not stretch captions.
 */
const SPEECH_SHARE_OF_PEAK = 0.03;
/** Sound kept beyond the speech on each side, faded, so no phrase starts or ends with a click. */
const EDGE_SECONDS = 0.03;

/** A phrase's speech: the window above the speech level, plus faded edges around it. */
function phraseClip(samples: Float32Array, sampleRate: number) {
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  const [from, to] = soundWindow(samples, Math.max(SILENCE_LEVEL, peak * SPEECH_SHARE_OF_PEAK)) ?? [
    0, 0,
  ];
  const edge = Math.round(EDGE_SECONDS * sampleRate);
  const start = Math.max(0, from - edge);
  const end = Math.min(samples.length, to + edge);
  const clip = samples.slice(start, end);
  const lead = from - start;
  const tail = end - to;
  for (let i = 0; i < lead; i++) clip[i]! *= i / lead;
  for (let i = 0; i < tail; i++) clip[clip.length - 1 - i]! *= i / tail;
  return { samples: clip, speechStart: lead, speechEnd: lead + (to - from) };
}

/** One separately spoken piece of a voice-over. */
export interface SpokenPiece {
  /** What was said, as written (a cloud voice's caption phrase). */
  text: string;
  audio: PcmAudio;
  /** The caption phrases the piece carries (default: the text alone). */
  captions?: readonly string[];
  /** Each caption's share of the piece's speaking time (default: even). */
  shares?: readonly number[];
  /** The silence after the piece (default: what its text's punctuation asks for). */
  pause?: PauseKind;
}

/**
 * Joins separately spoken pieces into one voice-over: each piece cut to its speech (with short
 * faded edges), the pieces following each other with the pause their punctuation asks for (at
 * least a short gap), `leadSeconds` before and `tailSeconds` after, the file lasting a whole
 * number of frames and brought to VOICE_LOUDNESS_LUFS. Every caption phrase's speech in the file
 * is returned, which is what captions are timed from. Used by every speech provider, local or
 * cloud.
 */
export function assembleVoice(
  spoken: readonly SpokenPiece[],
  input: { leadSeconds: number; tailSeconds: number; fps: number },
): SpeechResult {
  const sampleRate = spoken[0]?.audio.sampleRate ?? 22050;
  const clips = spoken.map((piece) => ({
    captions: piece.captions ?? [piece.text],
    shares: piece.shares,
    gap: Math.round(
      Math.max(MIN_GAP_SECONDS, PAUSE_SECONDS[piece.pause ?? pauseAfter(piece.text)]) * sampleRate,
    ),
    ...phraseClip(resample(piece.audio, sampleRate).samples, sampleRate),
  }));
  const lead = Math.round(input.leadSeconds * sampleRate);
  let length = lead + Math.round(input.tailSeconds * sampleRate);
  clips.forEach((clip, i) => (length += clip.samples.length + (i > 0 ? clips[i - 1]!.gap : 0)));
  // A whole number of frames, so the shot's picture and its voice end together.
  const perFrame = sampleRate / input.fps;
  length = Math.ceil(length / perFrame) * perFrame;
  const samples = new Float32Array(Math.round(length));
  const phrases: TimedPhrase[] = [];
  // The first phrase's speech starts right after the lead.
  let at = lead - (clips[0]?.speechStart ?? 0);
  clips.forEach((clip, i) => {
    if (i > 0) at += clips[i - 1]!.gap;
    samples.set(clip.samples.subarray(Math.max(0, -at)), Math.max(0, at));
    const speech = clip.samples.subarray(clip.speechStart, clip.speechEnd);
    const shares = clip.shares ?? clip.captions.map(() => 1 / clip.captions.length);
    const bounds = [0, ...captionCuts(speech, sampleRate, shares), speech.length];
    clip.captions.forEach((text, c) =>
      phrases.push({
        text,
        start: (at + clip.speechStart + bounds[c]!) / sampleRate,
        end: (at + clip.speechStart + bounds[c + 1]!) / sampleRate,
      }),
    );
    at += clip.samples.length;
  });
  return {
    bytes: encodeWav({
      sampleRate,
      samples: normaliseLoudness(samples, sampleRate, VOICE_LOUDNESS_LUFS),
    }),
    extension: 'wav',
    durationSeconds: samples.length / sampleRate,
    phrases,
  };
}
