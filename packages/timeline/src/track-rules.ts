import type { MediaAsset, TimelineItem, Track } from '@storyloom/core';
import { FRAME_EPSILON, itemEnd } from './frames';
import { settleLinks } from './shot-links';
import { deriveTrackSubtype } from './track-category';

/**
 * The primary track (spec 3 §4): the first video track marked primary, else the first video
 * track; -1 when there is no video track.
 */
export function primaryTrackIndex(tracks: readonly Track[]): number {
  const marked = tracks.findIndex((track) => track.isPrimary === true && track.type === 'video');
  return marked >= 0 ? marked : tracks.findIndex((track) => track.type === 'video');
}

/** Items back to back from frame 0 in array order (the primary track's layout). */
export function packItems(items: readonly TimelineItem[]): TimelineItem[] {
  let cursor = 0;
  let first = 0;
  for (; first < items.length; first++) {
    const item = items[first]!;
    if (item.startTimeInFrames !== cursor) break;
    cursor += item.durationInFrames;
  }
  if (first === items.length) return items as TimelineItem[];
  const packed = items.slice(0, first);
  for (let i = first; i < items.length; i++) {
    const item = items[i]!;
    packed.push(item.startTimeInFrames === cursor ? item : { ...item, startTimeInFrames: cursor });
    cursor += item.durationInFrames;
  }
  return packed;
}

/** Items ordered by start (stable); the same array when already ordered. */
export function sortItems(items: readonly TimelineItem[]): TimelineItem[] {
  for (let i = 1; i < items.length; i++) {
    if (items[i]!.startTimeInFrames < items[i - 1]!.startTimeInFrames) {
      return [...items].sort((a, b) => a.startTimeInFrames - b.startTimeInFrames);
    }
  }
  return items as TimelineItem[];
}

/** Ordered items with every overlap removed by pushing the later item right. */
export function resolveOverlaps(items: readonly TimelineItem[]): TimelineItem[] {
  const sorted = sortItems(items);
  let changed = sorted !== items;
  let previousEnd = 0;
  const result = sorted.map((item) => {
    let next = item;
    if (item.startTimeInFrames < previousEnd - FRAME_EPSILON) {
      changed = true;
      next = { ...item, startTimeInFrames: previousEnd };
    }
    previousEnd = Math.max(previousEnd, itemEnd(next));
    return next;
  });
  return changed ? result : (items as TimelineItem[]);
}

/**
 * Whether a track places items freely without rippling its neighbours (captions: a caption's
 * edit never moves the next one). No track lets items overlap.
 */
export function placesFreely(track: Pick<Track, 'type'>): boolean {
  return track.type === 'caption';
}

/** Fades are at most half the item, in whole frames (spec 3 §5). */
export { clampEffects } from './shot-links';

/**
 * The track rules of spec 3 §4, applied after every edit: subtypes derived; exactly one
 * primary track (when a video track exists), its items packed from frame 0 in their order;
 * other tracks ordered by start; shot units kept whole (voice-overs inside their shot, linked
 * captions inside their voice-over, captions never overlapping: `settleLinks`); empty
 * non-primary tracks removed. Unchanged tracks keep their identity (history snapshots share
 * them). `settle: false` leaves units alone (a command settles them after `followUnits`).
 */
export function applyTrackRules(
  tracks: readonly Track[],
  assets: ReadonlyMap<string, MediaAsset>,
  options: { settle?: boolean } = {},
): Track[] {
  const primary = primaryTrackIndex(tracks);
  const result: Track[] = [];
  tracks.forEach((track, index) => {
    const isPrimary = index === primary;
    if (!isPrimary && track.items.length === 0) return;
    const items = isPrimary ? packItems(track.items) : sortItems(track.items);
    const subtype = deriveTrackSubtype({ type: track.type, items }, assets);
    const primaryFlagOk = isPrimary ? track.isPrimary === true : track.isPrimary !== true;
    if (items === track.items && subtype === track.subtype && primaryFlagOk) {
      result.push(track);
      return;
    }
    const next: Track = { ...track, items };
    if (subtype === undefined) delete next.subtype;
    else next.subtype = subtype;
    if (isPrimary) next.isPrimary = true;
    else if (track.isPrimary === true) next.isPrimary = false;
    result.push(next);
  });
  if (options.settle === false) return result;
  const settled = settleLinks(result, primaryTrackIndex(result));
  if (settled.every((track, index) => track === result[index])) return result;
  const primaryIndex = primaryTrackIndex(settled);
  return settled.filter((track, index) => index === primaryIndex || track.items.length > 0);
}
