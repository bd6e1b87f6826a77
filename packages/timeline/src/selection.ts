import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { itemEnd } from './frames';
import { refuse, type Refused } from './refusal';
import { findItem } from './timeline-lookup';
import { primaryTrackIndex } from './track-rules';

/** What a command acts on: one item, a group, or a multi-selection (spec 3 §4). */
export type Selection =
  | { kind: 'item'; itemId: string }
  | { kind: 'group'; groupId: string }
  | { kind: 'items'; itemIds: readonly string[] };

/** Spec 3 §3 group info; a group is valid only with more than one item. */
export interface GroupInfo {
  groupId: string;
  items: TimelineItem[];
  trackIds: string[];
  startFrame: number;
  endFrame: number;
}

export function groupInfo(
  timeline: Pick<VideoEditorTimeline, 'tracks'>,
  groupId: string,
): GroupInfo | null {
  const items: TimelineItem[] = [];
  const trackIds: string[] = [];
  for (const track of timeline.tracks) {
    const members = track.items.filter((item) => item.groupId === groupId);
    if (members.length === 0) continue;
    items.push(...members);
    trackIds.push(track.id);
  }
  if (items.length <= 1) return null;
  return {
    groupId,
    items,
    trackIds,
    startFrame: Math.min(...items.map((item) => item.startTimeInFrames)),
    endFrame: Math.max(...items.map(itemEnd)),
  };
}

/**
 * The items a selection names, grouped by track: `block` are the driving track's items in
 * track order (the primary track's when a group touches it), `others` the rest of a group.
 */
export interface ResolvedSelection {
  trackIndex: number;
  block: TimelineItem[];
  blockIds: Set<string>;
  others: { trackIndex: number; item: TimelineItem }[];
  /** Whether the block is a run of neighbours on its track. */
  contiguous: boolean;
}

export function resolveSelection(
  timeline: Pick<VideoEditorTimeline, 'tracks'>,
  selection: Selection,
): { ok: true; value: ResolvedSelection } | Refused {
  const { tracks } = timeline;
  let members: { trackIndex: number; item: TimelineItem }[];
  if (selection.kind === 'item') {
    const found = findItem(timeline, selection.itemId);
    if (!found.ok) return found;
    members = [{ trackIndex: found.value.trackIndex, item: found.value.item }];
  } else if (selection.kind === 'group') {
    members = [];
    tracks.forEach((track, trackIndex) => {
      for (const item of track.items)
        if (item.groupId === selection.groupId) members.push({ trackIndex, item });
    });
    if (members.length <= 1)
      return refuse('not_found', MESSAGES.editor.groupNotFound(selection.groupId));
  } else {
    if (selection.itemIds.length === 0)
      return refuse('not_found', MESSAGES.editor.timelineItemNotFound(''));
    members = [];
    for (const itemId of new Set(selection.itemIds)) {
      const found = findItem(timeline, itemId);
      if (!found.ok) return found;
      members.push({ trackIndex: found.value.trackIndex, item: found.value.item });
    }
    if (members.some((member) => member.trackIndex !== members[0]!.trackIndex))
      return refuse('not_contiguous', MESSAGES.editor.selectionNotContiguous);
  }
  const primary = primaryTrackIndex(tracks);
  const trackIndex = members.some((member) => member.trackIndex === primary)
    ? primary
    : members[0]!.trackIndex;
  const blockIds = new Set(
    members.filter((member) => member.trackIndex === trackIndex).map((member) => member.item.id),
  );
  const trackItems = tracks[trackIndex]!.items;
  const positions: number[] = [];
  trackItems.forEach((item, index) => {
    if (blockIds.has(item.id)) positions.push(index);
  });
  const contiguous = positions.every(
    (position, i) => i === 0 || position === positions[i - 1]! + 1,
  );
  return {
    ok: true,
    value: {
      trackIndex,
      block: positions.map((position) => trackItems[position]!),
      blockIds,
      others: members.filter((member) => member.trackIndex !== trackIndex),
      contiguous,
    },
  };
}
