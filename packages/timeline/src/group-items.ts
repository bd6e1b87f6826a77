import type { VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { refuse } from './refusal';
import { findItem } from './timeline-lookup';

/** Puts items in one group (a group needs more than one item; spec 3 §3). */
export function groupItems(
  timeline: VideoEditorTimeline,
  args: { itemIds: readonly string[]; groupId: string },
): CommandResult {
  const ids = new Set(args.itemIds);
  if (ids.size < 2 || !args.groupId) return refuse('not_allowed', MESSAGES.editor.notAllowed);
  for (const itemId of ids) {
    const found = findItem(timeline, itemId);
    if (!found.ok) return found;
  }
  const tracks = timeline.tracks.map((track) =>
    track.items.some((item) => ids.has(item.id))
      ? {
          ...track,
          items: track.items.map((item) =>
            ids.has(item.id) ? { ...item, groupId: args.groupId } : item,
          ),
        }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.group, { selection: [...ids] });
}

/** Dissolves a group: its items stay where they are. */
export function ungroupItems(
  timeline: VideoEditorTimeline,
  args: { groupId: string },
): CommandResult {
  if (!timeline.tracks.some((track) => track.items.some((item) => item.groupId === args.groupId)))
    return refuse('not_found', MESSAGES.editor.groupNotFound(args.groupId));
  const tracks = timeline.tracks.map((track) =>
    track.items.some((item) => item.groupId === args.groupId)
      ? {
          ...track,
          items: track.items.map((item) => {
            if (item.groupId !== args.groupId) return item;
            const next = { ...item };
            delete next.groupId;
            return next;
          }),
        }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.ungroup);
}
