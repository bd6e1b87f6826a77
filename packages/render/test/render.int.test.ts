import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemDurationInFrames } from '@storyloom/compose';
import type { VideoEditorTimelineInput } from '@storyloom/core';
import { RenderError, renderTimeline, type RenderTimelineOptions } from '../src/index';
import { colorClip, patternClip, stillImage, tone } from './media-fixtures';
import {
  averageColor,
  brightPixels,
  childFfmpegProcesses,
  colourPixels,
  framesAt,
  integratedLoudness,
  probe,
  rmsLevel,
} from './media-inspect';

const FPS = 30;
const FRAME = 1 / FPS;
let dir: string;
const media: Record<string, string> = {};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storyloom-render-test-'));
  const at = (name: string) => path.join(dir, name);
  media.red = await colorClip(at('red.mp4'), { color: 'red', seconds: 2 });
  media.green = await colorClip(at('green.mp4'), { color: 'green', seconds: 2 });
  media.blue = await colorClip(at('blue.mp4'), { color: 'blue', seconds: 2 });
  media.grey = await colorClip(at('grey.mp4'), { color: 'gray', seconds: 1 });
  media.pattern = await patternClip(at('pattern.mp4'), { seconds: 3 });
  media.still = await stillImage(at('still.png'));
  media.music = await tone(at('music.wav'), { seconds: 6 });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const asset = (id: string, resource_type: 'video' | 'image' | 'audio') => ({
  id,
  url: media[id]!,
  resource_type,
});

/** red [0,30) green [30,75) blue [75,120), silent pictures; music fading in over 1 s; a caption [40,55). */
function colourTimeline(): VideoEditorTimelineInput {
  const clip = (id: string, start: number, frames: number) => ({
    id: `item-${id}`,
    type: 'video' as const,
    mediaAssetId: id,
    startTimeInFrames: start,
    durationInFrames: frames,
    volume: 0,
  });
  return {
    mediaAssets: [
      asset('red', 'video'),
      asset('green', 'video'),
      asset('blue', 'video'),
      asset('music', 'audio'),
    ],
    tracks: [
      {
        id: 'pictures',
        type: 'video',
        isPrimary: true,
        items: [clip('red', 0, 30), clip('green', 30, 45), clip('blue', 75, 45)],
      },
      {
        id: 'music',
        type: 'audio',
        subtype: 'music',
        items: [
          {
            id: 'tune',
            type: 'audio',
            mediaAssetId: 'music',
            startTimeInFrames: 0,
            durationInFrames: 120,
            effects: [{ type: 'fade-in', durationInFrames: 30 }],
          },
        ],
      },
      {
        id: 'captions',
        type: 'caption',
        subtype: 'caption',
        items: [
          {
            id: 'cap',
            type: 'caption',
            startTimeInFrames: 40,
            durationInFrames: 15,
            caption: { data: { text: 'Caption window' } },
          },
        ],
      },
    ],
  };
}

function render(name: string, timeline: unknown, options: Partial<RenderTimelineOptions> = {}) {
  return renderTimeline({
    timeline,
    output: { width: 640, height: 360 },
    outputPath: path.join(dir, `${name}.mp4`),
    resolveMedia: (a) => a.url,
    ...options,
  });
}

const centre = { x: 200, y: 60, width: 240, height: 80 };
const captionBand = { x: 120, y: 200, width: 400, height: 140 };
const topRight = { x: 500, y: 0, width: 140, height: 44 };

