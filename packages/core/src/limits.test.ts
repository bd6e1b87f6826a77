import { describe, expect, it } from 'vitest';
import {
  findJsonHazard,
  hasUnsafeText,
  LIMITS,
  MAX_FRAME_VALUE,
  MEDIA_LIMITS,
  mediaLimitBreach,
} from './limits';
import { MESSAGES } from './messages';
import { renderVideoRequestSchema } from './render';
import { storyCreateSchema } from './story';
import { syncPayloadSchema } from './sync';
import { videoEditorTimelineSchema } from './timeline';

const image = (id: string, start: number, duration: number) => ({
  id,
  type: 'image',
  mediaAssetId: 'a1',
  startTimeInFrames: start,
  durationInFrames: duration,
});
const timeline = (items: unknown[], fps = 30) => ({
  tracks: [{ id: 't1', type: 'video', isPrimary: true, items }],
  mediaAssets: [{ id: 'a1', url: '/media/x.png', resource_type: 'image' }],
  globalConfig: { fps },
});
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('timeline bounds', () => {
  it('refuses frame values that would make planning loop or hold a worker for hours', () => {
    for (const duration of [1e308, 3e9, MAX_FRAME_VALUE + 1]) {
      expect(videoEditorTimelineSchema.safeParse(timeline([image('i', 0, duration)])).success).toBe(
        false,
      );
    }
    expect(videoEditorTimelineSchema.safeParse(timeline([image('i', 1e308, 30)])).success).toBe(
      false,
    );
  });

  it('caps the whole length at 3 hours at the timeline frame rate, naming the item', () => {
    const threeHours = LIMITS.timelineSeconds * 30;
    expect(videoEditorTimelineSchema.safeParse(timeline([image('i', 0, threeHours)])).success).toBe(
      true,
    );
    const over = videoEditorTimelineSchema.safeParse(
      timeline([image('i', 0, threeHours - 10), image('j', threeHours - 10, 11)]),
    );
    expect(firstMessage(over)).toBe(MESSAGES.limits.timelineTooLong);
    expect(over.error?.issues[0]?.path).toEqual(['tracks', 0, 'items', 1]);
    // At 60 fps the same frame count is only 1.5 hours.
    expect(
      videoEditorTimelineSchema.safeParse(timeline([image('i', 0, threeHours * 2)], 60)).success,
    ).toBe(true);
  });

  it('applies the same rule to every way a timeline comes in', () => {
    const long = timeline([image('i', 0, 3e9)]);
    expect(
      syncPayloadSchema.safeParse({ shots_map: {}, video_editor_timeline: long }).success,
    ).toBe(false);
    expect(
      storyCreateSchema.safeParse({
        category_id: 'create_from_scratch',
        video_editor_timeline: long,
      }).success,
    ).toBe(false);
    const render = (items: unknown[], fps?: number) =>
      renderVideoRequestSchema.safeParse({
        tracks: timeline(items).tracks,
        mediaAssets: timeline(items).mediaAssets,
        watermarkConfig: { enabled: false, type: 'storyloom' },
        ...(fps ? { configFromStory: { fps } } : {}),
      });
    expect(firstMessage(render([image('i', 0, LIMITS.timelineSeconds * 30 + 1)]))).toBe(
      MESSAGES.limits.timelineTooLong,
    );
    expect(render([image('i', 0, LIMITS.timelineSeconds * 30 + 1)], 60).success).toBe(true);
  });

  it('counts items over all tracks', () => {
    const items = Array.from({ length: 6000 }, (_, i) => image(`i${i}`, i * 30, 30));
    const two = {
      ...timeline([]),
      tracks: [
        { id: 't1', type: 'video', items },
        { id: 't2', type: 'video', items: items.map((i) => ({ ...i, id: `${i.id}b` })) },
      ],
    };
    expect(firstMessage(videoEditorTimelineSchema.safeParse(two))).toBe(
      MESSAGES.limits.tooManyItems,
    );
  });

  it('caps free-form story fields and extra shot keys', () => {
    const big = 'x'.repeat(LIMITS.freeFormJsonBytes);
    const story = (extra: object) =>
      storyCreateSchema.safeParse({ category_id: 'create_from_scratch', ...extra }).success;
    expect(story({ metadata: { note: 'fine' } })).toBe(true);
    expect(story({ metadata: { note: big } })).toBe(false);
    expect(story({ category_inputs: { anything: big } })).toBe(false);
    const shot = (extra: object) => ({ shot_id: 's1', lexorank: 'a', ...extra });
    expect(story({ storyboard: { shots_map: { s1: shot({ mine: 'x'.repeat(1000) }) } } })).toBe(
      true,
    );
    expect(
      story({
        storyboard: { shots_map: { s1: shot({ mine: 'x'.repeat(LIMITS.shotJsonBytes) }) } },
      }),
    ).toBe(false);
  });
});

