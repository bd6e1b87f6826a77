import { describe, expect, it } from 'vitest';
import { playbackPosition, startPlaybackClock } from './playback-clock';

const FPS = 30;

describe('the playback clock', () => {
  it('counts frames on performance.now() while no sound comes out', () => {
    const clock = startPlaybackClock(10, null, 1_000);
    expect(playbackPosition(clock, FPS, null, 1_000)).toBe(10);
    expect(playbackPosition(clock, FPS, null, 2_000)).toBeCloseTo(40);
    expect(clock.audio).toBe(false);
  });

  it("follows the sound output's clock, not performance.now(), once sound comes out", () => {
    const clock = startPlaybackClock(0, 5, 1_000);
    // The sound advanced 1 s while performance.now() advanced 1.1 s: the picture keeps to the sound.
    expect(playbackPosition(clock, FPS, 6, 2_100)).toBeCloseTo(30);
    expect(playbackPosition(clock, FPS, 7, 3_300)).toBeCloseTo(60);
  });

  it('carries on from where it was when sound starts coming out, then follows the sound', () => {
    const clock = startPlaybackClock(0, null, 0);
    expect(playbackPosition(clock, FPS, null, 500)).toBeCloseTo(15);
    // The output starts at context time 0.2 s, 100 ms later: no jump back to the sound's start.
    expect(playbackPosition(clock, FPS, 0.2, 600)).toBeCloseTo(18);
    expect(clock.audio).toBe(true);
    expect(playbackPosition(clock, FPS, 1.2, 1_650)).toBeCloseTo(48);
  });

  it('falls back to performance.now() from the same position when the sound stalls', () => {
    const clock = startPlaybackClock(100, 2, 0);
    expect(playbackPosition(clock, FPS, 3, 1_000)).toBeCloseTo(130);
    expect(playbackPosition(clock, FPS, null, 1_500)).toBeCloseTo(145);
    expect(clock.audio).toBe(false);
    expect(playbackPosition(clock, FPS, null, 2_500)).toBeCloseTo(175);
  });
});
