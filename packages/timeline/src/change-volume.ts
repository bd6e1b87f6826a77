import type { VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES, VOLUME_LIMITS } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { hasSource } from './item-duration';
import { ignored, refuse } from './refusal';
import { findItem } from './timeline-lookup';

/** Volume clamped to 0..1 and kept to whole steps of 0.01 (no drift from repeated ±0.05). */
export function clampVolume(volume: number): number {
  const clamped = Math.min(VOLUME_LIMITS.max, Math.max(VOLUME_LIMITS.min, volume));
  return Math.round(clamped * 100) / 100;
}

/** Sets a video or audio item's volume (spec 3 §5: 0 to 1). */
export function changeVolume(
  timeline: VideoEditorTimeline,
  args: { itemId: string; volume: number },
): CommandResult {
  if (!Number.isFinite(args.volume)) return refuse('invalid_value', MESSAGES.editor.notAllowed);
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  if (!hasSource(item.type)) return refuse('not_supported', MESSAGES.editor.notSupported);
  const volume = clampVolume(args.volume);
  if (volume === item.volume) return ignored('same volume');
  const tracks = timeline.tracks.map((track, index) =>
    index === trackIndex
      ? {
          ...track,
          items: track.items.map((candidate) =>
            candidate === item ? { ...item, volume } : candidate,
          ),
        }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.volume);
}

/** Keyboard Up/Down (spec 3 §9): the selected item's volume ±0.05, clamped to 0..1. */
export function nudgeVolume(
  timeline: VideoEditorTimeline,
  args: { itemId: string; direction: 1 | -1 },
): CommandResult {
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  return changeVolume(timeline, {
    itemId: args.itemId,
    volume: found.value.item.volume + args.direction * VOLUME_LIMITS.step,
  });
}
