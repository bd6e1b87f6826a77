import type { TimelineItem, Track } from '@storyloom/core';
import { primaryTrackIndex } from './track-rules';

/**
 * What a primary-track edit implies for the storyboard (spec 3 §4: "changes to it are
 * synchronised to shots (add, remove, reorder, update)"). `reorder.order` is the new order of
 * the shots on the primary track; it is reported when shots were added or moved.
 */
export type ShotChange =
  | { type: 'add'; shotId: string; itemId: string }
  | { type: 'remove'; shotId: string }
  | { type: 'update'; shotId: string; itemId: string }
  | { type: 'reorder'; order: string[] };

/** Shot ids of the primary track in order, each with the first item that carries it. */
export function primaryShots(tracks: readonly Track[]): Map<string, TimelineItem> {
  const shots = new Map<string, TimelineItem>();
  const primary = tracks[primaryTrackIndex(tracks)];
  for (const item of primary?.items ?? [])
    if (item.shotId && !shots.has(item.shotId)) shots.set(item.shotId, item);
  return shots;
}

export function diffPrimaryShots(
  beforeTracks: readonly Track[],
  afterTracks: readonly Track[],
): ShotChange[] {
  const primaryBefore = beforeTracks[primaryTrackIndex(beforeTracks)];
  const primaryAfter = afterTracks[primaryTrackIndex(afterTracks)];
  if (primaryBefore === primaryAfter || sameShots(primaryBefore?.items, primaryAfter?.items))
    return [];
  const before = primaryShots(beforeTracks);
  const after = primaryShots(afterTracks);
  const changes: ShotChange[] = [];
  for (const shotId of before.keys())
    if (!after.has(shotId)) changes.push({ type: 'remove', shotId });
  let added = false;
  for (const [shotId, item] of after) {
    const previous = before.get(shotId);
    if (!previous) {
      added = true;
      changes.push({ type: 'add', shotId, itemId: item.id });
    } else if (previous.mediaAssetId !== item.mediaAssetId || previous.type !== item.type) {
      changes.push({ type: 'update', shotId, itemId: item.id });
    }
  }
  const commonBefore = [...before.keys()].filter((shotId) => after.has(shotId));
  const commonAfter = [...after.keys()].filter((shotId) => before.has(shotId));
  const moved = commonBefore.some((shotId, index) => commonAfter[index] !== shotId);
  if (added || moved) changes.push({ type: 'reorder', order: [...after.keys()] });
  return changes;
}

/** Whether two primary item lists show the same shots with the same media in the same order. */
function sameShots(
  before: readonly TimelineItem[] | undefined,
  after: readonly TimelineItem[] | undefined,
): boolean {
  if (!before || !after || before.length !== after.length) return false;
  for (let i = 0; i < before.length; i++) {
    const a = before[i]!;
    const b = after[i]!;
    if (a.shotId !== b.shotId || a.mediaAssetId !== b.mediaAssetId || a.type !== b.type)
      return false;
  }
  return true;
}
