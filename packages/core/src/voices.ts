import { z } from 'zod';
import { MESSAGES } from './messages';

export interface Voice {
  readonly key: string;
  readonly label: string;
}

/**
 * Voice actors (spec 2 §3). 'auto' lets the pipeline choose. The local provider maps each
 * key to a voice, rate and pitch of its speech engine (RHVoice, festival, espeak-ng); cloud
 * adapters map them to their own voices.
 */
export const VOICES = [
  { key: 'auto', label: 'Auto' },
  { key: 'warm_female', label: 'Warm Female' },
  { key: 'calm_male', label: 'Calm Male' },
  { key: 'bright_female', label: 'Bright Female' },
  { key: 'deep_male', label: 'Deep Male' },
  { key: 'young_female', label: 'Young Female' },
  { key: 'young_male', label: 'Young Male' },
  { key: 'storyteller', label: 'Storyteller' },
  { key: 'news_anchor', label: 'News Anchor' },
] as const satisfies readonly Voice[];

export type VoiceKey = (typeof VOICES)[number]['key'];
export const VOICE_KEYS = VOICES.map((voice) => voice.key) as [VoiceKey, ...VoiceKey[]];

/** voiceover_voice must be a known voice key (spec 2 §5). */
export const voiceKeySchema = z.enum(VOICE_KEYS, { message: MESSAGES.generate.unknownVoice });

export function voiceLabel(key: string): string | undefined {
  return VOICES.find((voice) => voice.key === key)?.label;
}
