import type { FadeDurations } from './fades';
import type { FrameWindow } from './item-timing';

/** One corner of an envelope: the gain at a time, in seconds from the item's first frame. */
export interface GainPoint {
  seconds: number;
  gain: number;
}

/**
 * How an item's sound is played, once for the browser player (a GainNode's automation and the
 * media element's playbackRate) and the exporter (ffmpeg's volume, afade and atempo filters):
 * the item's volume times its linear fades, over the item's time on the timeline.
 */
export interface AudioEnvelope {
  /** The item's volume 0..1 (what `volume=` applies). */
  volume: number;
  /** Source seconds played per timeline second (what `atempo` and playbackRate apply). */
  speed: number;
  /** The item's length on the timeline. */
  durationSeconds: number;
  /** Linear rise from silence at 0 (0 = none). */
  fadeInSeconds: number;
  /** Where the linear fall to silence at `durationSeconds` starts. */
  fadeOutStartSeconds: number;
  fadeOutSeconds: number;
  /** The gain as straight lines through these points, from 0 to `durationSeconds`. */
  points: GainPoint[];
}

/** The fields of a composed sound entry the envelope depends on. */
export interface EnvelopeSource {
  volume: number;
  speed: number;
  fades: FadeDurations;
  window: FrameWindow;
}

/** The envelope of a sound entry at `fps` (fade lengths are whole frames, as for pictures). */
export function audioEnvelope(entry: EnvelopeSource, fps: number): AudioEnvelope {
  const volume = Math.min(1, Math.max(0, entry.volume));
  const frames = entry.window.endFrame - entry.window.startFrame;
  const durationSeconds = frames / fps;
  const fadeInSeconds = entry.fades.fadeIn / fps;
  const fadeOutSeconds = entry.fades.fadeOut / fps;
  const fadeOutStartSeconds = (frames - entry.fades.fadeOut) / fps;
  const points: GainPoint[] = [];
  if (fadeInSeconds > 0)
    points.push({ seconds: 0, gain: 0 }, { seconds: fadeInSeconds, gain: volume });
  else points.push({ seconds: 0, gain: volume });
  if (fadeOutSeconds > 0)
    points.push(
      { seconds: fadeOutStartSeconds, gain: volume },
      { seconds: durationSeconds, gain: 0 },
    );
  else points.push({ seconds: durationSeconds, gain: volume });
  return {
    volume,
    speed: entry.speed,
    durationSeconds,
    fadeInSeconds,
    fadeOutStartSeconds,
    fadeOutSeconds,
    points,
  };
}

/** The envelope's gain `seconds` after the item's start; silence outside the item. */
export function envelopeGainAt(envelope: AudioEnvelope, seconds: number): number {
  if (seconds < 0 || seconds >= envelope.durationSeconds) return 0;
  const { points } = envelope;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (seconds > b.seconds) continue;
    const span = b.seconds - a.seconds;
    return span <= 0 ? b.gain : a.gain + ((b.gain - a.gain) * (seconds - a.seconds)) / span;
  }
  return points.at(-1)!.gain;
}
