/** The shortest shot a beat-synced cut may leave, in seconds (ours: under it a cut feels like a flicker). */
export const MIN_SHOT_SECONDS = 0.9;

export interface ShotCutArgs {
  /** The song's length in seconds: the video lasts exactly as long. */
  durationSeconds: number;
  /** How many shots (≥ 1). */
  shots: number;
  /** Beat times in seconds, from the song's analysis. */
  beats: readonly number[];
  fps: number;
  /** Cut on beats (the form's beat sync); else cut at even intervals. */
  beatSync: boolean;
}

/**
 * Where a music video's shots start and end, in frames: `shots + 1` increasing frame numbers
 * from 0 to the song's length. Evenly spaced cuts, each moved to the beat nearest to it when
 * beat sync is on — a cut lands on the frame nearest to its beat, so within half a frame of
 * it. A cut keeps at least `MIN_SHOT_SECONDS` from its neighbours; when no beat fits (a song
 * without a pulse, or more shots than beats) the cut stays where even spacing puts it.
 */
export function shotCutFrames(args: ShotCutArgs): number[] {
  const total = Math.max(1, Math.round(args.durationSeconds * args.fps));
  const shots = Math.max(1, Math.min(Math.floor(args.shots), total));
  const gap = Math.min(Math.round(MIN_SHOT_SECONDS * args.fps), Math.floor(total / shots));
  const beatFrames = args.beatSync
    ? [...new Set(args.beats.map((beat) => Math.round(beat * args.fps)))].sort((a, b) => a - b)
    : [];
  const cuts = [0];
  for (let k = 1; k < shots; k++) {
    const previous = cuts[k - 1]!;
    // Room for this shot before the cut and for the shots still to come after it.
    const earliest = previous + Math.max(1, gap);
    const latest = total - (shots - k) * Math.max(1, gap);
    const even = Math.round((k * total) / shots);
    let best: number | null = null;
    for (const frame of beatFrames) {
      if (frame < earliest || frame > latest) continue;
      if (best === null || Math.abs(frame - even) < Math.abs(best - even)) best = frame;
    }
    cuts.push(best ?? Math.min(Math.max(even, earliest), latest));
  }
  cuts.push(total);
  return cuts;
}
