import { describe, expect, it } from 'vitest';
import { MUSIC_FOLDERS } from '@storyloom/core';
import { LOCAL_MUSIC_LIBRARY, LocalMusic } from './local-music';
import { LocalTranscriber, speechRegions } from './local-transcriber';
import { LocalVoice } from './local-voice';
import { decodeWav, encodeWav, soundWindow } from './wav';

describe('the local voice', () => {
  it('speaks phrases with known timing, lasting whole frames', async () => {
    const result = await new LocalVoice().speak({
      phrases: ['Hello there.', 'This is a test.'],
      voice: 'warm_female',
      leadSeconds: 0.5,
      tailSeconds: 0.5,
      fps: 30,
    });
    const audio = decodeWav(result.bytes);
    expect(
      Math.round(audio.samples.length / (audio.sampleRate / 30)) * (audio.sampleRate / 30),
    ).toBe(audio.samples.length);
    expect(result.phrases[0]!.start).toBeCloseTo(0.5, 2);
    expect(result.phrases[1]!.start).toBeGreaterThan(result.phrases[0]!.end);
    const [from, to] = soundWindow(audio.samples)!;
    expect(from / audio.sampleRate).toBeCloseTo(0.5, 2);
    expect(to / audio.sampleRate).toBeCloseTo(result.phrases[1]!.end, 2);
    // The aligner finds the same speech span.
    const aligned = await new LocalTranscriber().transcribe({
      audio: result.bytes,
      knownText: 'Hello there. This is a test.',
    });
    expect(aligned[0]!.start).toBeCloseTo(0.5, 1);
    expect(speechRegions(result.bytes).length).toBeGreaterThan(1);
  });
});

describe('the local music library', () => {
  it('holds 100 tracks across the spec folders', () => {
    expect(LOCAL_MUSIC_LIBRARY).toHaveLength(100);
    expect(new Set(LOCAL_MUSIC_LIBRARY.map((t) => t.folder))).toEqual(new Set(MUSIC_FOLDERS));
    expect(new Set(LOCAL_MUSIC_LIBRARY.map((t) => t.id)).size).toBe(100);
  });

  it('composes a deterministic, audible track of the asked length', async () => {
    const music = new LocalMusic();
    const a = await music.compose({ seed: 'story-1', durationSeconds: 4 });
    expect(
      a.bytes.equals((await music.compose({ seed: 'story-1', durationSeconds: 4 })).bytes),
    ).toBe(true);
    const audio = decodeWav(a.bytes);
    expect(audio.samples.length / audio.sampleRate).toBeCloseTo(4, 2);
    const rms = Math.sqrt(audio.samples.reduce((s, v) => s + v * v, 0) / audio.samples.length);
    expect(rms).toBeGreaterThan(0.05);
    expect(decodeWav(encodeWav(audio)).samples.length).toBe(audio.samples.length);
  });
});
