import { describe, expect, it } from 'vitest';
import {
  fitWithinSide,
  OUTPUT_SIZES,
  storyAspectRatio,
  storyOutputSettings,
} from './output-settings';

describe('fitWithinSide', () => {
  it('scales the longer side down to the limit, keeping the ratio with even sides', () => {
    expect(fitWithinSide(OUTPUT_SIZES['16:9'], 640)).toEqual({ width: 640, height: 360 });
    expect(fitWithinSide(OUTPUT_SIZES['9:16'], 640)).toEqual({ width: 360, height: 640 });
    expect(fitWithinSide(OUTPUT_SIZES['1:1'], 721)).toEqual({ width: 720, height: 720 });
    expect(fitWithinSide({ width: 1000, height: 333 }, 500)).toEqual({ width: 500, height: 166 });
  });

  it('never scales up', () => {
    expect(fitWithinSide(OUTPUT_SIZES['16:9'], 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithinSide({ width: 641, height: 361 }, 3840)).toEqual({ width: 641, height: 361 });
  });
});

describe('storyAspectRatio / storyOutputSettings', () => {
  const portraitStill = {
    resource_type: 'image',
    metadata: { width: 720, height: 1280 },
  };

  it('takes the ratio chosen in the editor before anything else', () => {
    const story = {
      categoryInputs: { aspect_ratio: '16:9' },
      metadata: { aspect_ratio: '16:9' },
      timeline: { globalConfig: { aspectRatio: '1:1' as const }, mediaAssets: [portraitStill] },
    };
    expect(storyAspectRatio(story)).toBe('1:1');
    expect(storyOutputSettings(story, 90)).toEqual({
      width: 1080,
      height: 1080,
      aspectRatio: '1:1',
      totalDurationInFrames: 90,
    });
  });

  it("then the creation form's choice, then the metadata's", () => {
    expect(
      storyAspectRatio({
        categoryInputs: { aspect_ratio: '9:16' },
        metadata: { aspect_ratio: '1:1' },
      }),
    ).toBe('9:16');
    expect(
      storyAspectRatio({
        categoryInputs: { aspect_ratio: 'tall' },
        metadata: { aspect_ratio: '1:1' },
      }),
    ).toBe('1:1');
  });

  it('then the shape of the first picture or clip, skipping audio and unknown sizes', () => {
    const story = {
      timeline: {
        mediaAssets: [
          { resource_type: 'audio', metadata: { width: 1920, height: 1080 } },
          { resource_type: 'video', metadata: {} },
          portraitStill,
        ],
      },
    };
    expect(storyAspectRatio(story)).toBe('9:16');
    expect(storyOutputSettings(story)).toMatchObject({ width: 1080, height: 1920 });
  });

  it('skips timeline fields that do not parse', () => {
    expect(
      storyAspectRatio({
        metadata: { aspect_ratio: '1:1' },
        timeline: { globalConfig: { aspectRatio: 'wide' }, mediaAssets: 'none' },
      }),
    ).toBe('1:1');
    expect(storyAspectRatio({ timeline: 'not a timeline' })).toBe('16:9');
  });

  it('falls back to 1920x1080 at 16:9', () => {
    expect(storyAspectRatio({})).toBe('16:9');
    expect(storyOutputSettings({ timeline: null, categoryInputs: null })).toMatchObject({
      width: 1920,
      height: 1080,
      aspectRatio: '16:9',
    });
  });
});
