import { describe, expect, it } from 'vitest';
import { TIMELINE_SCHEMA_VERSION, emptyTimeline } from '@storyloom/core';
import { timelineViolations } from './invariants';
import { loadTimeline } from './load-timeline';
import { TIMELINE_MIGRATIONS, migrateTimelineDocument } from './timeline-migrations';
import { ASSETS, basic, expectRefused, layout, primaryOf, trackById } from './test-builders';

function loaded(raw: unknown) {
  const result = loadTimeline(raw);
  if (!result.ok) throw new Error(`refused: ${result.reason.message}`);
  expect(timelineViolations(result.timeline)).toEqual([]);
  return result;
}

describe('loadTimeline', () => {
  it('loads a valid timeline unchanged', () => {
    const result = loaded(basic());
    expect(result.timeline).toEqual(basic());
    expect(result.repairs).toEqual([]);
    expect(loaded(JSON.stringify(basic())).timeline).toEqual(basic());
  });

  it('no stored timeline is an empty one', () => {
    expect(loaded(null).timeline).toEqual(emptyTimeline());
  });

  it("refuses bad tracks with 'Invalid track data provided'", () => {
    for (const tracks of [
      undefined,
      'x',
      [1],
      [{ items: [] }],
      [{ id: 't' }],
      [{ id: 't', items: [{ id: 'i', type: 'sticker' }] }],
      [{ id: 't', items: [{ type: 'video' }] }],
    ]) {
      expect(expectRefused(loadTimeline({ tracks, mediaAssets: [] }))).toMatchObject({
        code: 'invalid_tracks',
        message: 'Invalid track data provided',
      });
    }
  });

  it("refuses bad media assets with 'Invalid media asset data provided'", () => {
    for (const mediaAssets of [
      'x',
      [null],
      [{ id: 'a', resource_type: 'video' }],
      [{ id: 'a', url: 'u', resource_type: 'gif' }],
    ]) {
      expect(expectRefused(loadTimeline({ tracks: [], mediaAssets }))).toMatchObject({
        code: 'invalid_assets',
        message: 'Invalid media asset data provided',
      });
    }
  });

  it("anything else that cannot load is 'Failed to initialize timeline'", () => {
    for (const raw of [
      42,
      [],
      '{nope',
      { schemaVersion: 99, tracks: [], mediaAssets: [] },
      { schemaVersion: 'one', tracks: [], mediaAssets: [] },
    ]) {
      expect(expectRefused(loadTimeline(raw)).message).toBe('Failed to initialize timeline');
    }
  });

  it('repairs what it can', () => {
    const raw = {
      tracks: [
        {
          id: 'extra',
          type: 'overlay',
          items: [{ id: 'o', type: 'video', startTimeInFrames: 10, durationInFrames: 5 }],
        },
        {
          id: 'main',
          type: 'video',
          isPrimary: true,
          items: [
            {
              id: 'B',
              type: 'video',
              mediaAssetId: 'v2',
              startTimeInFrames: 500,
              durationInFrames: 90,
              speed: 99,
              volume: 7,
            },
            {
              id: 'A',
              type: 'video',
              mediaAssetId: 'v1',
              startTimeInFrames: 3,
              durationInFrames: -4,
            },
            {
              id: 'G',
              type: 'video',
              mediaAssetId: 'ghost',
              startTimeInFrames: 0,
              durationInFrames: 30,
            },
            {
              id: 'I',
              type: 'image',
              mediaAssetId: 'i1',
              startTimeInFrames: 700,
              effects: [{ type: 'fade-in', durationInFrames: 500 }, { type: 'wipe' }],
            },
          ],
        },
        {
          id: 'music',
          type: 'audio',
          subtype: 'voiceover',
          items: [
            {
              id: 'M1',
              type: 'audio',
              mediaAssetId: 'm2',
              startTimeInFrames: 0,
              durationInFrames: 100,
              sourceTrimStartFrames: -3,
            },
            {
              id: 'M2',
              type: 'audio',
              mediaAssetId: 'm2',
              startTimeInFrames: 50,
              durationInFrames: 100,
              sourceTrimStartFrames: 100,
            },
            {
              id: 'M2',
              type: 'audio',
              mediaAssetId: 'm2',
              startTimeInFrames: 600,
              durationInFrames: 20,
            },
          ],
        },
        { id: 'empty', type: 'caption', items: [] },
      ],
      mediaAssets: [
        ...ASSETS,
        { ...ASSETS[0]!, title: 'dup' },
        { id: 'bad-meta', url: 'u', resource_type: 'video', metadata: { width: -5 } },
      ],
      globalConfig: { fps: 'fast', watermark: { enabled: 'no' } },
    };
    const result = loaded(raw);
    expect(result.migratedFrom).toBe(0);
    expect(result.timeline.schemaVersion).toBe(TIMELINE_SCHEMA_VERSION);
    expect(result.timeline.globalConfig).toEqual({
      fps: 30,
      watermark: { enabled: true, type: 'storyloom' },
      captions: { enabled: true },
    });
    expect(result.timeline.tracks.map((t) => [t.id, t.type, t.subtype, t.isPrimary])).toEqual([
      ['extra', 'video', undefined, undefined],
      ['main', 'video', undefined, true],
      ['music', 'audio', 'music', undefined],
    ]);
    // Sorted by start, packed; a bad duration takes the media length; the missing asset's item is skipped.
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+300', 'B@300+30', 'I@330+60']);
    expect(primaryOf(result.timeline).items[1]).toMatchObject({ speed: 10, volume: 1 });
    expect(primaryOf(result.timeline).items[2]!.effects).toEqual([
      { type: 'fade-in', durationInFrames: 30 },
    ]);
    // Negative trims start at 0, a window past the media moves back inside it, overlapping items
    // are pushed apart, a duplicate id is renamed.
    expect(layout(trackById(result.timeline, 'music'))).toEqual([
      'M1@0+100',
      'M2@100+100',
      'M2-2@600+20',
    ]);
    expect(trackById(result.timeline, 'music').items[1]).toMatchObject({
      sourceTrimStartFrames: 50,
      sourceTrimEndFrames: 150,
    });
    expect(result.timeline.mediaAssets.filter((a) => a.id === 'v1')).toHaveLength(1);
    expect(result.timeline.mediaAssets.at(-1)).toEqual({
      id: 'bad-meta',
      url: 'u',
      resource_type: 'video',
      metadata: {},
    });
    expect(result.repairs).toContain('item G skipped: media asset ghost not found');
  });
});

describe('schema version and migrations', () => {
  it('migrates step by step and refuses newer documents', () => {
    expect(migrateTimelineDocument({ tracks: [] })).toEqual({
      document: { tracks: [], schemaVersion: 1 },
      from: 0,
    });
    expect(migrateTimelineDocument({ schemaVersion: 1 })).toEqual({
      document: { schemaVersion: 1 },
      from: 1,
    });
    expect(migrateTimelineDocument({ schemaVersion: 2 })).toBeNull();
    const steps = [
      ...TIMELINE_MIGRATIONS,
      {
        from: 1,
        description: 'rename',
        migrate: (doc: Record<string, unknown>) => ({ ...doc, renamed: true }),
      },
    ];
    expect(migrateTimelineDocument({}, steps, 2)).toEqual({
      document: { schemaVersion: 2, renamed: true },
      from: 0,
    });
    expect(migrateTimelineDocument({ schemaVersion: 1 }, TIMELINE_MIGRATIONS, 3)).toBeNull();
  });
});
