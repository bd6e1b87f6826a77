import type { VideoEditorTimeline } from '@storyloom/core';
import { FRAME_EPSILON, itemEnd, timelineFps } from './frames';
import { assetSourceFrames, hasSource } from './item-duration';
import { assetIndex } from './timeline-lookup';
import { captionBound, isVoiceOverTrack, shotSpans, spanOf, voiceSpans } from './shot-links';
import { primaryTrackIndex } from './track-rules';

/**
 * Everything the engine promises about a timeline, as a list of broken rules (empty when all
 * hold): one primary video track when any video track exists, packed from frame 0; no overlap
 * on any other track (captions included); no empty non-primary track; whole-frame positive
 * durations and whole-frame starts ≥ 0; a video or audio item's source window inside its media;
 * fades at most half the item; unique ids; media assets that exist; every shot whole (a
 * voice-over of a shot inside the shot's span, a linked caption inside its voice-over).
 */
export function timelineViolations(timeline: VideoEditorTimeline): string[] {
  const problems: string[] = [];
  const assets = assetIndex(timeline.mediaAssets);
  const fps = timelineFps(timeline);
  const primary = primaryTrackIndex(timeline.tracks);
  const primaries = timeline.tracks.filter((track) => track.isPrimary === true);
  if (primary >= 0 && (primaries.length !== 1 || primaries[0] !== timeline.tracks[primary]))
    problems.push('exactly one primary video track');
  if (primary < 0 && primaries.length > 0) problems.push('a primary track that is not video');
  const shots = shotSpans(timeline.tracks[primary]);
  const voices = voiceSpans(timeline.tracks, primary);
  const trackIds = new Set<string>();
  const itemIds = new Set<string>();
  timeline.tracks.forEach((track, trackIndex) => {
    if (trackIds.has(track.id)) problems.push(`duplicate track id ${track.id}`);
    trackIds.add(track.id);
    if (trackIndex !== primary && track.items.length === 0)
      problems.push(`empty non-primary track ${track.id}`);
    let cursor = 0;
    track.items.forEach((item, index) => {
      const where = `${track.id}/${item.id}`;
      if (itemIds.has(item.id)) problems.push(`duplicate item id ${item.id}`);
      itemIds.add(item.id);
      if (!(Number.isFinite(item.durationInFrames) && item.durationInFrames > 0))
        problems.push(`${where}: duration must be positive`);
      if (!(Number.isFinite(item.startTimeInFrames) && item.startTimeInFrames >= 0))
        problems.push(`${where}: start must be 0 or more`);
      if (!Number.isInteger(item.startTimeInFrames) || !Number.isInteger(item.durationInFrames))
        problems.push(`${where}: start and duration must be whole frames`);
      if (trackIndex === primary) {
        if (Math.abs(item.startTimeInFrames - cursor) > FRAME_EPSILON)
          problems.push(`${where}: primary track not contiguous from 0`);
        cursor = itemEnd(item);
      } else {
        if (index > 0 && item.startTimeInFrames < cursor - FRAME_EPSILON)
          problems.push(`${where}: overlaps the previous item`);
        cursor = Math.max(cursor, itemEnd(item));
      }
      const bound =
        trackIndex === primary
          ? undefined
          : track.type === 'caption'
            ? captionBound(item, shots, voices)
            : isVoiceOverTrack(track) && item.shotId
              ? shots.get(item.shotId)
              : undefined;
      const span = spanOf(item);
      if (bound && (span.start < bound.start || span.end > bound.end))
        problems.push(
          `${where}: outside its shot's ${track.type === 'caption' ? 'voice-over' : 'span'}`,
        );
      const asset = item.mediaAssetId ? assets.get(item.mediaAssetId) : undefined;
      if (item.mediaAssetId && !asset) problems.push(`${where}: unknown media asset`);
      if (hasSource(item.type)) {
        const start = item.sourceTrimStartFrames ?? 0;
        const end = item.sourceTrimEndFrames ?? start + item.durationInFrames * item.speed;
        const source = assetSourceFrames(asset, fps);
        if (start < 0 || end < start - FRAME_EPSILON) problems.push(`${where}: trims out of order`);
        if (source !== null && end > source + FRAME_EPSILON)
          problems.push(`${where}: trimmed beyond its source`);
      }
      for (const effect of item.effects ?? [])
        if (effect.durationInFrames > item.durationInFrames / 2 + FRAME_EPSILON)
          problems.push(`${where}: ${effect.type} longer than half the item`);
    });
  });
  return problems;
}
