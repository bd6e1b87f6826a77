import { ASMR_TYPES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { spectralCentroid } from '../../../test/music-measures';
import { synthesizeAmbience } from './asmr-ambience';

const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((sum, v) => sum + v * v, 0) / samples.length);

describe('ASMR ambience', () => {
  const sounds = new Map(ASMR_TYPES.map((type) => [type, synthesizeAmbience(type, 4, 'seed')]));

  it('is heard in every style, at the length asked, and the same for the same seed', () => {
    const figures: Record<string, string> = {};
    for (const [type, sound] of sounds) {
      expect(sound.samples.length).toBe(4 * sound.sampleRate);
      expect(rms(sound.samples)).toBeGreaterThan(0.02);
      figures[type] =
        `${(20 * Math.log10(rms(sound.samples))).toFixed(1)} dBFS, centroid ${Math.round(spectralCentroid(sound.samples, sound.sampleRate))} Hz`;
    }
    console.log('ASMR ambience:', figures);
    expect(synthesizeAmbience('Cutting', 4, 'seed').samples).toEqual(
      sounds.get('Cutting')!.samples,
    );
  }, 30_000);

  it('measures a tone at its own frequency', () => {
    const tone = new Float32Array(44_100).map((_, i) =>
      Math.sin((2 * Math.PI * 1000 * i) / 44_100),
    );
    expect(spectralCentroid(tone, 44_100)).toBeGreaterThan(950);
    expect(spectralCentroid(tone, 44_100)).toBeLessThan(1050);
  });

  it('sounds like its style: clicks are bright, footsteps and fabric are dark', () => {
    const centroid = (type: (typeof ASMR_TYPES)[number]) =>
      spectralCentroid(sounds.get(type)!.samples, 44_100);
    expect(centroid('Keyboard')).toBeGreaterThan(3 * centroid('Bedroom'));
    expect(centroid('Keyboard')).toBeGreaterThan(3 * centroid('Upstairs'));
    expect(centroid('Cutting')).toBeGreaterThan(2 * centroid('Upstairs'));
    expect(centroid('Smear')).toBeGreaterThan(2 * centroid('Slime'));
  }, 30_000);
});
