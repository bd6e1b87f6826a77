import { describe, expect, it } from 'vitest';
import {
  captionDetectionCredits,
  captionDetectionProgress,
  emptyTimeline,
  generateCaptionRequestSchema,
  globalConfigSchema,
  mediaAssetSchema,
  orderedShots,
  renderStatusSchema,
  renderVideoRequestSchema,
  shotSchema,
  syncPayloadSchema,
  TIMELINE_SCHEMA_VERSION,
  timelineItemSchema,
  trackSchema,
  videoEditorTimelineSchema,
} from './index';

const item = { id: 'i1', type: 'video', startTimeInFrames: 0, durationInFrames: 90 } as const;

describe('timelineItemSchema', () => {
  it('defaults speed and volume to 1', () => {
    expect(timelineItemSchema.parse(item)).toEqual({ ...item, speed: 1, volume: 1 });
  });

  it('accepts effects, overlays, captions and failure status', () => {
    const full = {
      ...item,
      type: 'caption',
      effects: [{ type: 'fade-in', durationInFrames: 15 }],
      overlayConfig: { type: 'error', message: 'Generation Error' },
      caption: { data: { text: 'Hello' }, style: { fontSize: 30 } },
      status: 'failed',
      statusMessage: 'x',
    };
    expect(timelineItemSchema.parse(full)).toMatchObject(full);
  });

  it.each([
    ['negative start', { ...item, startTimeInFrames: -1 }],
    ['zero duration', { ...item, durationInFrames: 0 }],
    ['negative trim', { ...item, sourceTrimStartFrames: -2 }],
    ['volume above 1', { ...item, volume: 1.5 }],
    ['speed below 0.1', { ...item, speed: 0.05 }],
    ['unknown type', { ...item, type: 'sticker' }],
    ['unknown effect', { ...item, effects: [{ type: 'wipe', durationInFrames: 3 }] }],
    ['overlay type', { ...item, overlayConfig: { type: 'info' } }],
    ['status', { ...item, status: 'ok' }],
  ])('rejects %s', (_label, value) => {
    expect(timelineItemSchema.safeParse(value).success).toBe(false);
  });
});

describe('tracks, assets and the timeline', () => {
  it('tracks carry type, optional subtype and items', () => {
    expect(
      trackSchema.parse({
        id: 't',
        type: 'audio',
        subtype: 'voiceover',
        items: [],
        isPrimary: false,
      }).subtype,
    ).toBe('voiceover');
    expect(trackSchema.safeParse({ id: 't', type: 'overlay', items: [] }).success).toBe(false);
    expect(
      trackSchema.safeParse({ id: 't', type: 'audio', subtype: 'sfx', items: [] }).success,
    ).toBe(false);
  });

  it('media assets', () => {
    const asset = {
      id: 'a',
      url: 'https://cdn/a.mp4',
      resource_type: 'video',
      source: 'user_upload',
      metadata: { width: 1920, height: 1080, duration: 5, fps: 30, frames: 150 },
      configs: { genre: 'Pop', has_lyrics: false },
      created_at: '2025-01-01T00:00:00.000Z',
    };
    expect(mediaAssetSchema.parse(asset)).toEqual(asset);
    expect(mediaAssetSchema.safeParse({ ...asset, source: 'stolen' }).success).toBe(false);
    expect(mediaAssetSchema.safeParse({ ...asset, resource_type: 'gif' }).success).toBe(false);
  });

  it('global config defaults: 30 fps, watermark on with our type, captions on', () => {
    expect(globalConfigSchema.parse({})).toEqual({
      fps: 30,
      watermark: { enabled: true, type: 'storyloom' },
      captions: { enabled: true },
    });
    expect(globalConfigSchema.parse({ watermark: { enabled: false } }).watermark).toEqual({
      enabled: false,
      type: 'storyloom',
    });
  });

  it('timelines carry the schema version', () => {
    expect(TIMELINE_SCHEMA_VERSION).toBe(1);
    expect(videoEditorTimelineSchema.parse({ tracks: [], mediaAssets: [] })).toEqual(
      emptyTimeline(),
    );
    expect(
      videoEditorTimelineSchema.safeParse({ schemaVersion: 2, tracks: [], mediaAssets: [] })
        .success,
    ).toBe(false);
  });
});

