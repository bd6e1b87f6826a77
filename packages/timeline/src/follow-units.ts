import type { TimelineItem, Track } from '@storyloom/core';
import { SPEED_LIMITS } from '@storyloom/core';
import { itemEnd } from './frames';
import { hasSource, sourceWindow } from './item-duration';
import { isClippedLink, isVoiceOverTrack } from './shot-links';
import { primaryTrackIndex, resolveOverlaps, sortItems } from './track-rules';

/**
 * What an edit did to a shot's item besides moving it, for its linked items: `cut` frames taken
 * off (positive) or added (negative) at its head, and `scale`, the factor its length was
 * multiplied by (old speed ÷ new speed).
 */
export interface UnitChange {
  cut?: number;
  scale?: number;
}

interface UnitMap {
  from: number;
  to: number;
  end: number;
  cut: number;
  scale: number;
}

/**
 * Keeps linked items with their shot (see shot-links.ts): when an edit moves, trims or re-times
 * a primary item, its voice-over items and captions are placed again from where they were
 * before the edit — at the same offset in the shot (minus `cut`, times `scale`), with the speed
 * change applied to voice-overs, cut to the shot's new span — and items on other tracks that
 * share its group move by the same amount. Overlaps this creates on a non-caption track are
 * resolved by pushing later items right.
 */
export function followUnits(
  beforeTracks: readonly Track[],
  afterTracks: Track[],
  changes: ReadonlyMap<string, UnitChange> = new Map(),
): Track[] {
  const primaryBefore = beforeTracks[primaryTrackIndex(beforeTracks)];
  const primaryIndex = primaryTrackIndex(afterTracks);
  const primaryAfter = afterTracks[primaryIndex];
  if (!primaryBefore || !primaryAfter) return afterTracks;
  if (primaryBefore === primaryAfter && changes.size === 0) return afterTracks;

  const before = new Map(primaryBefore.items.map((item) => [item.id, item]));
  const byShot = new Map<string, UnitMap>();
  const byGroup = new Map<string, UnitMap>();
  for (const item of primaryAfter.items) {
    const old = before.get(item.id);
    if (!old) continue;
    const change = changes.get(item.id);
    if (
      !change &&
      old.startTimeInFrames === item.startTimeInFrames &&
      old.durationInFrames === item.durationInFrames
    )
      continue;
    const map: UnitMap = {
      from: old.startTimeInFrames,
      to: item.startTimeInFrames,
      end: itemEnd(item),
      cut: change?.cut ?? 0,
      scale: change?.scale ?? 1,
    };
    if (item.shotId && old.shotId === item.shotId && !byShot.has(item.shotId))
      byShot.set(item.shotId, map);
    if (item.groupId && old.groupId === item.groupId && !byGroup.has(item.groupId))
      byGroup.set(item.groupId, map);
  }
  if (byShot.size === 0 && byGroup.size === 0) return afterTracks;

  const previous = new Map<string, TimelineItem>();
  const voiced = new Set<string>();
  for (const track of beforeTracks) {
    if (track === primaryBefore) continue;
    const voice = isVoiceOverTrack(track);
    for (const item of track.items) {
      previous.set(item.id, item);
      if (voice && item.shotId) voiced.add(item.shotId);
    }
  }

  return afterTracks.map((track, index) => {
    if (index === primaryIndex) return track;
    const clipped = isClippedLink(track);
    let changed = false;
    const items: TimelineItem[] = [];
    for (const item of track.items) {
      // A caption follows its shot when it was made from the shot's voice-over.
      const byShotId =
        clipped && item.shotId && (track.type !== 'caption' || voiced.has(item.shotId))
          ? item.shotId
          : undefined;
      const map =
        (byShotId ? byShot.get(byShotId) : undefined) ??
        (item.groupId ? byGroup.get(item.groupId) : undefined);
      const old = map ? previous.get(item.id) : undefined;
      if (!map || !old) {
        items.push(item);
        continue;
      }
      changed = true;
      if (!clipped) {
        const start = Math.max(0, old.startTimeInFrames + map.to - map.from);
        items.push(start === item.startTimeInFrames ? item : { ...item, startTimeInFrames: start });
        continue;
      }
      const next = retimed(old, map);
      if (next) items.push(next);
    }
    if (!changed) return track;
    return {
      ...track,
      items: track.type === 'caption' ? sortItems(items) : resolveOverlaps(items),
    };
  });
}

/** A linked item placed in its shot's new span, or null when nothing of it is left there. */
function retimed(item: TimelineItem, map: UnitMap): TimelineItem | null {
  const place = (frame: number) => map.to + (frame - map.from - map.cut) * map.scale;
  const start = place(item.startTimeInFrames);
  const end = place(itemEnd(item));
  const from = Math.round(Math.max(start, map.to));
  const to = Math.round(Math.min(end, map.end));
  if (to - from < 1) return null;
  const next: TimelineItem = { ...item, startTimeInFrames: from, durationInFrames: to - from };
  if (hasSource(item.type)) {
    const speed =
      map.scale === 1
        ? item.speed
        : Math.min(SPEED_LIMITS.max, Math.max(SPEED_LIMITS.min, item.speed / map.scale));
    const window = sourceWindow(item);
    const sourceStart = Math.max(0, Math.round(window.start + Math.max(0, from - start) * speed));
    next.speed = speed;
    next.sourceTrimStartFrames = sourceStart;
    next.sourceTrimEndFrames = Math.max(
      sourceStart,
      Math.min(window.end, Math.round(sourceStart + (to - from) * speed)),
    );
  }
  if (next.effects?.length) {
    const half = Math.floor(next.durationInFrames / 2);
    next.effects = next.effects.map((effect) =>
      effect.durationInFrames <= half ? effect : { ...effect, durationInFrames: half },
    );
  }
  return next;
}
