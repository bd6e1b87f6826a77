import type { TimelineItem, Track } from '@storyloom/core';
import { placesFreely, sortItems } from './track-rules';

/**
 * Applies changed items to a track. On a caption track they simply replace the old ones. On
 * any other track each changed item keeps its start and everything after it moves by the
 * change of its duration (spec 3 §4: a resize or speed change shifts later items).
 */
export function rippleEdits(track: Track, edits: ReadonlyMap<string, TimelineItem>): Track {
  if (edits.size === 0) return track;
  if (placesFreely(track)) {
    return {
      ...track,
      items: sortItems(track.items.map((item) => edits.get(item.id) ?? item)),
    };
  }
  let shift = 0;
  const items = track.items.map((item) => {
    const edited = edits.get(item.id);
    const start = item.startTimeInFrames + shift;
    if (edited) {
      shift += edited.durationInFrames - item.durationInFrames;
      return { ...edited, startTimeInFrames: start };
    }
    return shift === 0 ? item : { ...item, startTimeInFrames: start };
  });
  return { ...track, items };
}

/** Changed items by track index, from item ids. */
export function editsByTrack(
  tracks: readonly Track[],
  edited: readonly TimelineItem[],
): Map<number, Map<string, TimelineItem>> {
  const byId = new Map(edited.map((item) => [item.id, item]));
  const result = new Map<number, Map<string, TimelineItem>>();
  tracks.forEach((track, index) => {
    for (const item of track.items) {
      const edit = byId.get(item.id);
      if (!edit) continue;
      const edits = result.get(index) ?? new Map<string, TimelineItem>();
      edits.set(item.id, edit);
      result.set(index, edits);
    }
  });
  return result;
}

/** Tracks with the edits applied (rippling where the track rules say so). */
export function applyEdits(tracks: readonly Track[], edited: readonly TimelineItem[]): Track[] {
  const byTrack = editsByTrack(tracks, edited);
  return tracks.map((track, index) => {
    const edits = byTrack.get(index);
    return edits ? rippleEdits(track, edits) : track;
  });
}
