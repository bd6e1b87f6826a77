import {
  DEFAULT_GLOBAL_CONFIG,
  orderedShots,
  type GeneratedShot,
  type MediaAsset,
  type TimelineItem,
  type Track,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { buildTimelineFromShots } from '@storyloom/timeline';
import type { TimedPhrase } from '../providers/provider-types';
import { MUSIC_ASSET_ID } from './background-music';
import type { GenerationStory } from './generation-ports';

/** Music volume while nobody speaks (intro, outro) and under the voice (ducked). */
export const MUSIC_VOLUME = { open: 0.5, ducked: 0.12 } as const;
/** Seconds of music alone before the first word and after the last one. */
export const MUSIC_INTRO_SECONDS = 1;
export const MUSIC_OUTRO_SECONDS = 1.5;

export interface VoiceOverTimelineArgs {
  shotsMap: Record<string, GeneratedShot>;
  mediaAssets: MediaAsset[];
  /** Per shot id: where each phrase is spoken, in seconds from the start of its voice file. */
  phrases: Record<string, readonly TimedPhrase[]>;
  musicAssetId?: string | null | undefined;
  captions: boolean;
}

/**
 * The generated story's timeline: the primary track of the shots and the voice-over track
 * (built by `@storyloom/timeline` from the storyboard, so a rebuild gives the same result), a
 * caption item per spoken phrase, timed from the voice, and the music split where the voice
 * starts and stops so it plays louder alone and ducked under speech.
 */
export function buildVoiceOverTimeline(args: VoiceOverTimelineArgs): VideoEditorTimeline {
  const globalConfig = {
    ...DEFAULT_GLOBAL_CONFIG,
    captions: { enabled: args.captions },
  };
  const built = buildTimelineFromShots({
    shotsMap: args.shotsMap,
    mediaAssets: args.mediaAssets,
    globalConfig,
  });
  if (!built.ok) throw new Error(built.reason.message);
  const timeline = built.timeline;
  const fps = globalConfig.fps;
  const primary = timeline.tracks.find((track) => track.isPrimary);
  const shotStarts = new Map(
    (primary?.items ?? []).filter((i) => i.shotId).map((i) => [i.shotId!, i.startTimeInFrames]),
  );
  const total = Math.max(
    0,
    ...(primary?.items ?? []).map((i) => i.startTimeInFrames + i.durationInFrames),
  );

  const captions: TimelineItem[] = [];
  let firstSpeech = Infinity;
  let lastSpeech = 0;
  for (const shot of orderedShots(args.shotsMap)) {
    const start = shotStarts.get(shot.shot_id);
    if (start === undefined) continue;
    (args.phrases[shot.shot_id] ?? []).forEach((phrase, index) => {
      const from = start + Math.round(phrase.start * fps);
      const to = Math.max(from + 1, start + Math.round(phrase.end * fps));
      firstSpeech = Math.min(firstSpeech, from);
      lastSpeech = Math.max(lastSpeech, to);
      captions.push({
        id: `caption-${shot.shot_id}-${index + 1}`,
        type: 'caption',
        shotId: shot.shot_id,
        startTimeInFrames: from,
        durationInFrames: to - from,
        speed: 1,
        volume: 1,
        caption: { data: { text: phrase.text } },
      });
    });
  }
  const tracks: Track[] = [...timeline.tracks];
  if (captions.length > 0) {
    tracks.push({
      id: 'track-captions',
      type: 'caption',
      subtype: 'caption',
      name: 'Captions',
      items: captions,
    });
  }
  const music = args.musicAssetId
    ? args.mediaAssets.find((asset) => asset.id === args.musicAssetId)
    : undefined;
  if (music && total > 0) {
    const speechFrom = Number.isFinite(firstSpeech) ? Math.min(firstSpeech, total) : total;
    const speechTo = Math.min(Math.max(lastSpeech, speechFrom), total);
    const windows: [number, number, number][] = [
      [0, speechFrom, MUSIC_VOLUME.open],
      [speechFrom, speechTo, MUSIC_VOLUME.ducked],
      [speechTo, total, MUSIC_VOLUME.open],
    ];
    const items: TimelineItem[] = windows
      .filter(([from, to]) => to > from)
      .map(([from, to, volume], index) => ({
        id: `music-${index + 1}`,
        type: 'audio',
        mediaAssetId: music.id,
        title: music.title,
        startTimeInFrames: from,
        durationInFrames: to - from,
        sourceTrimStartFrames: from,
        sourceTrimEndFrames: to,
        speed: 1,
        volume,
      }));
    tracks.push({ id: 'track-music', type: 'audio', subtype: 'music', name: 'Music', items });
  }
  return { ...timeline, tracks };
}

/**
 * The timeline of a told story (an explainer, a vlog, a story made shot by shot) from its
 * storyboard, assets and each shot's voice timing; the story's watermark setting is kept.
 */
export function voiceOverTimeline(story: GenerationStory, captions: boolean): VideoEditorTimeline {
  const shotsMap = story.storyboard?.shots_map ?? {};
  const assets = story.videoEditorTimeline?.mediaAssets ?? [];
  const phrases: Record<string, TimedPhrase[]> = {};
  for (const shot of orderedShots(shotsMap)) phrases[shot.shot_id] = shot.voice_phrases ?? [];
  const musicAssetId = assets.some((a) => a.id === MUSIC_ASSET_ID) ? MUSIC_ASSET_ID : null;
  const timeline = buildVoiceOverTimeline({
    shotsMap,
    mediaAssets: assets,
    phrases,
    musicAssetId,
    captions,
  });
  return keepingWatermark(story, timeline);
}

/** A rebuilt timeline with the story's watermark setting, when it has one. */
export function keepingWatermark(
  story: Pick<GenerationStory, 'videoEditorTimeline'>,
  timeline: VideoEditorTimeline,
): VideoEditorTimeline {
  const watermark = story.videoEditorTimeline?.globalConfig.watermark;
  return watermark
    ? { ...timeline, globalConfig: { ...timeline.globalConfig, watermark } }
    : timeline;
}