describe('render golden tests', () => {
  let output: string;
  beforeAll(async () => {
    // Small segments, so the join of segments is part of what is checked. No branded logo
    // intro/outro: it veils the first and last 1.5 s, and these tests measure the clips' colours.
    const result = await render('colours', colourTimeline(), {
      segmentFrames: 50,
      brandLogo: false,
    });
    expect(result.plan.segments).toHaveLength(3);
    output = result.outputPath;
  }, 60_000);

  it('has the timeline duration within one frame, its size, 30 fps and 48 kHz sound', async () => {
    const p = await probe(output);
    expect(p.video).toMatchObject({ width: 640, height: 360, fps: 30, frames: 120 });
    expect(Math.abs(p.duration - 4)).toBeLessThanOrEqual(FRAME);
    expect(Math.abs(p.video.duration - 4)).toBeLessThanOrEqual(FRAME);
    expect(p.audio?.sampleRate).toBe(48000);
    expect(Math.abs(p.audio!.duration - 4)).toBeLessThanOrEqual(FRAME);
  });

  it('shows each solid-colour clip exactly in its window', async () => {
    const frames = await framesAt(output, [0, 15, 29, 30, 52, 74, 75, 100, 119]);
    const colour = (n: number) => averageColor(frames.get(n)!, centre);
    for (const n of [0, 15, 29])
      expect(colour(n)).toSatisfy(([r, g, b]) => r > 220 && g < 30 && b < 30);
    for (const n of [30, 52, 74])
      expect(colour(n)).toSatisfy(([r, g, b]) => r < 30 && g > 110 && g < 145 && b < 30);
    for (const n of [75, 100, 119])
      expect(colour(n)).toSatisfy(([r, g, b]) => r < 30 && g < 30 && b > 220);
  });

  it('draws a caption from its start frame to its end frame and not outside', async () => {
    const frames = await framesAt(output, [38, 39, 40, 47, 54, 55, 56]);
    const text = (n: number) => brightPixels(frames.get(n)!, captionBand);
    expect(text(38)).toBe(0);
    expect(text(39)).toBe(0);
    expect(text(40)).toBeGreaterThan(50);
    expect(text(47)).toBeGreaterThan(50);
    expect(text(54)).toBeGreaterThan(50);
    expect(text(55)).toBe(0);
    expect(text(56)).toBe(0);
  });

  it('shows the watermark by default and leaves it out when the export removes it', async () => {
    const withMark = await framesAt(output, [10, 100]);
    expect(brightPixels(withMark.get(10)!, topRight, 180)).toBeGreaterThan(10);
    expect(brightPixels(withMark.get(100)!, topRight, 180)).toBeGreaterThan(10);
    const clean = await render('no-watermark', colourTimeline(), { removeWatermark: true });
    expect(clean.plan.segments).toHaveLength(1);
    const frames = await framesAt(clean.outputPath, [10, 100]);
    expect(brightPixels(frames.get(10)!, topRight, 180)).toBe(0);
    expect(brightPixels(frames.get(100)!, topRight, 180)).toBe(0);
  }, 60_000);

  it('brings the sound of the whole timeline to -14 LUFS, across segments', async () => {
    // The tone alone measures about -19 LUFS; normalised once for the whole mix, not per segment.
    expect(await integratedLoudness(media.music!)).toBeLessThan(-17);
    expect(Math.abs((await integratedLoudness(output)) - -14)).toBeLessThanOrEqual(1);
    const first = await rmsLevel(output, 1.2, 0.4);
    const last = await rmsLevel(output, 3.4, 0.4);
    expect(Math.abs(first - last) / last).toBeLessThan(0.1);
  });

  it('plays sound quieter during a fade-in than in the body', async () => {
    const fading = await rmsLevel(output, 0, 0.3);
    const body = await rmsLevel(output, 1.5, 2);
    expect(body).toBeGreaterThan(0.03);
    expect(fading).toBeLessThan(body * 0.5);
  });
});

