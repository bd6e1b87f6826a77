import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, recommendationScore, roundPortion } from './tracking';

const base = { views: 0, downloads: 0, createClicks: 0, playPortion: 0, ageHours: 0 };

describe('recommendationScore', () => {
  it('rises with engagement, downloads and create clicks weighing more than views', () => {
    const views = recommendationScore({ ...base, views: 3 });
    expect(views).toBeGreaterThan(recommendationScore(base));
    expect(recommendationScore({ ...base, downloads: 1 })).toBe(views);
    expect(recommendationScore({ ...base, createClicks: 1 })).toBeGreaterThan(views);
    expect(recommendationScore({ ...base, playPortion: 1.5 })).toBe(views);
  });

  it('decays with age so that a new story can pass an older, busier one', () => {
    const older = recommendationScore({ ...base, views: 5, ageHours: 48 });
    const fresh = recommendationScore({ ...base, ageHours: 1 });
    expect(fresh).toBeGreaterThan(older);
    expect(recommendationScore({ ...base, ageHours: 0 })).toBeCloseTo(1 / Math.pow(2, 1.5), 12);
  });
});

describe('roundPortion', () => {
  it('clamps to 0..1 and keeps two decimals', () => {
    expect(roundPortion(0.123456)).toBe(0.12);
    expect(roundPortion(0.999)).toBe(1);
    expect(roundPortion(1.7)).toBe(1);
    expect(roundPortion(-0.2)).toBe(0);
    expect(roundPortion(Number.NaN)).toBe(0);
  });
});

describe('analyticsEventSchema', () => {
  it('checks the properties of the events the spec details', () => {
    expect(
      analyticsEventSchema.safeParse({
        event: 'editor_opened',
        properties: { story_id: 's1', opened_from: 'story_card' },
      }).success,
    ).toBe(true);
    expect(
      analyticsEventSchema.safeParse({
        event: 'editor_opened',
        properties: { story_id: 's1', opened_from: 'somewhere' },
      }).success,
    ).toBe(false);
    expect(analyticsEventSchema.safeParse({ event: 'made_up', properties: {} }).success).toBe(
      false,
    );
    expect(
      analyticsEventSchema.safeParse({
        event: 'story_music_uploaded',
        properties: { method: 'file' },
      }).success,
    ).toBe(true);
  });
});
