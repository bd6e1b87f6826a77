import type {
  MediaAsset,
  Track,
  TrackCategory,
  TrackSubtype,
  TrackType,
  VideoEditorTimeline,
} from '@storyloom/core';
import { MESSAGES, TRACK_TYPES } from '@storyloom/core';
import type { Refusal } from './refusal';

/** A stored track type; anything that is not video, audio, file or caption becomes video. */
export function normalizeTrackType(type: unknown): TrackType {
  return (TRACK_TYPES as readonly unknown[]).includes(type) ? (type as TrackType) : 'video';
}

/**
 * Subtype derivation (spec 3 §4): an audio track is voiceover if its first item's asset is a
 * voiceover, otherwise music (also when empty); a caption track is caption; others have none.
 */
export function deriveTrackSubtype(
  track: Pick<Track, 'type' | 'items'>,
  assets: ReadonlyMap<string, MediaAsset>,
): TrackSubtype | undefined {
  if (track.type === 'caption') return 'caption';
  if (track.type !== 'audio') return undefined;
  const firstAssetId = track.items[0]?.mediaAssetId;
  const asset = firstAssetId ? assets.get(firstAssetId) : undefined;
  return asset?.subtype === 'voiceover' ? 'voiceover' : 'music';
}

/** The derived category (spec 3 §3): image, video, music, voiceover or caption. */
export function trackCategory(
  track: Pick<Track, 'type' | 'items'>,
  assets: ReadonlyMap<string, MediaAsset>,
): TrackCategory {
  if (track.type === 'caption') return 'caption';
  if (track.type === 'audio')
    return deriveTrackSubtype(track, assets) === 'voiceover' ? 'voiceover' : 'music';
  return track.items[0]?.type === 'image' ? 'image' : 'video';
}

/** Which track type an asset goes to when it creates a track. */
export function trackTypeForAsset(asset: MediaAsset): TrackType | null {
  if (asset.resource_type === 'video' || asset.resource_type === 'image') return 'video';
  if (asset.resource_type === 'audio') return 'audio';
  return null;
}

/**
 * Track acceptance (spec 3 §5): video/image (and file) tracks take video and image, audio
 * tracks take audio; caption tracks take nothing dropped; 'file' assets are not supported.
 */
export function trackRefusesAsset(track: Pick<Track, 'type'>, asset: MediaAsset): Refusal | null {
  if (asset.resource_type === 'file')
    return { code: 'not_supported', message: MESSAGES.editor.notSupported };
  if (track.type === 'caption') return { code: 'not_allowed', message: MESSAGES.editor.notAllowed };
  if (track.type === 'audio')
    return asset.resource_type === 'audio'
      ? null
      : { code: 'not_allowed', message: MESSAGES.editor.onlyAudio };
  return asset.resource_type === 'video' || asset.resource_type === 'image'
    ? null
    : { code: 'not_allowed', message: MESSAGES.editor.onlyVideoAndImage };
}

/** Spec 3 §4 scenarios: complex when a voice-over track exists (its items follow the video). */
export type EditScenario = 'simple' | 'complex';

export function editScenario(
  timeline: Pick<VideoEditorTimeline, 'tracks' | 'mediaAssets'>,
  assets: ReadonlyMap<string, MediaAsset> = new Map(timeline.mediaAssets.map((a) => [a.id, a])),
): EditScenario {
  return timeline.tracks.some(
    (track) => track.type === 'audio' && deriveTrackSubtype(track, assets) === 'voiceover',
  )
    ? 'complex'
    : 'simple';
}

/** Display name of a new track of a category. */
export const TRACK_NAMES: Readonly<Record<TrackCategory, string>> = {
  video: 'Video',
  image: 'Video',
  music: 'Music',
  voiceover: 'Voiceover',
  caption: 'Captions',
};