describe('hasUnsafeText', () => {
  it('finds NUL characters and unpaired surrogates, and passes real text', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('lone \ud800 high')).toBe(true);
    expect(hasUnsafeText('lone \udc00 low')).toBe(true);
    expect(hasUnsafeText('ends high \ud83d')).toBe(true);
    expect(hasUnsafeText('emoji 😀, 日本語, العربية')).toBe(false);
  });
});

describe('findJsonHazard', () => {
  it('accepts ordinary bodies', () => {
    expect(findJsonHazard({ a: [1, 'two', { three: null }], b: true })).toBeNull();
  });

  it('names where the hazard is', () => {
    expect(findJsonHazard({ name: 'x\u0000' })).toEqual({ kind: 'text', path: 'name' });
    expect(findJsonHazard({ list: ['ok', '\udc00'] })).toEqual({
      kind: 'text',
      path: 'list[1]',
    });
    expect(findJsonHazard({ ['bad\u0000key']: 1 })?.kind).toBe('text');
    expect(findJsonHazard({ s: 'x'.repeat(LIMITS.jsonStringLength + 1) })?.kind).toBe(
      'string-length',
    );
    expect(findJsonHazard({ l: new Array(LIMITS.jsonArrayLength + 1).fill(0) })?.kind).toBe(
      'array-length',
    );
  });

  it('refuses deep nesting without recursing (100,000 levels)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findJsonHazard(deep)?.kind).toBe('depth');
    let ok: unknown = 'leaf';
    for (let i = 0; i < LIMITS.jsonDepth - 1; i++) ok = { a: ok };
    expect(findJsonHazard(ok)).toBeNull();
  });
});

describe('media limits', () => {
  it('accepts ordinary media and media that says nothing', () => {
    expect(
      mediaLimitBreach({
        seconds: 60,
        frames: 1500,
        width: 1920,
        height: 1080,
        sampleRate: 48_000,
        channels: 2,
      }),
    ).toBeNull();
    expect(mediaLimitBreach({})).toBeNull();
  });

  it('refuses by declared length, frames, frame size, sample rate and channels', () => {
    expect(mediaLimitBreach({ seconds: 24 * 3600 })).toBe(MESSAGES.limits.mediaTooLong(3));
    expect(mediaLimitBreach({ frames: MEDIA_LIMITS.frames + 1 })).toBe(
      MESSAGES.limits.mediaTooManyFrames(MEDIA_LIMITS.frames),
    );
    const tooLarge = MESSAGES.limits.mediaFrameTooLarge(
      MEDIA_LIMITS.framePixels,
      MEDIA_LIMITS.frameSide,
    );
    expect(mediaLimitBreach({ width: 16_000, height: 16_000 })).toBe(tooLarge);
    expect(mediaLimitBreach({ width: 20_000, height: 10 })).toBe(tooLarge);
    const rate = MESSAGES.limits.mediaSampleRate(8_000, 384_000);
    expect(mediaLimitBreach({ sampleRate: 1 })).toBe(rate);
    expect(mediaLimitBreach({ sampleRate: 768_000 })).toBe(rate);
    expect(mediaLimitBreach({ sampleRate: 384_000 })).toBeNull();
    expect(mediaLimitBreach({ channels: 64 })).toBe(MESSAGES.limits.mediaChannels(16));
  });
});
