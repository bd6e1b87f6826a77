import { describe, expect, it } from 'vitest';
import {
  advancedSettingsSchema,
  ASMR_MATERIALS,
  ASMR_SHOT_OPTIONS,
  ASMR_STYLES,
  fillAsmrScene,
  findStyle,
  hasUnfilledAsmrPlaceholder,
  IMAGE_MODELS,
  imageModelConfigSchema,
  isQuickCharacterId,
  isTurboVideoConfig,
  nativeVideoResolution,
  STYLE_GRID,
  styleImageModelConfig,
  VIDEO_MODELS,
  VIDEO_MODELS_BY_RESOLUTION,
  videoModelConfigSchema,
  VISUAL_STYLES,
  voiceKeySchema,
  VOICES,
} from './index';

describe('models', () => {
  it('lists the spec models', () => {
    expect(IMAGE_MODELS).toHaveLength(8);
    expect(VIDEO_MODELS).toHaveLength(15);
  });

  it('groups video models by resolution in credit-table order (720p includes 768p)', () => {
    expect(VIDEO_MODELS_BY_RESOLUTION['360p']).toEqual(['pixverse4.5', 'pixverse5']);
    expect(VIDEO_MODELS_BY_RESOLUTION['720p']).toEqual([
      'pixverse4.5',
      'pixverse5',
      'kling2.1',
      'seedance-v1',
      'MiniMax-Hailuo-02',
      'wan-i2v',
      'wan2.2-i2v',
      'wan-multi-talk',
      'hedra',
      'creatify-aurora',
      'vidu-q2',
    ]);
    expect(VIDEO_MODELS_BY_RESOLUTION['1080p']).toEqual([
      'pixverse4.5',
      'pixverse5',
      'kling2-5',
      'kling2.1',
      'vidu-q2',
    ]);
    expect(nativeVideoResolution('MiniMax-Hailuo-02', '720p')).toBe('768p');
    expect(nativeVideoResolution('seedance-v1', '1080p')).toBeNull();
  });

  it('validates model configs', () => {
    expect(imageModelConfigSchema.parse({ model: 'gpt', parameters: { quality: 'high' } })).toEqual(
      {
        model: 'gpt',
        parameters: { quality: 'high' },
      },
    );
    expect(
      imageModelConfigSchema.safeParse({ model: 'gpt', parameters: { quality: 'ultra' } }).success,
    ).toBe(false);
    expect(imageModelConfigSchema.safeParse({ model: 'dalle' }).success).toBe(false);
    expect(
      videoModelConfigSchema.safeParse({ model: 'kling2.1', parameters: { videoMode: 'max' } })
        .success,
    ).toBe(false);
    expect(
      videoModelConfigSchema.safeParse({ model: 'kling2.1', parameters: { resolution: '4k' } })
        .success,
    ).toBe(false);
    expect(advancedSettingsSchema.parse({})).toEqual({});
  });

  it('vidu-q2 turbo follows the turbo flag, else videoMode std', () => {
    expect(isTurboVideoConfig({ model: 'vidu-q2' })).toBe(false);
    expect(isTurboVideoConfig({ model: 'vidu-q2', parameters: { videoMode: 'std' } })).toBe(true);
    expect(
      isTurboVideoConfig({ model: 'vidu-q2', parameters: { videoMode: 'std', turbo: false } }),
    ).toBe(false);
    expect(
      isTurboVideoConfig({ model: 'vidu-q2', parameters: { videoMode: 'pro', turbo: true } }),
    ).toBe(true);
  });
});

describe('visual styles', () => {
  it('has the 7 core styles with flux_kontext except ghibli', () => {
    expect(VISUAL_STYLES.map((style) => style.value)).toEqual([
      'photorealistic',
      'animation',
      'microworld',
      'crayon',
      'pixelart',
      'ghibli',
      'cyberpunk',
    ]);
    for (const style of VISUAL_STYLES) {
      expect(style.description.length).toBeGreaterThan(20);
      expect(style.avoidTerms.length).toBeGreaterThan(5);
      if (style.value === 'ghibli')
        expect(style.imageModelConfig).toEqual({ model: 'gpt', parameters: { quality: 'medium' } });
      else expect(style.imageModelConfig.model).toBe('flux_kontext');
    }
  });

  it('has a grid of 20 unique styles including Custom and Auto Style', () => {
    expect(STYLE_GRID).toHaveLength(20);
    expect(new Set(STYLE_GRID.map((entry) => entry.value)).size).toBe(20);
    expect(findStyle('custom')?.kind).toBe('custom');
    expect(findStyle('auto')?.name).toBe('Auto Style');
    expect(styleImageModelConfig('ghibli')?.model).toBe('gpt');
    expect(styleImageModelConfig('auto')).toBeUndefined();
  });
});

describe('voices', () => {
  it('includes auto and known keys only', () => {
    expect(VOICES[0]).toEqual({ key: 'auto', label: 'Auto' });
    expect(VOICES.length).toBeGreaterThanOrEqual(9);
    expect(voiceKeySchema.safeParse('auto').success).toBe(true);
    expect(voiceKeySchema.safeParse('robot').error?.issues[0]?.message).toBe(
      'Please choose a known voice',
    );
  });
});

describe('ASMR', () => {
  it('has 8 styles with their names and templates', () => {
    expect(ASMR_STYLES).toHaveLength(8);
    expect(ASMR_STYLES.find((style) => style.value === 'Smear')?.name).toBe('Smear & Spread');
    expect(fillAsmrScene('Smear', 'Clay')).toBe('Spreading Clay On Bread');
    expect(fillAsmrScene('Petridish', 'Crystal')).toBe('Growing Crystal from a petri dish');
    expect(fillAsmrScene('Upstairs', '')).toBe('Stepping on Material Object');
    expect(ASMR_MATERIALS).toEqual([
      'Fruit',
      'Baked Goods',
      'Toys',
      'Electronics',
      'Glass',
      'Clay',
      'Crystal',
    ]);
  });

  it('detects unfilled placeholders', () => {
    expect(hasUnfilledAsmrPlaceholder('A knife cutting Material Object')).toBe(true);
    expect(hasUnfilledAsmrPlaceholder('A knife cutting Shiny Object')).toBe(true);
    expect(hasUnfilledAsmrPlaceholder('A knife cutting Glass')).toBe(false);
  });

  it('lists 3..8 shots', () => {
    expect(ASMR_SHOT_OPTIONS.map((option) => option.label)).toEqual([
      '3 shots',
      '4 shots',
      '5 shots',
      '6 shots',
      '7 shots',
      '8 shots',
    ]);
  });

  it('quick characters start with local-', () => {
    expect(isQuickCharacterId('local-123')).toBe(true);
    expect(isQuickCharacterId('char-1')).toBe(false);
  });
});
