import type { TimelineItem, Track, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { FRAME_EPSILON, itemEnd } from './frames';
import { ignored, refuse } from './refusal';
import { findItem, findTrack } from './timeline-lookup';
import { TRACK_NAMES } from './track-category';
import { sortItems } from './track-rules';

/**
 * Detected captions (spec 3 §4): each caption track goes right after its source track,
 * replacing the caption tracks that followed it before (a redetection), in one undoable batch;
 * the captions display switch is turned on. Caption items that cannot be shown (not captions,
 * negative start, no duration) are left out.
 */
export function insertCaptionTracks(
  timeline: VideoEditorTimeline,
  args: { captions: Readonly<Record<string, Track>>; newId: IdSource },
): CommandResult {
  const sources = Object.keys(args.captions);
  for (const sourceId of sources) {
    const found = findTrack(timeline, sourceId);
    if (!found.ok) return found;
  }
  const usedTrackIds = new Set<string>();
  const usedItemIds = new Set<string>();
  let replacing = false;
  const kept: Track[] = [];
  for (const track of timeline.tracks) {
    if (replacing && track.type === 'caption') continue;
    replacing = sources.includes(track.id);
    kept.push(track);
  }
  for (const track of kept) {
    usedTrackIds.add(track.id);
    for (const item of track.items) usedItemIds.add(item.id);
  }
  const unique = (id: string, used: Set<string>) => {
    const chosen = id && !used.has(id) ? id : args.newId();
    used.add(chosen);
    return chosen;
  };

  const tracks: Track[] = [];
  for (const track of kept) {
    tracks.push(track);
    const detected = args.captions[track.id];
    if (!detected) continue;
    const items: TimelineItem[] = detected.items
      .filter(
        (item) =>
          item.type === 'caption' &&
          item.startTimeInFrames >= 0 &&
          item.durationInFrames > FRAME_EPSILON,
      )
      .map((item) => ({ ...item, id: unique(item.id, usedItemIds) }));
    tracks.push({
      id: unique(detected.id, usedTrackIds),
      type: 'caption',
      subtype: 'caption',
      name: detected.name ?? TRACK_NAMES.caption,
      items: sortItems(items),
      isPrimary: false,
    });
  }
  const globalConfig = {
    ...timeline.globalConfig,
    captions: { ...timeline.globalConfig.captions, enabled: true },
  };
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.captions, {
    timeline: { globalConfig },
  });
}

/**
 * Caption editing (spec 3 §4–5): new text and/or timing; the start frame is 0 or later and the
 * end frame at least start + 1.
 */
export function editCaption(
  timeline: VideoEditorTimeline,
  args: { itemId: string; text?: string; startFrame?: number; endFrame?: number },
): CommandResult {
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  if (item.type !== 'caption') return refuse('not_supported', MESSAGES.editor.notSupported);
  const start = args.startFrame ?? item.startTimeInFrames;
  const end = args.endFrame ?? itemEnd(item);
  if (!(start >= 0) || !(end >= start + 1) || !Number.isFinite(end))
    return refuse('invalid_value', MESSAGES.editor.invalidCaptionTiming);
  const text = args.text ?? item.caption?.data.text ?? '';
  if (
    start === item.startTimeInFrames &&
    end === itemEnd(item) &&
    text === (item.caption?.data.text ?? '')
  )
    return ignored('no change');
  const next: TimelineItem = {
    ...item,
    startTimeInFrames: start,
    durationInFrames: end - start,
    caption: { ...item.caption, data: { text } },
  };
  const tracks = timeline.tracks.map((track, index) =>
    index === trackIndex
      ? {
          ...track,
          items: sortItems(track.items.map((candidate) => (candidate === item ? next : candidate))),
        }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.editCaption);
}
