/**
 * Where a recording has voice: an energy detector over 20 ms frames whose threshold follows the
 * recording's own noise floor, so speech is found in a quiet room and under steady noise alike.
 * Pure; recognition runs per segment found here.
 */

export interface VoicedSegment {
  /** First and last sample (exclusive) of the segment. */
  start: number;
  end: number;
}

export interface VoiceActivityOptions {
  /** Gaps shorter than this (seconds) stay inside a segment (pauses between words). */
  bridgeSeconds?: number;
  /** Shortest segment kept (seconds): a click or a breath is not speech. */
  minSeconds?: number;
  /** Longest segment (seconds): longer ones are cut at their quietest frame. */
  maxSeconds?: number;
  /** Sound kept before and after each segment (seconds), so no word loses its edges. */
  padSeconds?: number;
}

const FRAME_SECONDS = 0.02;

const percentile = (sorted: Float64Array, share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/** Frame levels in dB (mean square), one per 20 ms. */
function frameLevels(samples: Float32Array, sampleRate: number): Float64Array {
  const size = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const frames = Math.floor(samples.length / size);
  const levels = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * size; i < (f + 1) * size; i++) sum += samples[i]! * samples[i]!;
    levels[f] = 10 * Math.log10(sum / size + 1e-12);
  }
  return levels;
}

/**
 * The voiced segments of mono audio, in order and not overlapping: frames louder than the noise
 * floor (the 10th percentile level) by a third of the way to the speech level (the 90th
 * percentile), at least 6 dB and at most 6 dB short of the speech level, joined across short gaps, padded, and cut to at most `maxSeconds`.
 */
export function voicedSegments(
  samples: Float32Array,
  sampleRate: number,
  options: VoiceActivityOptions = {},
): VoicedSegment[] {
  const { bridgeSeconds = 0.3, minSeconds = 0.2, maxSeconds = 12, padSeconds = 0.16 } = options;
  const size = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const levels = frameLevels(samples, sampleRate);
  if (levels.length === 0) return [];
  const sorted = Float64Array.from(levels).sort();
  const floor = percentile(sorted, 0.1);
  const loud = percentile(sorted, 0.9);
  // A recording that is speech nearly throughout has no quiet 10 %: its threshold stays 6 dB
  // under the speech level.
  const threshold = Math.max(Math.min(floor + Math.max(6, (loud - floor) / 3), loud - 6), -60);
  const toFrames = (seconds: number) => Math.round(seconds / FRAME_SECONDS);

  const runs: [number, number][] = [];
  for (let f = 0; f < levels.length; f++) {
    if (levels[f]! < threshold) continue;
    const last = runs.at(-1);
    if (last && f - last[1] <= toFrames(bridgeSeconds)) last[1] = f + 1;
    else runs.push([f, f + 1]);
  }
  const kept = runs.filter(([a, b]) => b - a >= toFrames(minSeconds));

  // Cut long runs at their quietest frame (away from the edges) until each fits.
  const fitted: [number, number][] = [];
  const fit = ([a, b]: [number, number]) => {
    if (b - a <= toFrames(maxSeconds)) return void fitted.push([a, b]);
    const margin = toFrames(minSeconds * 5);
    let cut = Math.floor((a + b) / 2);
    for (let f = a + margin; f < b - margin; f++) if (levels[f]! < levels[cut]!) cut = f;
    fit([a, cut]);
    fit([cut, b]);
  };
  kept.forEach(fit);

  const pad = toFrames(padSeconds);
  return fitted.map(([a, b], i) => {
    const before = i > 0 ? fitted[i - 1]![1] : 0;
    const after = i + 1 < fitted.length ? fitted[i + 1]![0] : levels.length;
    return {
      start: Math.max(before, a - pad, 0) * size,
      end: Math.min(after, b + pad, levels.length) * size,
    };
  });
}
