import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { EDITOR_CONSTANTS } from '@storyloom/core';
import { itemEnd, timelineFps } from './frames';
import { captionBound, isClippedLink, shotSpans, voiceSpans, type Span } from './shot-links';
import type { ItemLocation } from './timeline-lookup';
import { primaryTrackIndex } from './track-rules';

/**
 * The last frame a caption that is not linked to a shot may reach (spec 3 §9 "extra timeline
 * room"): the end of the story's other content plus the timeline's trailing extra (20%), or the
 * initial 20 seconds when there is no other content. A caption End frame of 2000 no longer
 * stretches a 27-second story to 66 seconds.
 */
export function captionEndLimit(timeline: Pick<VideoEditorTimeline, 'tracks' | 'globalConfig'>) {
  let end = 0;
  for (const track of timeline.tracks)
    if (track.type !== 'caption')
      for (const item of track.items) end = Math.max(end, itemEnd(item));
  const content =
    end > 0 ? end : EDITOR_CONSTANTS.initialTotalDurationSeconds * timelineFps(timeline);
  return Math.ceil(content * (1 + EDITOR_CONSTANTS.layout.trailingExtra));
}

/**
 * Where an item of a voice-over or caption track may be trimmed or moved: these tracks never
 * ripple, so the range is the free space between its neighbours, cut to its unit (a voice-over
 * to its shot, a linked caption to its voice-over) and, for a caption that is not linked, to
 * `captionEndLimit`. Undefined for items of other tracks.
 */
export function freeRange(
  timeline: Pick<VideoEditorTimeline, 'tracks' | 'globalConfig'>,
  location: Pick<ItemLocation, 'track' | 'itemIndex' | 'item'>,
): Span | undefined {
  const { track, item, itemIndex } = location;
  if (!isClippedLink(track)) return undefined;
  const bound = unitBound(timeline, track.type === 'caption', item);
  const previous = track.items[itemIndex - 1];
  const next = track.items[itemIndex + 1];
  return {
    start: Math.max(bound.start, previous ? itemEnd(previous) : 0),
    end: Math.min(bound.end, next ? next.startTimeInFrames : Infinity),
  };
}

/** The span an item must stay inside because of its link (or the caption limit). */
export function unitBound(
  timeline: Pick<VideoEditorTimeline, 'tracks' | 'globalConfig'>,
  caption: boolean,
  item: TimelineItem,
): Span {
  const primary = primaryTrackIndex(timeline.tracks);
  const shots = shotSpans(timeline.tracks[primary]);
  if (caption)
    return (
      captionBound(item, shots, voiceSpans(timeline.tracks, primary)) ?? {
        start: 0,
        end: captionEndLimit(timeline),
      }
    );
  return (item.shotId ? shots.get(item.shotId) : undefined) ?? { start: 0, end: Infinity };
}