describe('emoji in captions', () => {
  /** Half a second of grey picture under one caption. */
  const captioned = (text: string) => ({
    mediaAssets: [asset('grey', 'video')],
    tracks: [
      {
        id: 'picture',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'g',
            type: 'video',
            mediaAssetId: 'grey',
            startTimeInFrames: 0,
            durationInFrames: 15,
            volume: 0,
          },
        ],
      },
      {
        id: 'captions',
        type: 'caption',
        subtype: 'caption',
        items: [
          {
            id: 'c',
            type: 'caption',
            startTimeInFrames: 0,
            durationInFrames: 15,
            caption: { data: { text } },
          },
        ],
      },
    ],
    globalConfig: { watermark: { enabled: false } },
  });

  it('exports emoji in colour, and a caption without emoji in its text colours only', async () => {
    const emoji = await render('emoji', captioned('Party 🎉🚀'));
    const plain = await render('no-emoji', captioned('Party time'));
    const [withEmoji, without] = await Promise.all(
      [emoji, plain].map(async (r) => (await framesAt(r.outputPath, [7])).get(7)!),
    );
    // The grey picture, white text and its dark stroke have no saturated pixels; the emoji do.
    expect(colourPixels(withEmoji!, captionBand)).toBeGreaterThan(300);
    expect(colourPixels(without!, captionBand)).toBe(0);
    expect(brightPixels(without!, captionBand)).toBeGreaterThan(50);
  }, 60_000);
});

describe('speed', () => {
  it('plays a speed-1.5 clip in 2/3 of its source time, picture and sound', async () => {
    const item = { type: 'video' as const, startTimeInFrames: 0, speed: 1.5 };
    const frames = itemDurationInFrames(item, FPS, { metadata: { frames: 90, fps: 30 } });
    expect(frames).toBe(60);
    const result = await render('speed', {
      mediaAssets: [asset('pattern', 'video')],
      tracks: [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [{ id: 'fast', mediaAssetId: 'pattern', durationInFrames: frames, ...item }],
        },
      ],
      globalConfig: { watermark: { enabled: false } },
    });
    const p = await probe(result.outputPath);
    const source = await probe(media.pattern!);
    expect(Math.abs(p.video.duration - (source.duration * 2) / 3)).toBeLessThanOrEqual(FRAME);
    expect(p.video.frames).toBe(60);
    expect(Math.abs(p.audio!.duration - 2)).toBeLessThanOrEqual(FRAME);
    expect(await rmsLevel(result.outputPath, 0.5, 1)).toBeGreaterThan(0.03);
  }, 60_000);
});

describe('layouts', () => {
  const timeline = () => ({
    mediaAssets: [asset('red', 'video'), asset('still', 'image')],
    tracks: [
      {
        id: 't',
        type: 'video' as const,
        isPrimary: true,
        items: [
          {
            id: 'r',
            type: 'video' as const,
            mediaAssetId: 'red',
            startTimeInFrames: 0,
            durationInFrames: 20,
          },
          {
            id: 's',
            type: 'image' as const,
            mediaAssetId: 'still',
            startTimeInFrames: 20,
            durationInFrames: 20,
          },
        ],
      },
      {
        id: 'c',
        type: 'caption' as const,
        items: [
          {
            id: 'cap',
            type: 'caption' as const,
            startTimeInFrames: 0,
            durationInFrames: 40,
            caption: { data: { text: 'Portrait and square' } },
          },
        ],
      },
    ],
  });

  /** Rows of a frame holding caption (near-white) pixels in the centre column band. */
  function captionRows(
    frame: Awaited<ReturnType<typeof framesAt>> extends Map<number, infer F> ? F : never,
  ) {
    const rows: number[] = [];
    for (let y = 0; y < frame.height; y++) {
      const band = {
        x: Math.round(frame.width * 0.2),
        y,
        width: Math.round(frame.width * 0.6),
        height: 1,
      };
      if (brightPixels(frame, band) > 2) rows.push(y);
    }
    return rows;
  }

  it('lays out 9:16: a landscape clip letterboxed, captions 18% from the bottom', async () => {
    const result = await render('portrait', timeline(), {
      output: { width: 360, height: 640 },
      removeWatermark: true,
    });
    const p = await probe(result.outputPath);
    expect(p.video).toMatchObject({ width: 360, height: 640, frames: 40 });
    const frame = (await framesAt(result.outputPath, [5])).get(5)!;
    expect(averageColor(frame, { x: 0, y: 0, width: 360, height: 100 })).toEqual([0, 0, 0]);
    expect(averageColor(frame, { x: 40, y: 250, width: 280, height: 40 })).toSatisfy(
      ([r, g, b]) => r > 220 && g < 30 && b < 30,
    );
    const rows = captionRows(frame);
    expect(rows.length).toBeGreaterThan(5);
    expect(Math.max(...rows)).toBeLessThanOrEqual(640 * 0.82);
    expect(Math.max(...rows)).toBeGreaterThan(640 * 0.82 - 40);
  }, 60_000);

  it('lays out 1:1: letterboxed, captions 16% from the bottom', async () => {
    const result = await render('square', timeline(), {
      output: { width: 360, height: 360 },
      removeWatermark: true,
    });
    const p = await probe(result.outputPath);
    expect(p.video).toMatchObject({ width: 360, height: 360, frames: 40 });
    const frame = (await framesAt(result.outputPath, [5])).get(5)!;
    expect(averageColor(frame, { x: 0, y: 0, width: 360, height: 60 })).toEqual([0, 0, 0]);
    const rows = captionRows(frame);
    expect(Math.max(...rows)).toBeLessThanOrEqual(360 * 0.84);
    expect(Math.max(...rows)).toBeGreaterThan(360 * 0.84 - 30);
  }, 60_000);
});

