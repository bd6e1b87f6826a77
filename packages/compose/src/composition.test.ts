import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  videoEditorTimelineSchema,
  type VideoEditorTimelineInput,
} from '@storyloom/core';
import {
  captionsAt,
  composeTimeline,
  frameStateAt,
  tracksInPaintOrder,
  visualSlices,
} from './composition';
import { brandLogoWindows } from './brand';
import { drawFrameOverlays } from './frame-drawing';
import { recordingContext } from './test-support';

const asset = (id: string, resource_type: 'video' | 'image' | 'audio', frames?: number) => ({
  id,
  url: `/media/${id}`,
  resource_type,
  ...(frames ? { metadata: { frames, fps: 30 } } : {}),
});

function timeline(input: Partial<VideoEditorTimelineInput> = {}) {
  return videoEditorTimelineSchema.parse({
    mediaAssets: [
      asset('v1', 'video', 90),
      asset('i1', 'image'),
      asset('m1', 'audio', 900),
      asset('vo', 'audio', 300),
    ],
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'video',
            mediaAssetId: 'v1',
            startTimeInFrames: 0,
            durationInFrames: 90,
          },
          {
            id: 'b',
            type: 'image',
            mediaAssetId: 'i1',
            startTimeInFrames: 90,
            durationInFrames: 60,
          },
          { id: 'c', type: 'logo', startTimeInFrames: 150, durationInFrames: 45 },
        ],
      },
      {
        id: 'music',
        type: 'audio',
        subtype: 'music',
        items: [
          {
            id: 'm',
            type: 'audio',
            mediaAssetId: 'm1',
            startTimeInFrames: 0,
            durationInFrames: 195,
            volume: 0.4,
            effects: [{ type: 'fade-out', durationInFrames: 30 }],
          },
        ],
      },
      {
        id: 'caps',
        type: 'caption',
        subtype: 'caption',
        items: [
          {
            id: 'cap1',
            type: 'caption',
            startTimeInFrames: 10,
            durationInFrames: 50,
            caption: { data: { text: 'Hello there' } },
          },
        ],
      },
    ],
    ...input,
  });
}

describe('composeTimeline', () => {
  it('resolves pictures, sound and captions with their windows', () => {
    const c = composeTimeline(timeline(), { purpose: 'export' });
    expect(c.totalFrames).toBe(195);
    expect(c.visual.map((v) => [v.item.id, v.kind])).toEqual([
      ['a', 'video'],
      ['b', 'image'],
      ['c', 'logo'],
    ]);
    expect(c.audio.map((a) => [a.item.id, a.source, a.volume])).toEqual([
      ['a', 'video', 1],
      ['m', 'audio', 0.4],
    ]);
    expect(c.audio[1]!.fades).toEqual({ fadeIn: 0, fadeOut: 30 });
    expect(c.captions.map((x) => x.text)).toEqual(['Hello there']);
    expect(c.watermark).toBe(true);
    expect(c.totalFrames).toBe(195);
    expect(c.pictureFit).toBe('contain');
  });

  it('hides the watermark in the editor preview and when the export removes it', () => {
    expect(composeTimeline(timeline(), { purpose: 'editor-preview' }).watermark).toBe(false);
    expect(
      composeTimeline(timeline(), { purpose: 'export', removeWatermark: true }).watermark,
    ).toBe(false);
    const off = timeline({
      globalConfig: { watermark: { enabled: false } },
    });
    expect(composeTimeline(off, { purpose: 'export' }).watermark).toBe(false);
  });

  it('drops captions when captions are disabled', () => {
    const off = timeline({ globalConfig: { captions: { enabled: false } } });
    expect(composeTimeline(off, { purpose: 'export' }).captions).toEqual([]);
    expect(
      composeTimeline(timeline(), { purpose: 'export', captionsEnabled: false }).captions,
    ).toEqual([]);
  });

  it('skips an item whose media asset is missing (spec 3 §8)', () => {
    const t = timeline();
    t.tracks[0]!.items[0]!.mediaAssetId = 'gone';
    const c = composeTimeline(t, { purpose: 'export' });
    expect(c.skipped).toEqual([{ itemId: 'a', reason: 'Media asset with ID gone not found' }]);
    expect(c.visual.map((v) => v.item.id)).toEqual(['b', 'c']);
  });

  it('turns a failed shot without media into the 3 s placeholder and overlays a failed one with media', () => {
    const t = timeline();
    t.tracks[0]!.items = [
      {
        id: 'f',
        type: 'video',
        startTimeInFrames: 0,
        durationInFrames: 90,
        status: 'failed',
        speed: 1,
        volume: 1,
      },
      {
        id: 'g',
        type: 'image',
        mediaAssetId: 'i1',
        startTimeInFrames: 90,
        durationInFrames: 60,
        status: 'failed',
        speed: 1,
        volume: 1,
      },
      {
        id: 'o',
        type: 'overlay',
        startTimeInFrames: 150,
        durationInFrames: 30,
        overlayConfig: { type: 'error', message: 'Custom' },
        statusMessage: 'Oh no',
        speed: 1,
        volume: 1,
      },
    ];
    const c = composeTimeline(t, { purpose: 'export' });
    const texts = (frame: number) => {
      const ctx = recordingContext();
      drawFrameOverlays(ctx, c, frameStateAt(c, frame), 1920, 1080);
      return ctx.calls.filter((x) => x.name === 'fillText').map((x) => x.args[0] as string);
    };
    // Frame 5 is in the branded intro (its logo, then the watermark).
    expect(texts(5)).toEqual([MESSAGES.editor.failedPlaceholder, 'Storyloom', 'Storyloom']);
    expect(texts(100)[0]).toBe('Generation Error');
    expect(texts(100).slice(1, -1).join(' ')).toBe(MESSAGES.editor.failedShotOverlay);
    expect(c.visual.map((v) => [v.kind, v.failure])).toEqual([
      ['placeholder', null],
      [
        'image',
        { title: MESSAGES.editor.failedShotStatus, message: MESSAGES.editor.failedShotOverlay },
      ],
      ['blank', { title: 'Oh no', message: 'Custom' }],
    ]);
  });
});

