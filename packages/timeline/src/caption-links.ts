import type { TimelineItem, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { itemEnd } from './frames';
import { refuse } from './refusal';
import {
  captionBound,
  isVoiceOverTrack,
  owningSpan,
  shotSpans,
  spanOf,
  voiceSpans,
} from './shot-links';
import { findItem, type Found } from './timeline-lookup';
import { primaryTrackIndex } from './track-rules';

/** Whether a caption is linked to a shot that is on the timeline (it then moves with the shot). */
export function isCaptionLinked(timeline: Pick<VideoEditorTimeline, 'tracks'>, item: TimelineItem) {
  if (item.type !== 'caption' || !item.shotId) return false;
  const primary = primaryTrackIndex(timeline.tracks);
  return (
    captionBound(
      item,
      shotSpans(timeline.tracks[primary]),
      voiceSpans(timeline.tracks, primary),
    ) !== undefined
  );
}

/**
 * "Unlink caption" (context menu): the caption stops following its shot and voice-over; it
 * stays where it is.
 */
export function unlinkCaption(
  timeline: VideoEditorTimeline,
  args: { itemId: string },
): CommandResult {
  const found = findCaption(timeline, args.itemId, true);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  const next: TimelineItem = { ...item };
  delete next.shotId;
  delete next.groupId;
  return commitCaption(timeline, trackIndex, item, next, COMMAND_DESCRIPTIONS.unlinkCaption);
}

/**
 * "Link caption to shot" (context menu): the caption is linked to the shot whose voice-over it
 * overlaps (the one under its middle, else the one it overlaps most); it is then cut to that
 * voice-over, and follows the shot again.
 */
export function linkCaption(
  timeline: VideoEditorTimeline,
  args: { itemId: string },
): CommandResult {
  const found = findCaption(timeline, args.itemId, false);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  const span = spanOf(item);
  const voices: (ReturnType<typeof spanOf> & { shotId: string })[] = [];
  for (const track of timeline.tracks)
    if (isVoiceOverTrack(track))
      for (const voice of track.items)
        if (voice.shotId && voice.startTimeInFrames < span.end && itemEnd(voice) > span.start)
          voices.push({ ...spanOf(voice), shotId: voice.shotId });
  const shots = shotSpans(timeline.tracks[primaryTrackIndex(timeline.tracks)]);
  const shotId = owningSpan(
    span,
    voices.filter((voice) => shots.has(voice.shotId)),
  )?.shotId;
  if (!shotId) return refuse('not_allowed', MESSAGES.editor.noShotUnderCaption);
  const next: TimelineItem = { ...item, shotId };
  delete next.groupId;
  return commitCaption(timeline, trackIndex, item, next, COMMAND_DESCRIPTIONS.linkCaption);
}

/**
 * The caption `itemId` for "Link"/"Unlink caption": refused when the item is missing, is not a
 * caption, or is not in the link state the command starts from (`linked`).
 */
function findCaption(
  timeline: VideoEditorTimeline,
  itemId: string,
  linked: boolean,
): Found<{ item: TimelineItem; trackIndex: number }> {
  const found = findItem(timeline, itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  if (item.type !== 'caption') return refuse('not_supported', MESSAGES.editor.notSupported);
  if (isCaptionLinked(timeline, item) !== linked)
    return refuse(
      'not_allowed',
      linked ? MESSAGES.editor.captionNotLinked : MESSAGES.editor.captionAlreadyLinked,
    );
  return { ok: true, value: { item, trackIndex } };
}

/** Commits the caption `item` replaced by `next` on its track, selected. */
function commitCaption(
  timeline: VideoEditorTimeline,
  trackIndex: number,
  item: TimelineItem,
  next: TimelineItem,
  description: string,
): CommandResult {
  const tracks = timeline.tracks.map((track, index) =>
    index === trackIndex
      ? { ...track, items: track.items.map((candidate) => (candidate === item ? next : candidate)) }
      : track,
  );
  return commitTracks(timeline, tracks, description, { selection: [item.id] });
}
