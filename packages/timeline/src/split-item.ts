import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { itemEnd } from './frames';
import { refuse } from './refusal';
import { clipItem, isVoiceOverTrack } from './shot-links';
import { findItem } from './timeline-lookup';
import { primaryTrackIndex } from './track-rules';

/**
 * Split at the playhead (not in the spec; every editor has it): the item becomes two at a whole
 * frame strictly inside it, whose durations and source windows add up to the original's; the
 * first keeps the id and a fade-in, the second gets a new id and a fade-out. Splitting a shot's
 * item makes a new shot of the second part: its voice-over is split at the same frame and the
 * captions spoken after the split go with the new shot. One undoable edit 'Split item'; the
 * second part is selected.
 */
export function splitItem(
  timeline: VideoEditorTimeline,
  args: { itemId: string; frame: number; newId: IdSource },
): CommandResult {
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  const at = Math.round(args.frame);
  if (!(at > item.startTimeInFrames && at < itemEnd(item)))
    return refuse('invalid_position', MESSAGES.editor.splitOutsideItem);
  const [first, second] = splitAt(item, at, args.newId());
  const onPrimary = trackIndex === primaryTrackIndex(timeline.tracks);
  const shotId = item.shotId;
  const newShot = onPrimary && shotId ? args.newId() : null;
  if (onPrimary) {
    delete second.groupId;
    if (newShot) second.shotId = newShot;
  }

  const tracks = timeline.tracks.map((track, index) => {
    if (index === trackIndex) {
      const items = track.items.flatMap((candidate) =>
        candidate === item ? [first, second] : [candidate],
      );
      return { ...track, items };
    }
    if (!newShot) return track;
    const voice = isVoiceOverTrack(track);
    if (!voice && track.type !== 'caption') return track;
    if (!track.items.some((candidate) => candidate.shotId === shotId)) return track;
    const items = track.items.flatMap((candidate) => {
      if (candidate.shotId !== shotId) return [candidate];
      const start = candidate.startTimeInFrames;
      const end = itemEnd(candidate);
      if (voice && start < at && end > at) {
        const [head, tail] = splitAt(candidate, at, args.newId());
        return [head, { ...tail, shotId: newShot }];
      }
      const after = voice ? start >= at : (start + end) / 2 >= at;
      return after ? [{ ...candidate, shotId: newShot }] : [candidate];
    });
    return { ...track, items };
  });
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.split, { selection: [second.id] });
}

/** An item cut in two at a frame inside it; fades go to the outer ends. */
function splitAt(item: TimelineItem, at: number, secondId: string): [TimelineItem, TimelineItem] {
  const head = clipItem(item, { start: item.startTimeInFrames, end: at })!;
  const tail = clipItem(item, { start: at, end: itemEnd(item) })!;
  const first: TimelineItem = { ...head };
  const second: TimelineItem = { ...tail, id: secondId };
  const fadeIn = head.effects?.filter((effect) => effect.type === 'fade-in');
  const fadeOut = tail.effects?.filter((effect) => effect.type === 'fade-out');
  if (fadeIn?.length) first.effects = fadeIn;
  else delete first.effects;
  if (fadeOut?.length) second.effects = fadeOut;
  else delete second.effects;
  return [first, second];
}
