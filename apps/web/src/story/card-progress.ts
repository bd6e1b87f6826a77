import { estimatedProgress, shownProgress } from '@storyloom/core';

interface CardProgressInput {
  status: string | null | undefined;
  /** The value shown so far; undefined on first render. */
  previous: number | undefined;
  /** Seconds since the story was created. */
  elapsedSeconds: number;
  /** The story's duration in seconds, when known. */
  durationSeconds: number | null | undefined;
}

/**
 * A processing card's progress (spec 1 §4). The time estimate (95% at 0.5 × duration + 2 s,
 * or 30 s, then a creep to 99) moves the bar between updates; the status sets a floor (30
 * for generating_timeline, 75 for user_exporting_video, 50 otherwise, 100 when completed).
 * It starts at 2 and never decreases. Without a status it is the estimate alone.
 */
export function cardProgress({
  status,
  previous,
  elapsedSeconds,
  durationSeconds,
}: CardProgressInput): number {
  const estimate = estimatedProgress(elapsedSeconds, durationSeconds);
  const soFar = Math.max(previous ?? 0, estimate);
  return Math.round(shownProgress(status, soFar));
}
