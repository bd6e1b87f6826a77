import type { TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import { EDITOR_CONSTANTS, MESSAGES } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { itemDropMode } from './drop-mode';
import { FRAME_EPSILON, itemEnd } from './frames';
import { clampIntoGap, findGaps, nearestGap } from './gaps';
import { ignored, refuse } from './refusal';
import { resolveSelection, type Selection } from './selection';
import { findItem, findTrack } from './timeline-lookup';
import { assetIndex } from './timeline-lookup';
import { TRACK_NAMES, trackCategory } from './track-category';
import { unitBound } from './free-range';
import { isClippedLink, isVoiceOverTrack, owningSpan, spanOf } from './shot-links';
import { primaryTrackIndex, resolveOverlaps } from './track-rules';

/**
 * Where moved items go (spec 3 §4): next to an item (left half before, right half after), to a
 * frame on a track, or onto a new track (an empty track or an insertion strip) at `index`.
 */
export type MoveTarget =
  | { kind: 'item'; itemId: string; pointerFraction: number }
  | { kind: 'frame'; trackId?: string; frame: number }
  | { kind: 'new-track'; index: number };

export interface MoveItemsArgs {
  selection: Selection;
  target: MoveTarget;
  /** Ids for a new track, and new shots for items that arrive on the primary track. */
  newId: IdSource;
}

/**
 * Moves an item, a group or a contiguous multi-selection. Only between tracks of the same type.
 * On the primary track items are reordered (and packed); a frame-position move there must land
 * on an item boundary (or 0), is ignored within 10 frames of the moved range and refused below
 * 0. On other tracks the moved block keeps its inner spacing and must fit in free space.
 * Linked items (same group; voice-over of the same shot) follow the primary track.
 */
export function moveItems(timeline: VideoEditorTimeline, args: MoveItemsArgs): CommandResult {
  const resolved = resolveSelection(timeline, args.selection);
  if (!resolved.ok) return resolved;
  const { block, blockIds, others, contiguous } = resolved.value;
  const sourceIndex = resolved.value.trackIndex;
  const { tracks } = timeline;
  const source = tracks[sourceIndex]!;
  const primary = primaryTrackIndex(tracks);
  if (!contiguous && (args.selection.kind === 'items' || sourceIndex !== primary))
    return refuse('not_contiguous', MESSAGES.editor.selectionNotContiguous);

  // Drops snap to whole frames.
  const target: MoveTarget =
    args.target.kind === 'frame'
      ? { ...args.target, frame: Math.round(args.target.frame) }
      : args.target;
  let targetIndex: number;
  if (target.kind === 'new-track') targetIndex = -1;
  else if (target.kind === 'item') {
    const found = findItem(timeline, target.itemId);
    if (!found.ok) return found;
    if (blockIds.has(target.itemId)) return ignored('dropped onto itself');
    targetIndex = found.value.trackIndex;
  } else {
    if (!(target.frame >= 0)) return refuse('invalid_position', MESSAGES.editor.invalidPosition);
    const found = findTrack(timeline, target.trackId ?? source.id);
    if (!found.ok) return found;
    targetIndex = found.value.trackIndex;
  }
  if (targetIndex >= 0 && tracks[targetIndex]!.type !== source.type)
    return refuse('not_allowed', MESSAGES.editor.notAllowed);

  const remaining = source.items.filter((item) => !blockIds.has(item.id));
  const blockStart = block[0]!.startTimeInFrames;
  const blockEnd = Math.max(...block.map(itemEnd));
  const select = { selection: [...blockIds] };

  if (target.kind === 'new-track') {
    const type = source.type;
    const track: Track = {
      id: args.newId(),
      type,
      name: TRACK_NAMES[trackCategory({ type, items: block }, assetIndex(timeline.mediaAssets))],
      items: block,
      isPrimary: false,
    };
    const index = Math.max(0, Math.min(tracks.length, Math.trunc(target.index) || 0));
    const next = tracks.map((t, i) => (i === sourceIndex ? { ...t, items: remaining } : t));
    next.splice(index, 0, track);
    return commitTracks(timeline, next, COMMAND_DESCRIPTIONS.move, select);
  }

  const targetTrack = tracks[targetIndex]!;
  const targetItems = targetIndex === sourceIndex ? remaining : targetTrack.items;

  if (targetIndex === primary) {
    let index: number;
    if (target.kind === 'item') {
      const at = targetItems.findIndex((item) => item.id === target.itemId);
      index = itemDropMode(target.pointerFraction) === 'before' ? at : at + 1;
    } else {
      const tolerance = EDITOR_CONSTANTS.frameTolerance;
      if (
        sourceIndex === primary &&
        target.frame >= blockStart - tolerance &&
        target.frame <= blockEnd + tolerance
      )
        return ignored('within the frame tolerance of the current range');
      const onBoundary =
        Math.abs(target.frame) <= FRAME_EPSILON ||
        targetTrack.items.some((item) => Math.abs(itemEnd(item) - target.frame) <= FRAME_EPSILON);
      if (!onBoundary) return refuse('not_allowed', MESSAGES.editor.notOnItemBoundary);
      index = targetItems.filter((item) => itemEnd(item) <= target.frame + FRAME_EPSILON).length;
    }
    const arriving = sourceIndex === primary ? block : withShots(block, targetItems, args.newId);
    const items = [...targetItems.slice(0, index), ...arriving, ...targetItems.slice(index)];
    const next = tracks.map((t, i) =>
      i === targetIndex ? { ...t, items } : i === sourceIndex ? { ...t, items: remaining } : t,
    );
    return commitTracks(timeline, next, COMMAND_DESCRIPTIONS.move, select);
  }

  if (!contiguous) return refuse('not_contiguous', MESSAGES.editor.selectionNotContiguous);
  const span = blockEnd - blockStart;
  let start: number;
  if (target.kind === 'item') {
    const at = targetItems.findIndex((item) => item.id === target.itemId);
    const anchor = targetItems[at]!;
    if (itemDropMode(target.pointerFraction) === 'before') {
      const previous = targetItems[at - 1];
      const floor = !previous ? 0 : itemEnd(previous);
      start = anchor.startTimeInFrames - span;
      if (start < floor - FRAME_EPSILON) return noSpace(span, anchor.startTimeInFrames - floor);
      start = Math.max(floor, start);
    } else {
      const following = targetItems[at + 1];
      start = itemEnd(anchor);
      const ceiling = !following ? Infinity : following.startTimeInFrames;
      if (start + span > ceiling + FRAME_EPSILON) return noSpace(span, ceiling - start);
    }
  } else {
    const gap = nearestGap(findGaps(targetItems), target.frame);
    const clamped = clampIntoGap(gap, target.frame, span);
    if (clamped === null) return noSpace(span, gap.durationInFrames);
    start = clamped;
  }
  let delta = start - blockStart;
  // A voice-over stays inside its shot and a linked caption inside its voice-over.
  if (isClippedLink(source)) {
    let lowest = -Infinity;
    let highest = Infinity;
    for (const item of block) {
      const bound = unitBound(timeline, source.type === 'caption', item);
      lowest = Math.max(lowest, bound.start - item.startTimeInFrames);
      highest = Math.min(highest, bound.end - itemEnd(item));
    }
    if (lowest > highest) return noSpace(span, 0);
    const clamped = Math.min(highest, Math.max(lowest, delta));
    if (clamped !== delta) {
      delta = clamped;
      const from = blockStart + delta;
      if (targetItems.some((item) => item.startTimeInFrames < from + span && itemEnd(item) > from))
        return noSpace(span, 0);
    }
  }
  if (targetIndex === sourceIndex && delta === 0) return ignored('no change');
  const moved = block.map((item) => ({
    ...item,
    startTimeInFrames: item.startTimeInFrames + delta,
  }));
  const shifted = new Map<number, Map<string, number>>();
  const shift = (trackIndex: number, item: TimelineItem) => {
    const starts = shifted.get(trackIndex) ?? new Map<string, number>();
    starts.set(item.id, Math.max(0, item.startTimeInFrames + delta));
    shifted.set(trackIndex, starts);
  };
  for (const { trackIndex, item } of others) shift(trackIndex, item);
  // A moved voice-over takes the captions made from it along.
  if (isVoiceOverTrack(source)) {
    const moved = new Set(block.map((item) => item.id));
    const spoken = new Map<string, { id: string; start: number; end: number }[]>();
    for (const item of source.items)
      if (item.shotId)
        spoken.set(item.shotId, [
          ...(spoken.get(item.shotId) ?? []),
          { ...spanOf(item), id: item.id },
        ]);
    tracks.forEach((track, trackIndex) => {
      if (track.type !== 'caption') return;
      for (const item of track.items) {
        const owner = item.shotId
          ? owningSpan(spanOf(item), spoken.get(item.shotId) ?? [])
          : undefined;
        if (owner && moved.has(owner.id) && !blockIds.has(item.id)) shift(trackIndex, item);
      }
    });
  }
  const next = tracks.map((t, i) => {
    let items = t.items;
    if (i === sourceIndex) items = remaining;
    if (i === targetIndex) items = [...targetItems, ...moved];
    const starts = shifted.get(i);
    if (starts) {
      items = items.map((item) => {
        const moveTo = starts.get(item.id);
        return moveTo === undefined ? item : { ...item, startTimeInFrames: moveTo };
      });
      if (t.type !== 'caption') items = resolveOverlaps(items);
    }
    return items === t.items ? t : { ...t, items };
  });
  return commitTracks(timeline, next, COMMAND_DESCRIPTIONS.move, select);
}

function noSpace(required: number, available: number) {
  return refuse('insufficient_space', MESSAGES.editor.notEnoughSpace, {
    required,
    available: Math.max(0, available),
  });
}

/** Items arriving on the primary track keep their shot unless it is already there. */
function withShots(
  items: readonly TimelineItem[],
  primaryItems: readonly TimelineItem[],
  newId: IdSource,
): TimelineItem[] {
  const used = new Set(primaryItems.map((item) => item.shotId).filter(Boolean));
  return items.map((item) => {
    if (item.shotId && !used.has(item.shotId)) {
      used.add(item.shotId);
      return item;
    }
    const shotId = newId();
    used.add(shotId);
    return { ...item, shotId };
  });
}
