import type { Track, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { refuse } from './refusal';
import type { Selection } from './selection';
import { assetIndex, findItem } from './timeline-lookup';
import { editScenario } from './track-category';
import { isVoiceOverTrack, owningSpan, spanOf, type Span } from './shot-links';
import { primaryTrackIndex } from './track-rules';

/** Voice-over items' spans (with their ids) by shot id. */
function voiceItems(tracks: readonly Track[]): Map<string, (Span & { id: string })[]> {
  const byShot = new Map<string, (Span & { id: string })[]>();
  for (const track of tracks) {
    if (!isVoiceOverTrack(track)) continue;
    for (const item of track.items) {
      if (!item.shotId) continue;
      const list = byShot.get(item.shotId) ?? [];
      list.push({ ...spanOf(item), id: item.id });
      byShot.set(item.shotId, list);
    }
  }
  return byShot;
}

/**
 * Delete (spec 3 §4): the item, the group or the multi-selection. Deleting a primary item also
 * deletes what is linked to it (the rest of its group; with a voice-over track, the voice-over
 * of its shot; the shot's captions), and deleting a voice-over deletes the captions made from it. Emptied non-primary tracks (caption tracks included) go, the primary track
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

  // Captions made from a removed voice-over (a removed shot's included) go with it.
  const removedVoices = new Map<string, Set<string>>();
  for (const track of timeline.tracks) {
    if (!isVoiceOverTrack(track)) continue;
    for (const item of track.items) {
      if (!item.shotId || !ids.has(item.id)) continue;
      const set = removedVoices.get(item.shotId) ?? new Set<string>();
      set.add(item.id);
      removedVoices.set(item.shotId, set);
    }
  }
  if (removedVoices.size > 0) {
    const voices = voiceItems(timeline.tracks);
    for (const track of timeline.tracks) {
      if (track.type !== 'caption') continue;
      for (const item of track.items) {
        if (!item.shotId) continue;
        const removed = removedVoices.get(item.shotId);
        if (!removed) continue;
        const spoken = voices.get(item.shotId) ?? [];
        const owner = owningSpan(spanOf(item), spoken);
        if (owner && removed.has(owner.id)) ids.add(item.id);
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
