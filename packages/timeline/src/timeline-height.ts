import type { Track } from '@storyloom/core';
import { EDITOR_CONSTANTS } from '@storyloom/core';

const LAYOUT = EDITOR_CONSTANTS.layout;

/** A track row's height (spec 3 §9): video 80, audio 30, caption 30. */
export function trackRowHeight(track: Pick<Track, 'type'>): number {
  if (track.type === 'audio') return LAYOUT.audioTrackHeight;
  if (track.type === 'caption') return LAYOUT.captionTrackHeight;
  return LAYOUT.videoTrackHeight;
}

/** The height the timeline's content needs: top bar, ruler, rows and the gaps between them. */
export function timelineContentHeight(tracks: readonly Pick<Track, 'type'>[]): number {
  const rows = tracks.reduce((sum, track) => sum + trackRowHeight(track), 0);
  return (
    LAYOUT.topBarHeight +
    LAYOUT.rulerHeight +
    rows +
    LAYOUT.trackGap * Math.max(0, tracks.length - 1)
  );
}

/**
 * The timeline height clamp (spec 3 §5): between 180 px and 60 % of the window height, or the
 * content height when that is less — never below 180 (also with no tracks).
 */
export function clampTimelineHeight(
  height: number,
  view: { windowHeight: number; contentHeight?: number },
): number {
  const { min, maxViewportFraction, default: fallback } = LAYOUT.timelineHeight;
  const windowMax = view.windowHeight * maxViewportFraction;
  const max = Math.max(
    min,
    view.contentHeight !== undefined ? Math.min(windowMax, view.contentHeight) : windowMax,
  );
  const wanted = Number.isFinite(height) ? height : fallback;
  return Math.min(max, Math.max(min, wanted));
}