describe('shots', () => {
  it('keeps unknown keys and orders by lexorank', () => {
    const shot = shotSchema.parse({ shot_id: 's', lexorank: 'b', shot_type: '', extra: 1 });
    expect(shot).toEqual({ shot_id: 's', lexorank: 'b', shot_type: '', extra: 1 });
    expect(
      shotSchema.safeParse({ shot_id: 's', lexorank: 'a', shot_type: 'generated' }).success,
    ).toBe(false);
    const ordered = orderedShots({
      x: { shot_id: 'x', lexorank: 'b' },
      y: { shot_id: 'y', lexorank: 'B' },
      z: { shot_id: 'z', lexorank: 'a' },
      w: { shot_id: 'w', lexorank: 'a' },
    });
    expect(ordered.map((s) => s.shot_id)).toEqual(['y', 'w', 'z', 'x']);
  });
});

describe('editor calls', () => {
  it('sync sends shots (null deletes) and the timeline', () => {
    const parsed = syncPayloadSchema.parse({
      shots_map: { s1: { shot_id: 's1', lexorank: 'a' }, s2: null },
      video_editor_timeline: { tracks: [], mediaAssets: [] },
      base_version: 3,
    });
    expect(parsed.shots_map.s2).toBeNull();
    expect(parsed.video_editor_timeline.schemaVersion).toBe(1);
    expect(
      syncPayloadSchema.safeParse({ shots_map: {}, video_editor_timeline: null }).success,
    ).toBe(false);
  });

  it('render request defaults downloadBehavior to download', () => {
    const parsed = renderVideoRequestSchema.parse({
      tracks: [],
      mediaAssets: [],
      watermarkConfig: { enabled: true, type: 'storyloom' },
    });
    expect(parsed.downloadBehavior).toBe('download');
    expect(
      renderStatusSchema.safeParse({ renderId: 'r', status: 'success', url: 'u' }).success,
    ).toBe(true);
    expect(renderStatusSchema.safeParse({ renderId: 'r', status: 'done' }).success).toBe(false);
  });

  it('caption requests take audio items only and omit auto language', () => {
    const track = {
      id: 't',
      type: 'audio',
      subtype: 'voiceover',
      items: [{ ...item, type: 'audio' }],
    };
    const request = { tracks: [track], mediaAssets: [], globalConfig: { fps: 30 } };
    expect(generateCaptionRequestSchema.safeParse(request).success).toBe(true);
    expect(generateCaptionRequestSchema.safeParse({ ...request, language: 'ja' }).success).toBe(
      true,
    );
    expect(generateCaptionRequestSchema.safeParse({ ...request, language: 'auto' }).success).toBe(
      false,
    );
    expect(
      generateCaptionRequestSchema.safeParse({ ...request, tracks: [{ ...track, items: [item] }] })
        .success,
    ).toBe(false);
  });

  it('caption detection price per started minute, rounded up', () => {
    expect(captionDetectionCredits(0, 5)).toBe(0);
    expect(captionDetectionCredits(1, 5)).toBe(5);
    expect(captionDetectionCredits(60, 5)).toBe(5);
    expect(captionDetectionCredits(61, 5)).toBe(10);
    expect(captionDetectionCredits(61, 2.5)).toBe(5);
    expect(captionDetectionCredits(121, 2.5)).toBe(8);
  });

  it('caption detection progress reaches 95 after a sixth of the audio and stays there', () => {
    expect(captionDetectionProgress(0, 60)).toBe(0);
    expect(captionDetectionProgress(5000, 60)).toBeCloseTo(47.5);
    expect(captionDetectionProgress(10000, 60)).toBe(95);
    expect(captionDetectionProgress(1e9, 60)).toBe(95);
  });
});
