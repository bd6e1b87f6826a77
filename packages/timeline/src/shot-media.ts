import type { MediaAsset, Shot, ShotsMap, VideoEditorTimeline } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { buildTimelineFromShots } from './build-timeline';
import { refuse, type Refused } from './refusal';

export interface ShotMediaUpdate {
  ok: true;
  shotsMap: ShotsMap;
  timeline: VideoEditorTimeline;
  changedShotIds: string[];
}

/** The shot fields that make `asset` its active image, video or voice-over (spec 3 §4). */
export function activeMediaPatch(asset: MediaAsset): Partial<Shot> {
  if (asset.resource_type === 'image')
    // A new active image clears the 'retried' flag.
    return { active_image_id: asset.id, active_image_url: asset.url, retried: false };
  if (asset.resource_type === 'video')
    return { active_video_id: asset.id, active_video_url: asset.url };
  return { active_voice_over_audio_id: asset.id, active_voice_over_audio_url: asset.url };
}

/**
 * Makes each asset the active media of its shot (spec 3 §4 "Generation of shot media"): the
 * assets join the timeline's media assets (once), the shots take them as active, and the
 * timeline is rebuilt from the shots, keeping the edits of items whose media did not change.
 * A new active video drops the asset's end-frame reference image. Assets without a shot, or of
 * a shot not in the storyboard, refuse the change.
 */
export function setShotMedia(
  state: { shotsMap: ShotsMap; timeline: VideoEditorTimeline },
  assets: readonly MediaAsset[],
): ShotMediaUpdate | Refused {
  const shotsMap: ShotsMap = { ...state.shotsMap };
  const known = new Map(state.timeline.mediaAssets.map((asset) => [asset.id, asset]));
  const changed = new Set<string>();
  for (const given of assets) {
    const shot = given.shot_id ? shotsMap[given.shot_id] : undefined;
    if (!shot) return refuse('not_found', MESSAGES.editor.shotNotFound(given.shot_id ?? ''));
    const asset =
      given.resource_type === 'video' ? { ...given, end_frame_reference_image: null } : given;
    known.set(asset.id, asset);
    shotsMap[shot.shot_id] = { ...shot, ...activeMediaPatch(asset) };
    changed.add(shot.shot_id);
  }
  const mediaAssets = [...known.values()];
  const built = buildTimelineFromShots({ shotsMap, mediaAssets, previous: state.timeline });
  if (!built.ok) return built;
  return { ok: true, shotsMap, timeline: built.timeline, changedShotIds: [...changed] };
}
