import { describe, expect, it } from 'vitest';
import { audioEnvelope, envelopeGainAt } from './audio-envelope';
import { fadeMultiplierAt } from './fades';

const fps = 30;
const window = { startFrame: 100, endFrame: 160 };

describe('audioEnvelope', () => {
  it('is the volume times the linear fades, in seconds of the item', () => {
    const envelope = audioEnvelope(
      { volume: 0.5, speed: 1.5, fades: { fadeIn: 15, fadeOut: 30 }, window },
      fps,
    );
    expect(envelope).toEqual({
      volume: 0.5,
      speed: 1.5,
      durationSeconds: 2,
      fadeInSeconds: 0.5,
      fadeOutStartSeconds: 1,
      fadeOutSeconds: 1,
      points: [
        { seconds: 0, gain: 0 },
        { seconds: 0.5, gain: 0.5 },
        { seconds: 1, gain: 0.5 },
        { seconds: 2, gain: 0 },
      ],
    });
    expect(envelopeGainAt(envelope, 0.25)).toBeCloseTo(0.25);
    expect(envelopeGainAt(envelope, 0.75)).toBe(0.5);
    expect(envelopeGainAt(envelope, 1.5)).toBeCloseTo(0.25);
    expect(envelopeGainAt(envelope, 2)).toBe(0);
    expect(envelopeGainAt(envelope, -0.01)).toBe(0);
  });

  it('holds the volume flat without fades and clamps it to 0..1', () => {
    const flat = audioEnvelope(
      { volume: 3, speed: 1, fades: { fadeIn: 0, fadeOut: 0 }, window },
      fps,
    );
    expect(flat.points).toEqual([
      { seconds: 0, gain: 1 },
      { seconds: 2, gain: 1 },
    ]);
    expect(envelopeGainAt(flat, 0)).toBe(1);
    expect(envelopeGainAt(flat, 1.99)).toBe(1);
  });

  it('agrees with the picture fades at every frame', () => {
    for (const fades of [
      { fadeIn: 10, fadeOut: 20 },
      { fadeIn: 30, fadeOut: 30 },
      { fadeIn: 0, fadeOut: 7 },
    ]) {
      const envelope = audioEnvelope({ volume: 0.8, speed: 1, fades, window }, fps);
      for (let frame = 95; frame < 165; frame++)
        expect(envelopeGainAt(envelope, (frame - window.startFrame) / fps)).toBeCloseTo(
          0.8 * fadeMultiplierAt(fades, window, frame),
          9,
        );
    }
  });
});
