import { describe, expect, it } from 'vitest';
import { buildStory } from '@storyloom/core/test-builders';
import {
  exportPlan,
  initialRemoveWatermark,
  nextRingProgress,
  shareActionVerb,
  shareLink,
} from './share-rules';

describe('exportPlan', () => {
  const exported = buildStory({ last_export_url: '/media/exports/a.mp4' });

  it('reuses a valid export', () => {
    expect(exportPlan({ story: exported, userId: 'someone', watermarkChanged: false })).toEqual({
      kind: 'reuse',
      url: '/media/exports/a.mp4',
    });
  });

  it('exports again for the owner when outdated, missing, or the watermark toggle changed', () => {
    const owner = exported.user_id;
    for (const story of [
      { ...exported, is_export_outdated: true },
      { ...exported, last_export_url: null },
    ])
      expect(exportPlan({ story, userId: owner, watermarkChanged: false })).toEqual({
        kind: 'export',
      });
    expect(exportPlan({ story: exported, userId: owner, watermarkChanged: true })).toEqual({
      kind: 'export',
    });
  });

  it('gives others the last export, or nothing', () => {
    expect(
      exportPlan({
        story: { ...exported, is_export_outdated: true },
        userId: 'reader',
        watermarkChanged: false,
      }),
    ).toEqual({ kind: 'use-last', url: '/media/exports/a.mp4' });
    expect(
      exportPlan({
        story: { ...exported, last_export_url: null },
        userId: 'reader',
        watermarkChanged: false,
      }),
    ).toEqual({ kind: 'none' });
  });
});

describe('initialRemoveWatermark', () => {
  it('is on only when the timeline has its watermark off', () => {
    expect(initialRemoveWatermark({ video_editor_timeline: null })).toBe(false);
    const timeline = {
      tracks: [],
      mediaAssets: [],
      globalConfig: {
        fps: 30,
        watermark: { enabled: false, type: 'storyloom' },
        captions: { enabled: true },
      },
    } as unknown as NonNullable<
      Parameters<typeof initialRemoveWatermark>[0]['video_editor_timeline']
    >;
    expect(initialRemoveWatermark({ video_editor_timeline: timeline })).toBe(true);
  });
});

describe('share helpers', () => {
  it('builds the share link and the failure verbs', () => {
    expect(shareLink('https://s.example', 'a b')).toBe('https://s.example/story/share/a%20b');
    expect(shareActionVerb('generate_link')).toBe('generate link');
    expect(shareActionVerb('share_file_native')).toBe('share');
  });

  it('advances the ring in steps and never past 90', () => {
    expect(nextRingProgress(0, 0)).toBe(2);
    expect(nextRingProgress(10, 0.99)).toBe(18);
    expect(nextRingProgress(89, 0.5)).toBe(90);
    expect(nextRingProgress(90, 0.5)).toBe(90);
  });
});
