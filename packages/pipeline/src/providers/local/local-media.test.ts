import { describe, expect, it } from 'vitest';
import { assembleVoice, LocalVoice } from './local-voice';
import { decodeWav, soundWindow } from './wav';

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
    // The file's sound is the speech plus at most 30 ms of faded edge on either side.
    const [from, to] = soundWindow(audio.samples)!;
    const before = result.phrases[0]!.start - from / audio.sampleRate;
    const after = to / audio.sampleRate - result.phrases[1]!.end;
    for (const edge of [before, after]) {
      expect(edge).toBeGreaterThanOrEqual(0);
      expect(edge).toBeLessThanOrEqual(0.031);
    }
  });

  it('times a phrase to its speech, not to a soft breath after it', () => {
    const rate = 1000;
    // 0.2 s of silence, 0.5 s of speech at 0.5, a 0.3 s breath at 0.01 (2 % of the peak).
    const samples = new Float32Array(1000);
    for (let i = 200; i < 700; i++) samples[i] = i % 2 ? 0.5 : -0.5;
    for (let i = 700; i < 1000; i++) samples[i] = 0.01;
    const voice = assembleVoice([{ text: 'Hi.', audio: { sampleRate: rate, samples } }], {
      leadSeconds: 0.1,
      tailSeconds: 0.1,
      fps: 10,
    });
    expect(voice.phrases).toEqual([{ text: 'Hi.', start: 0.1, end: 0.6 }]);
    // 0.1 lead, 0.5 speech, a 0.03 faded edge, 0.1 tail: 0.73 s, rounded up to whole frames.
    // The breath beyond the edge is gone.
    expect(voice.durationSeconds).toBeCloseTo(0.8, 6);
    const out = decodeWav(voice.bytes).samples;
    expect(Math.max(...out.subarray(Math.round(0.64 * rate)).map(Math.abs))).toBeLessThan(0.001);
  });
});
