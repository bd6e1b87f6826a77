import { describe, expect, it } from 'vitest';
import { VOICE_KEYS } from '@storyloom/core';
import {
  LOCAL_VOICES,
  LocalTranscriber,
  LocalVoice,
  installedVoiceEngines,
  textWords,
} from '../src/index';
import { wordAccuracy } from './speech-measures';

/** Ten short voice-over sentences, spoken as one shot's phrases. */
const SENTENCES = [
  'The city wakes up slowly in the morning light.',
  'Every great journey begins with a single step.',
  'She opened the old book and started to read.',
  'The river flows past the quiet little village.',
  'Our team worked hard to finish the project on time.',
  'Children play in the park after school.',
  'He walked home through the cold and rainy night.',
  'The market is full of fresh fruit and bread.',
  'Scientists study the stars to learn about the universe.',
  'Thank you for watching and see you next time.',
];

const transcriber = new LocalTranscriber();

describe('the local voices', () => {
  it('speak with RHVoice, every key its own voice, rate and pitch', () => {
    expect(installedVoiceEngines()).toEqual(['rhvoice', 'festival', 'espeak-ng']);
    const settings = VOICE_KEYS.map((key) => JSON.stringify(LOCAL_VOICES[key].rhvoice));
    expect(new Set(settings).size).toBe(VOICE_KEYS.length);
  });

  it('are understood by open speech recognition: at least 75 % of the words for every key', async () => {
    const voice = new LocalVoice();
    const reference = textWords(SENTENCES.join(' '));
    const results: Record<string, number> = {};
    const measure = async (key: (typeof VOICE_KEYS)[number]) => {
      const spoken = await voice.speak({
        phrases: SENTENCES,
        voice: key,
        leadSeconds: 0.3,
        tailSeconds: 0.3,
        fps: 30,
      });
      expect(spoken.model).toBe(`local-voice:rhvoice-${LOCAL_VOICES[key].rhvoice.voice}`);
      const heard = (await transcriber.recognise(spoken.bytes)).map((w) => w.word);
      results[key] = wordAccuracy(reference, heard);
      expect(results[key], `${key} heard as: ${heard.join(' ')}`).toBeGreaterThanOrEqual(0.75);
    };
    // Two keys at a time: the machine has two cores.
    const queue = [...VOICE_KEYS];
    const worker = async () => {
      for (let key = queue.shift(); key; key = queue.shift()) await measure(key);
    };
    await Promise.all([worker(), worker()]);
    console.log(
      'voice intelligibility (pocketsphinx word accuracy, %):',
      Object.fromEntries(VOICE_KEYS.map((key) => [key, Math.round(results[key]! * 1000) / 10])),
    );
  }, 180_000);

  it('fall back to festival, then espeak-ng, saying which engine spoke', async () => {
    const phrases = ['Hello there.', 'This is a test.'];
    const input = {
      phrases,
      voice: 'calm_male' as const,
      leadSeconds: 0.2,
      tailSeconds: 0.2,
      fps: 30,
    };
    const festival = new LocalVoice(['festival', 'espeak-ng']);
    expect(festival.name).toBe('local-voice:festival');
    expect(festival.fallbackNotice).toContain('RHVoice is not installed');
    expect((await festival.speak(input)).model).toBe('local-voice:festival-slt-hts');
    const espeak = new LocalVoice(['espeak-ng']);
    const spoken = await espeak.speak(input);
    expect(spoken.model).toBe('local-voice:espeak-ng');
    expect(spoken.phrases).toHaveLength(2);
  }, 60_000);
});
