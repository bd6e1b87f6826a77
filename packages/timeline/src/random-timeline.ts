/**
 * Timelines from plain numbers, for the property tests and the benchmark (not exported from the
 * entry point): a storyboard of shots built into a timeline, plus music and caption tracks.
 */
import type {
  MediaAsset,
  ShotsMap,
  TimelineItem,
  Track,
  VideoEditorTimeline,
} from '@storyloom/core';
import { DEFAULT_GLOBAL_CONFIG } from '@storyloom/core';
import { buildTimelineFromShots } from './build-timeline';
import { spreadRanks } from './lexorank';
import { applyTrackRules } from './track-rules';

const media = (
  id: string,
  resource_type: MediaAsset['resource_type'],
  seconds?: number,
  extra: Partial<MediaAsset> = {},
): MediaAsset => ({
  id,
  url: `/media/${id}`,
  resource_type,
  ...(seconds !== undefined ? { metadata: { duration: seconds } } : {}),
  ...extra,
});

export const PLAN_ASSETS: MediaAsset[] = [
  media('video-2s', 'video', 2),
  media('video-5s', 'video', 5, { shot_id: 'shot-from-asset' }),
  media('video-12s', 'video', 12),
  media('video-unknown', 'video'),
  media('image-a', 'image', undefined, { source: 'user_upload' }),
  media('image-b', 'image'),
  media('music-30s', 'audio', 30, { subtype: 'music' }),
  media('music-3s', 'audio', 3, { subtype: 'music' }),
  media('voice-1', 'audio', 1.5, { subtype: 'voiceover' }),
  media('voice-4', 'audio', 4, { subtype: 'voiceover' }),
  media('file-x', 'file'),
];

const VISUALS = ['video-2s', 'video-5s', 'video-12s', 'video-unknown', 'image-a', 'image-b'];
const VOICES = ['voice-1', 'voice-4'];

export interface TimelinePlan {
  /** visual: index into the visuals (beyond them: no media, a failed placeholder). */
  shots: { visual: number; voice: number | null; auto: boolean }[];
  /** Music items: frames of gap before each and its duration. */
  music: { gap: number; duration: number }[];
  /** Captions: start and duration in frames (they may overlap). */
  captions: { start: number; duration: number }[];
}

export function timelineFromPlan(plan: TimelinePlan): {
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
} {
  const ranks = spreadRanks(plan.shots.length);
  const shotsMap: ShotsMap = {};
  plan.shots.forEach((shot, index) => {
    const id = `shot-${index}`;
    const visual = VISUALS[shot.visual % (VISUALS.length + 1)];
    shotsMap[id] = {
      shot_id: id,
      shot_type: shot.auto ? 'auto' : 'manual',
      lexorank: ranks[index]!,
      ...(visual?.startsWith('video') ? { active_video_id: visual } : {}),
      ...(visual?.startsWith('image') ? { active_image_id: visual } : {}),
      ...(shot.voice !== null
        ? { active_voice_over_audio_id: VOICES[shot.voice % VOICES.length] }
        : {}),
    };
  });
  const built = buildTimelineFromShots({
    shotsMap,
    mediaAssets: PLAN_ASSETS,
    globalConfig: structuredConfig(),
  });
  if (!built.ok) throw new Error(built.reason.message);
  const extra: Track[] = [];
  let cursor = 0;
  const music: TimelineItem[] = plan.music.map((entry, index) => {
    const start = cursor + entry.gap;
    const duration = Math.max(1, Math.min(900, entry.duration));
    cursor = start + duration;
    return {
      id: `music-${index}`,
      type: 'audio',
      mediaAssetId: 'music-30s',
      startTimeInFrames: start,
      durationInFrames: duration,
      sourceTrimStartFrames: 0,
      sourceTrimEndFrames: duration,
      speed: 1,
      volume: 1,
    };
  });
  if (music.length) extra.push({ id: 'music', type: 'audio', items: music });
  const captions: TimelineItem[] = plan.captions
    .map((entry, index) => ({
      id: `caption-${index}`,
      type: 'caption' as const,
      startTimeInFrames: entry.start,
      durationInFrames: Math.max(1, entry.duration),
      speed: 1,
      volume: 1,
      caption: { data: { text: `caption ${index}` } },
    }))
    .sort((a, b) => a.startTimeInFrames - b.startTimeInFrames);
  // Every other caption is linked to the shot whose voice-over it starts in (as generated
  // stories' captions are); the track rules then cut it to that voice-over.
  const voices = built.timeline.tracks.find((track) => track.subtype === 'voiceover')?.items ?? [];
  captions.forEach((caption, index) => {
    const voice = voices.find(
      (item) =>
        caption.startTimeInFrames >= item.startTimeInFrames &&
        caption.startTimeInFrames < item.startTimeInFrames + item.durationInFrames,
    );
    if (index % 2 === 0 && voice?.shotId) Object.assign(caption, { shotId: voice.shotId });
  });
  if (captions.length) extra.push({ id: 'captions', type: 'caption', items: captions });
  const assets = new Map(PLAN_ASSETS.map((asset) => [asset.id, asset]));
  return {
    timeline: {
      ...built.timeline,
      tracks: applyTrackRules([...built.timeline.tracks, ...extra], assets),
    },
    shotsMap,
  };
}

function structuredConfig() {
  return {
    ...DEFAULT_GLOBAL_CONFIG,
    watermark: { ...DEFAULT_GLOBAL_CONFIG.watermark },
    captions: { enabled: true },
  };
}
