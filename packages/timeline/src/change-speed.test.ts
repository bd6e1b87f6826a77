import { describe, expect, it } from 'vitest';
import { changeSpeed } from './change-speed';
import { changeVolume, nudgeVolume } from './change-volume';
import { setFade } from './set-fade';
import {
  ASSETS,
  basic,
  expectOk,
  expectRefused,
  item,
  layout,
  primaryOf,
  timelineOf,
  track,
  trackById,
  withVoice,
} from './test-builders';

describe('changeSpeed', () => {
  it('new duration = old duration × old speed ÷ new speed; later items shift', () => {
    const result = expectOk(changeSpeed(basic(), { itemId: 'A', speed: 2 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+45', 'B@45+90', 'C@135+90']);
    const a = primaryOf(result.timeline).items[0]!;
    expect(a).toMatchObject({ speed: 2, sourceTrimStartFrames: 0, sourceTrimEndFrames: 90 });
    const back = expectOk(changeSpeed(result.timeline, { itemId: 'A', speed: 0.5 }));
    expect(primaryOf(back.timeline).items[0]!.durationInFrames).toBe(180);
    expect(result.description).toBe('Change speed');
  });

  it('clamps at 0.1', () => {
    const result = expectOk(changeSpeed(basic(), { itemId: 'A', speed: 0.01 }));
    expect(primaryOf(result.timeline).items[0]).toMatchObject({
      speed: 0.1,
      durationInFrames: 900,
    });
  });

  it('gives every video or audio item of the group the same speed', () => {
    const timeline = withVoice();
    const grouped = {
      ...timeline,
      tracks: timeline.tracks.map((t) => ({
        ...t,
        items: t.items.map((i) => (i.id === 'A' || i.id === 'VA' ? { ...i, groupId: 'g' } : i)),
      })),
    };
    const result = expectOk(changeSpeed(grouped, { itemId: 'A', speed: 1.5 }));
    expect(layout(primaryOf(result.timeline))).toEqual(['A@0+60', 'B@60+90', 'C@150+90']);
    expect(layout(trackById(result.timeline, 'voice'))).toEqual([
      'VA@0+40',
      'VB@60+60',
      'VC@150+60',
    ]);
  });

  it('is for video and audio items; the same speed is ignored', () => {
    const images = timelineOf(
      [
        track('main', 'video', [item('I', { type: 'image', mediaAssetId: 'i1' })], {
          isPrimary: true,
        }),
      ],
      ASSETS,
    );
    expect(expectRefused(changeSpeed(images, { itemId: 'I', speed: 2 })).message).toBe(
      'Not supported',
    );
    expect(expectRefused(changeSpeed(basic(), { itemId: 'A', speed: 1 })).code).toBe('ignored');
    expect(expectRefused(changeSpeed(basic(), { itemId: 'Q', speed: 2 })).message).toBe(
      'Timeline item with ID Q not found',
    );
  });
});

describe('volume', () => {
  it('steps by 0.05 and stays within 0..1', () => {
    const down = expectOk(nudgeVolume(basic(), { itemId: 'M', direction: -1 }));
    expect(trackById(down.timeline, 'music').items[0]!.volume).toBe(0.95);
    expect(expectRefused(nudgeVolume(basic(), { itemId: 'M', direction: 1 })).code).toBe('ignored');
    let timeline = basic();
    for (let i = 0; i < 25; i++) {
      const next = nudgeVolume(timeline, { itemId: 'M', direction: -1 });
      if (next.ok) timeline = next.timeline;
    }
    expect(trackById(timeline, 'music').items[0]!.volume).toBe(0);
    expect(
      trackById(expectOk(changeVolume(basic(), { itemId: 'M', volume: -3 })).timeline, 'music')
        .items[0]!.volume,
    ).toBe(0);
  });
});

describe('fades', () => {
  it('up to half the duration; zero removes the effect', () => {
    const result = expectOk(setFade(basic(), { itemId: 'A', type: 'fade-in', seconds: 10 }));
    expect(primaryOf(result.timeline).items[0]!.effects).toEqual([
      { type: 'fade-in', durationInFrames: 45 },
    ]);
    const out = expectOk(setFade(result.timeline, { itemId: 'A', type: 'fade-out', seconds: 0.5 }));
    expect(primaryOf(out.timeline).items[0]!.effects).toEqual([
      { type: 'fade-in', durationInFrames: 45 },
      { type: 'fade-out', durationInFrames: 15 },
    ]);
    const cleared = expectOk(setFade(out.timeline, { itemId: 'A', type: 'fade-in', seconds: 0 }));
    expect(primaryOf(cleared.timeline).items[0]!.effects).toEqual([
      { type: 'fade-out', durationInFrames: 15 },
    ]);
    const none = expectOk(setFade(cleared.timeline, { itemId: 'A', type: 'fade-out', seconds: 0 }));
    expect(primaryOf(none.timeline).items[0]!.effects).toBeUndefined();
    expect(
      expectRefused(setFade(basic(), { itemId: 'A', type: 'fade-in', seconds: -1 })).code,
    ).toBe('invalid_value');
  });
});
