/**
 * The player's playback clock: where the playhead is, in (fractional) frames, counted from a
 * starting point on the sound output's clock while sound comes out, else on performance.now().
 * Following the sound's clock keeps picture and sound from drifting apart; when sound starts or
 * stops coming out, the clock carries on from the position it had reached.
 */
export interface PlaybackClock {
  startFrame: number;
  /** Seconds on the clock named by `audio`. */
  startTime: number;
  /** Whether the clock is the sound output's. */
  audio: boolean;
  /** The last position read, and when (performance.now() ms), to carry on across a switch. */
  position: number;
  readAt: number;
}

/**
 * A clock that starts at `frame`. `audioTime`: seconds on the sound output's clock, or null while
 * no sound comes out; `now`: performance.now().
 */
export function startPlaybackClock(
  frame: number,
  audioTime: number | null,
  now: number,
): PlaybackClock {
  return {
    startFrame: frame,
    startTime: audioTime ?? now / 1000,
    audio: audioTime !== null,
    position: frame,
    readAt: now,
  };
}

/** The clock's position now, in frames (updates `clock` when it switches clocks). */
export function playbackPosition(
  clock: PlaybackClock,
  fps: number,
  audioTime: number | null,
  now: number,
): number {
  const audio = audioTime !== null;
  let position: number;
  if (audio === clock.audio)
    position = clock.startFrame + ((audioTime ?? now / 1000) - clock.startTime) * fps;
  else {
    position = clock.position + ((now - clock.readAt) / 1000) * fps;
    clock.startFrame = position;
    clock.startTime = audioTime ?? now / 1000;
    clock.audio = audio;
  }
  clock.position = position;
  clock.readAt = now;
  return position;
}
