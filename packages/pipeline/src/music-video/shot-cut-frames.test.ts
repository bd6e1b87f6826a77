import { describe, expect, it } from 'vitest';
import { shotCutFrames } from './shot-cut-frames';

const beatsEvery = (interval: number, until: number, offset = 0) =>
  Array.from(
    { length: Math.floor((until - offset) / interval) + 1 },
    (_, i) => offset + i * interval,
  );

describe('shotCutFrames', () => {
  it('cuts on the beat nearest each even cut, within half a frame of it', () => {
    // 120 BPM heard 0.13 s late: beats at 0.13, 0.63, 1.13...
    const beats = beatsEvery(0.5, 30, 0.13);
    const cuts = shotCutFrames({ durationSeconds: 30, shots: 6, beats, fps: 30, beatSync: true });
    expect(cuts).toHaveLength(7);
    expect(cuts[0]).toBe(0);
    expect(cuts[6]).toBe(900);
    for (const cut of cuts.slice(1, -1)) {
      const nearest = Math.min(...beats.map((beat) => Math.abs(beat * 30 - cut)));
      expect(nearest).toBeLessThanOrEqual(0.5);
      // And near where even spacing would cut (one beat is half a second).
    }
    cuts.slice(1, -1).forEach((cut, i) => expect(Math.abs(cut - (i + 1) * 150)).toBeLessThan(15));
  });

  it('cuts evenly when beat sync is off', () => {
    const cuts = shotCutFrames({
      durationSeconds: 10,
      shots: 4,
      beats: [0.3, 1.3, 2.3],
      fps: 30,
      beatSync: false,
    });
    expect(cuts).toEqual([0, 75, 150, 225, 300]);
  });

  it('never reuses a beat or leaves a shot shorter than its minimum', () => {
    // Beats only in the first two seconds: later cuts cannot use them.
    const cuts = shotCutFrames({
      durationSeconds: 20,
      shots: 4,
      beats: [0.5, 1, 1.5, 2],
      fps: 30,
      beatSync: true,
    });
    expect(cuts).toEqual([0, 60, 300, 450, 600]);
    const lengths = cuts.slice(1).map((cut, i) => cut - cuts[i]!);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(27);
  });

  it('gives one shot the whole song', () => {
    expect(
      shotCutFrames({ durationSeconds: 12.34, shots: 1, beats: [1, 2], fps: 30, beatSync: true }),
    ).toEqual([0, 370]);
  });
});
