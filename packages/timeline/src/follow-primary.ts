import type { MediaAsset, TimelineItem, Track } from '@storyloom/core';
import { editScenario } from './track-category';
import { allowsOverlap, primaryTrackIndex, resolveOverlaps, sortItems } from './track-rules';

/**
 * Keeps linked items in step with the primary track (spec 3 §4 "complex" scenario): an item on
 * another track that shares a group with a primary item, or — when a voice-over track exists —
 * a voice-over item of the same shot, moves by the same amount as that primary item moved in
 * this edit (from its own position before the edit). Overlaps this creates on a track are
 * resolved by pushing later items right. Items whose primary partner did not move keep what
 * the edit did to them.
 */
export function followPrimary(
  beforeTracks: readonly Track[],
  afterTracks: Track[],
  assets: ReadonlyMap<string, MediaAsset>,
): Track[] {
  const primaryBefore = beforeTracks[primaryTrackIndex(beforeTracks)];
  const primaryIndex = primaryTrackIndex(afterTracks);
  const primaryAfter = afterTracks[primaryIndex];
  if (!primaryBefore || !primaryAfter || primaryBefore === primaryAfter) return afterTracks;
  if (samePlaces(primaryBefore.items, primaryAfter.items)) return afterTracks;

  const startBefore = new Map(primaryBefore.items.map((item) => [item.id, item.startTimeInFrames]));
  const groupDelta = new Map<string, number>();
  const shotDelta = new Map<string, number>();
  for (const item of primaryAfter.items) {
    const previous = startBefore.get(item.id);
    if (previous === undefined) continue;
    const delta = item.startTimeInFrames - previous;
    if (delta === 0) continue;
    if (item.groupId && !groupDelta.has(item.groupId)) groupDelta.set(item.groupId, delta);
    if (item.shotId && !shotDelta.has(item.shotId)) shotDelta.set(item.shotId, delta);
  }
  if (groupDelta.size === 0 && shotDelta.size === 0) return afterTracks;

  const complex = editScenario({ tracks: afterTracks, mediaAssets: [] }, assets) === 'complex';
  const beforeById = new Map(beforeTracks.map((track) => [track.id, track]));

  return afterTracks.map((track, index) => {
    if (index === primaryIndex) return track;
    const isVoiceOver = complex && track.type === 'audio' && track.subtype === 'voiceover';
    const deltaOf = (item: TimelineItem) =>
      (item.groupId ? groupDelta.get(item.groupId) : undefined) ??
      (isVoiceOver && item.shotId ? shotDelta.get(item.shotId) : undefined);
    if (!track.items.some((item) => deltaOf(item) !== undefined)) return track;
    // Where linked items were before this edit (the same objects when the edit left the track alone).
    const previousTrack = beforeById.get(track.id);
    const startsBefore =
      previousTrack === track
        ? null
        : new Map((previousTrack?.items ?? []).map((item) => [item.id, item.startTimeInFrames]));
    let changed = false;
    const items = track.items.map((item) => {
      const delta = deltaOf(item);
      const previous = startsBefore ? startsBefore.get(item.id) : item.startTimeInFrames;
      if (delta === undefined || previous === undefined) return item;
      const start = Math.max(0, previous + delta);
      if (start === item.startTimeInFrames) return item;
      changed = true;
      return { ...item, startTimeInFrames: start };
    });
    if (!changed) return track;
    return { ...track, items: allowsOverlap(track) ? sortItems(items) : resolveOverlaps(items) };
  });
}

/** Whether every item that is in both lists kept its start (the common case: nothing moved). */
function samePlaces(before: readonly TimelineItem[], after: readonly TimelineItem[]): boolean {
  const count = Math.min(before.length, after.length);
  let i = 0;
  while (i < count && before[i]!.id === after[i]!.id) {
    if (before[i]!.startTimeInFrames !== after[i]!.startTimeInFrames) return false;
    i++;
  }
  // Only a tail was added or removed: nothing that stayed has moved.
  return i === count;
}
