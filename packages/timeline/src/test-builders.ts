/**
 * Tiny builders for the tests of this package (not exported from the entry point).
 * Frames are at 30 fps; sources are given in seconds like asset metadata.
 */
import type {
  MediaAsset,
  ResourceType,
  TimelineItem,
  Track,
  TrackType,
  VideoEditorTimeline,
} from '@storyloom/core';
import { DEFAULT_GLOBAL_CONFIG, TIMELINE_SCHEMA_VERSION } from '@storyloom/core';
import type { IdSource } from './asset-item';
import type { CommandResult, CommandSuccess } from './commit-tracks';
import type { Refusal } from './refusal';
import { primaryTrackIndex } from './track-rules';

export function asset(
  id: string,
  type: ResourceType = 'video',
  seconds?: number,
  extra: Partial<MediaAsset> = {},
): MediaAsset {
  return {
    id,
    url: `/media/${id}`,
    resource_type: type,
    ...(seconds !== undefined ? { metadata: { duration: seconds } } : {}),
    ...extra,
  };
}

export function item(id: string, extra: Partial<TimelineItem> = {}): TimelineItem {
  return {
    id,
    type: 'video',
    startTimeInFrames: 0,
    durationInFrames: 90,
    speed: 1,
    volume: 1,
    ...extra,
  };
}

/** A video or audio item playing its asset's source from `trim` (frames). */
export function clip(
  id: string,
  assetId: string,
  start: number,
  duration: number,
  extra: Partial<TimelineItem> = {},
): TimelineItem {
  const trim = extra.sourceTrimStartFrames ?? 0;
  return item(id, {
    mediaAssetId: assetId,
    startTimeInFrames: start,
    durationInFrames: duration,
    sourceTrimStartFrames: trim,
    sourceTrimEndFrames: trim + duration * (extra.speed ?? 1),
    ...extra,
  });
}

export function track(
  id: string,
  type: TrackType,
  items: TimelineItem[],
  extra: Partial<Track> = {},
): Track {
  return { id, type, items, ...extra };
}

export function timelineOf(tracks: Track[], mediaAssets: MediaAsset[]): VideoEditorTimeline {
  return {
    schemaVersion: TIMELINE_SCHEMA_VERSION,
    tracks,
    mediaAssets,
    globalConfig: structuredCopy(DEFAULT_GLOBAL_CONFIG),
  };
}

function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export const ASSETS: MediaAsset[] = [
  asset('v1', 'video', 10),
  asset('v2', 'video', 10),
  asset('v3', 'video', 10),
  asset('v4', 'video', 2, { shot_id: 'sD', source: 'user_upload', title: 'Fourth' }),
  asset('vx', 'video'),
  asset('i1', 'image', undefined, { source: 'user_upload' }),
  asset('m1', 'audio', 60, { subtype: 'music' }),
  asset('m2', 'audio', 5, { subtype: 'music' }),
  asset('vo1', 'audio', 4, { subtype: 'voiceover' }),
  asset('vo2', 'audio', 4, { subtype: 'voiceover' }),
  asset('vo3', 'audio', 4, { subtype: 'voiceover' }),
  asset('f1', 'file'),
];

/**
 * Primary 'main': A(v1) 0–90, B(v2) 90–180, C(v3) 180–270 (shots sA, sB, sC); 'music':
 * M(m1) 0–300.
 */
export function basic(): VideoEditorTimeline {
  return timelineOf(
    [
      track(
        'main',
        'video',
        [
          clip('A', 'v1', 0, 90, { shotId: 'sA' }),
          clip('B', 'v2', 90, 90, { shotId: 'sB' }),
          clip('C', 'v3', 180, 90, { shotId: 'sC' }),
        ],
        { isPrimary: true, name: 'Video' },
      ),
      track('music', 'audio', [clip('M', 'm1', 0, 300, { type: 'audio' })], {
        subtype: 'music',
      }),
    ],
    ASSETS,
  );
}

/** `basic()` plus a voice-over track: VA, VB, VC under A, B, C (60 frames each, same shots). */
export function withVoice(): VideoEditorTimeline {
  const timeline = basic();
  return {
    ...timeline,
    tracks: [
      timeline.tracks[0]!,
      track(
        'voice',
        'audio',
        [
          clip('VA', 'vo1', 0, 60, { type: 'audio', shotId: 'sA' }),
          clip('VB', 'vo2', 90, 60, { type: 'audio', shotId: 'sB' }),
          clip('VC', 'vo3', 180, 60, { type: 'audio', shotId: 'sC' }),
        ],
        { subtype: 'voiceover' },
      ),
      timeline.tracks[1]!,
    ],
  };
}

/** A counter id source: n1, n2, ... */
export function counter(prefix = 'n'): IdSource {
  let next = 0;
  return () => `${prefix}${++next}`;
}

export function expectOk(result: CommandResult): CommandSuccess {
  if (!result.ok) throw new Error(`refused: ${result.reason.code} ${result.reason.message}`);
  return result;
}

export function expectRefused(result: { ok: boolean; reason?: Refusal }): Refusal {
  if (result.ok || !result.reason) throw new Error('expected a refusal');
  return result.reason;
}

export function primaryOf(timeline: Pick<VideoEditorTimeline, 'tracks'>): Track {
  return timeline.tracks[primaryTrackIndex(timeline.tracks)]!;
}

export function trackById(timeline: Pick<VideoEditorTimeline, 'tracks'>, id: string): Track {
  const found = timeline.tracks.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no track ${id}`);
  return found;
}

/** `id@start+duration` for each item of a track: compact layout assertions. */
export function layout(track: Track): string[] {
  return track.items.map(
    (entry) => `${entry.id}@${round(entry.startTimeInFrames)}+${round(entry.durationInFrames)}`,
  );
}

const round = (value: number) => Math.round(value * 1000) / 1000;
