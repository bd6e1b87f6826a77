import { EDITOR_CONSTANTS, formatFrames } from '@storyloom/core';

/**
 * Ours (spec 3 §9 gives the table, not the switch points): the finest row of the tick table
 * whose major ticks are at least this far apart is used.
 */
export const RULER_MIN_MAJOR_SPACING_PX = 80;

/** Major and minor tick intervals in seconds for a scale of seconds per pixel. */
export function rulerTickSpacing(secondsPerPixel: number): { major: number; minor: number } {
  const rows = EDITOR_CONSTANTS.rulerTicks;
  for (let i = rows.length - 1; i >= 0; i--) {
    const [major, minor] = rows[i]!;
    if (major / secondsPerPixel >= RULER_MIN_MAJOR_SPACING_PX) return { major, minor };
  }
  const [major, minor] = rows[0];
  return { major, minor };
}

export interface RulerTick {
  seconds: number;
  major: boolean;
  /** m:ss on major ticks. */
  label?: string;
}

/** Most ticks one call returns (a guard against absurd ranges). */
const MAX_TICKS = 5000;

/** The ticks between two times (inclusive), majors labelled minutes:seconds. */
export function rulerTicks(view: {
  secondsPerPixel: number;
  fromSeconds: number;
  toSeconds: number;
  fps: number;
}): RulerTick[] {
  if (!(view.secondsPerPixel > 0) || !(view.toSeconds >= view.fromSeconds)) return [];
  const { major, minor } = rulerTickSpacing(view.secondsPerPixel);
  const ratio = Math.round(major / minor);
  const first = Math.max(0, Math.ceil(view.fromSeconds / minor - 1e-9));
  const last = Math.floor(view.toSeconds / minor + 1e-9);
  const ticks: RulerTick[] = [];
  for (let n = first; n <= last && ticks.length < MAX_TICKS; n++) {
    const seconds = Math.round(n * minor * 1e6) / 1e6;
    if (n % ratio === 0)
      ticks.push({ seconds, major: true, label: formatFrames(seconds * view.fps, view.fps) });
    else ticks.push({ seconds, major: false });
  }
  return ticks;
}
