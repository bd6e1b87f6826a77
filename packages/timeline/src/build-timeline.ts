import type {
  GlobalConfig,
  MediaAsset,
  Shot,
  ShotsMap,
  TimelineItem,
  Track,
  VideoEditorTimeline,
} from '@storyloom/core';
import {
  DEFAULT_GLOBAL_CONFIG,
  EDITOR_CONSTANTS,
  MESSAGES,
  TIMELINE_SCHEMA_VERSION,
  orderedShots,
} from '@storyloom/core';
import { itemFromAsset } from './asset-item';
import { placementDurationFrames } from './item-duration';
import { refuse, type Refused } from './refusal';
import { TRACK_NAMES, deriveTrackSubtype } from './track-category';
import { applyTrackRules, primaryTrackIndex } from './track-rules';

export interface BuildTimelineArgs {
  shotsMap: ShotsMap;
  mediaAssets: MediaAsset[];
  globalConfig?: GlobalConfig;
  /**
   * The timeline being rebuilt, if any: its other tracks (music, captions...) are kept, and
   * items of shots whose media did not change keep their edits (trims, speed, fades, volume).
   */
  previous?: VideoEditorTimeline | null;
}

/**
 * Whether a shot is on the timeline (spec 3 §5): hidden shots are skipped, and an empty-type
 * shot counts only with an active video.
 */
export function isShotOnTimeline(shot: Shot): boolean {
  if (shot.is_hidden) return false;
  if (shot.shot_type === '') return Boolean(shot.active_video_id);
  return true;
}

/** The 3-second failed placeholder of a shot with neither video nor image (spec 3 §4, §8). */
export function failedPlaceholderItem(shotId: string, fps: number): TimelineItem {
  return {
    id: `shot-${shotId}-placeholder`,
    type: 'overlay',
    title: MESSAGES.editor.failedShotStatus,
    shotId,
    startTimeInFrames: 0,
    durationInFrames: EDITOR_CONSTANTS.failedPlaceholderSeconds * fps,
    speed: 1,
    volume: 1,
    overlayConfig: { type: 'error', message: MESSAGES.editor.failedPlaceholder },
    status: 'failed',
    statusMessage: MESSAGES.editor.failedPlaceholder,
  };
}

/**
 * Builds (or rebuilds) the timeline from the storyboard: one primary item per shot in lexorank
 * order — the active video, else the active image, else a failed placeholder — and, for shots
 * with an active voice-over, a voice-over item at the same start (cut to the shot's length).
 * An image lasts as long as its shot's voice-over, else 2 seconds. A shot whose media asset is
 * missing refuses the build with 'MediaAsset not found for shot {id}'.
 */
export function buildTimelineFromShots(
  args: BuildTimelineArgs,
): { ok: true; timeline: VideoEditorTimeline } | Refused {
  const globalConfig = args.globalConfig ?? args.previous?.globalConfig ?? DEFAULT_GLOBAL_CONFIG;
  const fps = globalConfig.fps;
  const assets = new Map(args.mediaAssets.map((asset) => [asset.id, asset]));
  const previousTracks = args.previous?.tracks ?? [];
  const previousPrimary = previousTracks[primaryTrackIndex(previousTracks)];
  const previousVoice = previousTracks.find(
    (track) => track.type === 'audio' && deriveTrackSubtype(track, assets) === 'voiceover',
  );
  const byShot = (track: Track | undefined) =>
    new Map((track?.items ?? []).filter((item) => item.shotId).map((item) => [item.shotId!, item]));
  const previousVisuals = byShot(previousPrimary);
  const previousVoices = byShot(previousVoice);

  const visuals: TimelineItem[] = [];
  const voices: TimelineItem[] = [];
  let cursor = 0;
  for (const shot of orderedShots(args.shotsMap).filter(isShotOnTimeline)) {
    const id = shot.shot_id;
    const visualAssetId = shot.active_video_id || shot.active_image_id || null;
    const visualAsset = visualAssetId ? assets.get(visualAssetId) : undefined;
    if (visualAssetId && !visualAsset)
      return refuse('not_found', MESSAGES.editor.assetNotFoundForShot(id));
    const voiceAssetId = shot.active_voice_over_audio_id || null;
    const voiceAsset = voiceAssetId ? assets.get(voiceAssetId) : undefined;
    if (voiceAssetId && !voiceAsset)
      return refuse('not_found', MESSAGES.editor.assetNotFoundForShot(id));

    let visual: TimelineItem;
    const kept = previousVisuals.get(id);
    if (visualAsset && kept && kept.mediaAssetId === visualAsset.id) {
      visual = { ...kept, startTimeInFrames: cursor };
    } else if (visualAsset) {
      const duration =
        visualAsset.resource_type === 'image' && voiceAsset
          ? placementDurationFrames(voiceAsset, fps)
          : placementDurationFrames(visualAsset, fps);
      visual = itemFromAsset(visualAsset, {
        id: `shot-${id}-${visualAsset.resource_type}`,
        startTimeInFrames: cursor,
        durationInFrames: duration,
        shotId: id,
      });
    } else {
      visual = { ...failedPlaceholderItem(id, fps), startTimeInFrames: cursor };
    }
    visuals.push(visual);

    if (voiceAsset) {
      const keptVoice = previousVoices.get(id);
      let voice =
        keptVoice && keptVoice.mediaAssetId === voiceAsset.id
          ? keptVoice
          : itemFromAsset(voiceAsset, {
              id: `shot-${id}-voiceover`,
              startTimeInFrames: 0,
              durationInFrames: placementDurationFrames(voiceAsset, fps),
              shotId: id,
            });
      if (voice.durationInFrames > visual.durationInFrames) {
        const start = voice.sourceTrimStartFrames ?? 0;
        voice = {
          ...voice,
          durationInFrames: visual.durationInFrames,
          sourceTrimStartFrames: start,
          sourceTrimEndFrames: start + visual.durationInFrames * voice.speed,
        };
      }
      voices.push({ ...voice, startTimeInFrames: cursor });
    }
    cursor += visual.durationInFrames;
  }

  const primary: Track = {
    ...(previousPrimary ?? { id: 'track-video', type: 'video', name: TRACK_NAMES.video }),
    items: visuals,
    isPrimary: true,
  };
  const voiceTrack: Track = {
    ...(previousVoice ?? { id: 'track-voiceover', type: 'audio', name: TRACK_NAMES.voiceover }),
    subtype: 'voiceover',
    items: voices,
  };
  let tracks: Track[];
  if (!previousPrimary) {
    tracks = [primary, voiceTrack, ...previousTracks.filter((track) => track !== previousVoice)];
  } else {
    tracks = previousTracks.map((track) =>
      track === previousPrimary ? primary : track === previousVoice ? voiceTrack : track,
    );
    if (!previousVoice) tracks.splice(tracks.indexOf(primary) + 1, 0, voiceTrack);
  }
  return {
    ok: true,
    timeline: {
      schemaVersion: TIMELINE_SCHEMA_VERSION,
      tracks: applyTrackRules(tracks, assets),
      mediaAssets: args.mediaAssets,
      globalConfig,
    },
  };
}