describe('failures', () => {
  it('fails on a missing media file with a clear error, leaving no process or temp file', async () => {
    const temp = mkdtempSync(path.join(dir, 'tmp-'));
    const timeline = colourTimeline();
    timeline.mediaAssets[1] = {
      ...timeline.mediaAssets[1]!,
      url: path.join(dir, 'nope.mp4'),
      title: 'Green',
    };
    const error = await render('missing', timeline, { tempDir: temp }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).code).toBe('MEDIA_UNREADABLE');
    expect((error as Error).message).toMatch(
      /^Media asset with ID green \("Green"\) could not be read: .*nope\.mp4/,
    );
    expect(readdirSync(temp)).toEqual([]);
    expect(existsSync(path.join(dir, 'missing.mp4'))).toBe(false);
    expect(childFfmpegProcesses()).toEqual([]);
  });

  it('refuses an invalid timeline naming the field', async () => {
    const timeline = colourTimeline();
    (timeline.tracks[0]!.items[0] as { startTimeInFrames: number }).startTimeInFrames = -5;
    await expect(render('invalid', timeline)).rejects.toThrow(
      /^Invalid timeline: tracks\.0\.items\.0\.startTimeInFrames: /,
    );
  });

  it('stops at once when canceled: ffmpeg killed, temp files removed, no output', async () => {
    const temp = mkdtempSync(path.join(dir, 'tmp-'));
    const controller = new AbortController();
    const progress: number[] = [];
    const long = {
      mediaAssets: [asset('still', 'image')],
      tracks: [
        {
          id: 't',
          type: 'video',
          isPrimary: true,
          items: [
            {
              id: 's',
              type: 'image',
              mediaAssetId: 'still',
              startTimeInFrames: 0,
              durationInFrames: 1800,
            },
          ],
        },
      ],
    };
    const pending = render('canceled', long, {
      output: { width: 1280, height: 720 },
      tempDir: temp,
      signal: controller.signal,
      onProgress: (percent) => {
        progress.push(percent);
        if (percent > 5) controller.abort();
      },
    });
    const error = await pending.catch((e: unknown) => e);
    expect((error as RenderError).code).toBe('CANCELED');
    expect(progress.some((p) => p > 5)).toBe(true);
    expect(readdirSync(temp)).toEqual([]);
    expect(existsSync(path.join(dir, 'canceled.mp4'))).toBe(false);
    expect(childFfmpegProcesses()).toEqual([]);
  }, 60_000);
});