describe('frames', () => {
  it('paints the primary track first and later tracks over it', () => {
    const t = timeline();
    t.tracks.unshift({
      id: 'top',
      type: 'video',
      items: [
        {
          id: 't',
          type: 'image',
          mediaAssetId: 'i1',
          startTimeInFrames: 30,
          durationInFrames: 30,
          speed: 1,
          volume: 1,
        },
      ],
    });
    expect(tracksInPaintOrder(t.tracks).map((x) => x.id)).toEqual(['main', 'top', 'music', 'caps']);
    const c = composeTimeline(t, { purpose: 'export' });
    expect(visualSlices(c).map((s) => [s.startFrame, s.endFrame, s.entry?.item.id])).toEqual([
      [0, 30, 'a'],
      [30, 60, 't'],
      [60, 90, 'a'],
      [90, 150, 'b'],
      [150, 195, 'c'],
    ]);
  });

  it('leaves gaps black', () => {
    const t = timeline();
    t.tracks[0]!.items[1]!.startTimeInFrames = 120;
    t.tracks[0]!.items.pop();
    const c = composeTimeline(t, { purpose: 'export' });
    expect(
      visualSlices(c).map((s) => [s.startFrame, s.endFrame, s.entry?.item.id ?? null]),
    ).toEqual([
      [0, 90, 'a'],
      [90, 120, null],
      [120, 180, 'b'],
      [180, 195, null],
    ]);
  });

  it('gives the player the state of a frame', () => {
    const c = composeTimeline(timeline(), { purpose: 'editor-preview' });
    const s = frameStateAt(c, 120);
    expect(s.visual?.entry.item.id).toBe('b');
    expect(s.visual?.progress).toBe(0.5);
    expect(s.visual?.motion?.zoom).toBeGreaterThanOrEqual(1);
    expect(frameStateAt(c, 45).visual?.sourceTime).toBe(1.5);
    expect(captionsAt(c, 9)).toEqual([]);
    expect(captionsAt(c, 10).map((x) => x.text)).toEqual(['Hello there']);
    expect(captionsAt(c, 60)).toEqual([]);
  });

  it('draws captions, the logo card and the watermark as the frame asks', () => {
    const c = composeTimeline(timeline(), { purpose: 'export' });
    const at = (frame: number) => {
      const ctx = recordingContext();
      drawFrameOverlays(ctx, c, frameStateAt(c, frame), 1920, 1080);
      return ctx.calls.filter((x) => x.name === 'fillText').map((x) => x.args[0]);
    };
    // Frame 20 is in the branded intro: the intro's logo, the caption over it, the watermark.
    expect(at(20)).toEqual(['Storyloom', 'Hello there', 'Storyloom']);
    expect(at(70)).toEqual(['Storyloom']);
    expect(at(0)).toEqual(['Storyloom']);
    const preview = composeTimeline(timeline(), { purpose: 'editor-preview' });
    const drawn = (frame: number) => {
      const ctx = recordingContext();
      drawFrameOverlays(ctx, preview, frameStateAt(preview, frame), 1920, 1080);
      return ctx.calls.filter((x) => x.name === 'fillText').map((x) => x.args[0]);
    };
    expect(drawn(70)).toEqual([]);
    // The player shows the intro too (it never shows the watermark).
    expect(drawn(20)).toEqual(['Storyloom', 'Hello there']);
  });

  it('plays the branded logo intro and outro over the story, 1.5 s each, in player and export', () => {
    const c = composeTimeline(timeline(), { purpose: 'editor-preview' });
    expect(c.totalFrames).toBe(195);
    expect(c.brandLogo).toEqual([
      { startFrame: 0, endFrame: 45 },
      { startFrame: 150, endFrame: 195 },
    ]);
    const opacity = (frame: number) => frameStateAt(c, frame).brandLogoOpacity;
    // Fades in over the first quarter, holds, fades out; in 1/16 steps.
    expect(opacity(0)).toBe(0);
    expect(opacity(6)).toBe(0.5625);
    expect(opacity(22)).toBe(1);
    expect(opacity(44)).toBe(0.0625);
    expect(opacity(100)).toBe(0);
    expect(opacity(172)).toBe(1);
    for (let f = 0; f < 195; f++) expect((opacity(f) * 16) % 1).toBe(0);
    // Off with the branding, and when the export removes the watermark.
    expect(
      composeTimeline(timeline(), { purpose: 'export', removeWatermark: true }).brandLogo,
    ).toEqual([]);
    expect(
      composeTimeline(timeline(), { purpose: 'export', watermarkEnabled: false }).brandLogo,
    ).toEqual([]);
  });

  it('plays only the intro when the story is shorter than both', () => {
    expect(brandLogoWindows(60, 45)).toEqual([{ startFrame: 0, endFrame: 45 }]);
    expect(brandLogoWindows(30, 45)).toEqual([{ startFrame: 0, endFrame: 30 }]);
    expect(brandLogoWindows(90, 45)).toHaveLength(2);
  });
});
