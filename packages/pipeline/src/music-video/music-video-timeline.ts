import {
  DEFAULT_GLOBAL_CONFIG,
  TIMELINE_SCHEMA_VERSION,
  orderedShots,
  type MediaAsset,
  type ShotsMap,
  type TimelineItem,
  type Track,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { itemFromAsset, TRACK_NAMES } from '@storyloom/timeline';

/** The song's asset id in a generated music video. */
export const SONG_ASSET_ID = 'music-song';
/** The song plays at full volume: there is no voice to duck under. */
export const SONG_VOLUME = 1;

/** A music-video shot's place on the timeline: frames [cut_start_frame, cut_end_frame). */
export function shotFrames(shot: object): { from: number; to: number } | null {
  const { cut_start_frame: from, cut_end_frame: to } = shot as Record<string, unknown>;
  return typeof from === 'number' && typeof to === 'number' && to > from ? { from, to } : null;
}

/**
 * A music video's timeline: each shot's clip (else its picture, moved by the renderer) on the
 * primary track exactly over its frames — so the cuts are where the storyboard put them, on
 * the beats — the song under all of it from its first frame to its last, and, with captions
 * on, each shot's line as a caption over its shot.
 */
export function buildMusicVideoTimeline(args: {
  shotsMap: ShotsMap;
  mediaAssets: MediaAsset[];
  captions: boolean;
}): VideoEditorTimeline {
  const globalConfig = { ...DEFAULT_GLOBAL_CONFIG, captions: { enabled: args.captions } };
  const assets = new Map(args.mediaAssets.map((asset) => [asset.id, asset]));
  const visuals: TimelineItem[] = [];
  const captions: TimelineItem[] = [];
  let end = 0;
  for (const shot of orderedShots(args.shotsMap)) {
    const frames = shotFrames(shot);
    if (!frames || shot.is_hidden) continue;
    const assetId = shot.active_video_id || shot.active_image_id;
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!asset) throw new Error(`MediaAsset not found for shot ${shot.shot_id}`);
    visuals.push(
      itemFromAsset(asset, {
        id: `shot-${shot.shot_id}-${asset.resource_type}`,
        startTimeInFrames: frames.from,
        durationInFrames: frames.to - frames.from,
        shotId: shot.shot_id,
      }),
    );
    end = Math.max(end, frames.to);
    const text = shot.script?.trim();
    if (args.captions && text) {
      captions.push({
        id: `caption-${shot.shot_id}`,
        type: 'caption',
        shotId: shot.shot_id,
        startTimeInFrames: frames.from,
        durationInFrames: frames.to - frames.from,
        speed: 1,
        volume: 1,
        caption: { data: { text } },
      });
    }
  }
  const tracks: Track[] = [
    { id: 'track-video', type: 'video', name: TRACK_NAMES.video, items: visuals, isPrimary: true },
  ];
  if (captions.length > 0)
    tracks.push({
      id: 'track-captions',
      type: 'caption',
      subtype: 'caption',
      name: TRACK_NAMES.caption,
      items: captions,
    });
  const song = assets.get(SONG_ASSET_ID);
  if (song && end > 0) {
    tracks.push({
      id: 'track-music',
      type: 'audio',
      subtype: 'music',
      name: TRACK_NAMES.music,
      items: [
        {
          ...itemFromAsset(song, { id: 'music-1', startTimeInFrames: 0, durationInFrames: end }),
          volume: SONG_VOLUME,
        },
      ],
    });
  }
  return {
    schemaVersion: TIMELINE_SCHEMA_VERSION,
    tracks,
    mediaAssets: args.mediaAssets,
    globalConfig,
  };
}
