import type { VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { refuse } from './refusal';
import type { Selection } from './selection';
import { assetIndex, findItem } from './timeline-lookup';
import { editScenario } from './track-category';
import { primaryTrackIndex } from './track-rules';

/**
 * Delete (spec 3 §4): the item, the group or the multi-selection. Deleting a primary item also
 * deletes what is linked to it (the rest of its group; with a voice-over track, the voice-over
 * of its shot). Emptied non-primary tracks (caption tracks included) go, the primary track
 * closes up, the total duration is recomputed and the selection is cleared. The removed shots
 * are reported as shot changes (hidden when auto, deleted otherwise, by `applyShotChanges`).
 */
export function deleteItems(
  timeline: VideoEditorTimeline,
  args: { selection: Selection },
): CommandResult {
  const { selection } = args;
  const ids = new Set<string>();
  if (selection.kind === 'group') {
    for (const track of timeline.tracks)
      for (const item of track.items) if (item.groupId === selection.groupId) ids.add(item.id);
    if (ids.size === 0)
      return refuse('not_found', MESSAGES.editor.groupNotFound(selection.groupId));
  } else {
    const wanted = selection.kind === 'item' ? [selection.itemId] : selection.itemIds;
    if (wanted.length === 0) return refuse('not_found', MESSAGES.editor.timelineItemNotFound(''));
    for (const itemId of wanted) {
      const found = findItem(timeline, itemId);
      if (!found.ok) return found;
      ids.add(itemId);
    }
  }

  const primary = timeline.tracks[primaryTrackIndex(timeline.tracks)];
  const removedPrimary = primary?.items.filter((item) => ids.has(item.id)) ?? [];
  if (removedPrimary.length > 0) {
    const groups = new Set(removedPrimary.map((item) => item.groupId).filter(Boolean));
    const complex = editScenario(timeline, assetIndex(timeline.mediaAssets)) === 'complex';
    const shots = new Set(complex ? removedPrimary.map((item) => item.shotId).filter(Boolean) : []);
    for (const track of timeline.tracks) {
      if (track === primary) continue;
      const voiceOver = track.type === 'audio' && track.subtype === 'voiceover';
      for (const item of track.items) {
        if (
          (item.groupId && groups.has(item.groupId)) ||
          (voiceOver && item.shotId && shots.has(item.shotId))
        )
          ids.add(item.id);
      }
    }
  }

  const tracks = timeline.tracks.map((track) =>
    track.items.some((item) => ids.has(item.id))
      ? { ...track, items: track.items.filter((item) => !ids.has(item.id)) }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.delete, { selection: [] });
}
