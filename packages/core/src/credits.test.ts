import { describe, expect, it } from 'vitest';
import type { CreditInput, ImageModelConfig, VideoModelConfig } from './index';
import {
  ASMR_TABLE_CREDITS_PER_SHOT,
  asmrCredits,
  calculateCredits,
  continuationCharge,
  CREDIT_TYPES,
  creditType,
  imageCreditsPerShot,
  musicVideoBaseCredits,
  musicVideoShotCount,
  musicVideoShotRoles,
  startCharge,
  videoCreditsPerShot,
  type GeneratingCreditInput,
} from './index';

describe('credit types', () => {
  it('has each generating category with a .preview variant', () => {
    expect(CREDIT_TYPES).toEqual([
      'story.character_vlog',
      'story.character_vlog.preview',
      'story.script_to_video',
      'story.script_to_video.preview',
      'story.music_video',
      'story.music_video.preview',
      'story.asmr_video',
      'story.asmr_video.preview',
    ]);
    expect(creditType('music_video', true)).toBe('story.music_video.preview');
    expect(creditType('asmr_video', false)).toBe('story.asmr_video');
  });
});

describe('image credits per shot (every row of spec 1 §9)', () => {
  it.each<[ImageModelConfig | undefined, number]>([
    [{ model: 'fluxdev' }, 10],
    [{ model: 'flux_kontext' }, 15],
    [{ model: 'character' }, 10],
    [{ model: 'gpt', parameters: { quality: 'low' } }, 15],
    [{ model: 'gpt', parameters: { quality: 'medium' } }, 30],
    [{ model: 'gpt', parameters: { quality: 'high' } }, 100],
    [{ model: 'seedream4' }, 15],
    [{ model: 'nano-banana' }, 15],
    [{ model: 'qwen-image' }, 10],
    [{ model: 'imagen4' }, 10],
    [undefined, 10],
  ])('%j -> %d', (config, credits) => {
    expect(imageCreditsPerShot(config)).toBe(credits);
  });

  it('prices gpt without quality as medium', () => {
    expect(imageCreditsPerShot({ model: 'gpt' })).toBe(30);
  });
});

describe('video credits per shot (every row of spec 1 §9)', () => {
  const at = (
    model: VideoModelConfig['model'],
    resolution?: '360p' | '720p' | '768p' | '1080p',
    turbo?: boolean,
  ): VideoModelConfig => ({
    model,
    parameters: {
      ...(resolution ? { resolution } : {}),
      ...(turbo === undefined ? {} : { turbo }),
    },
  });

  it.each<[VideoModelConfig, number]>([
    [at('pixverse4.5', '360p'), 75],
    [at('pixverse4.5', '720p'), 100],
    [at('pixverse4.5', '1080p'), 200],
    [at('pixverse5', '360p'), 75],
    [at('pixverse5', '720p'), 100],
    [at('pixverse5', '1080p'), 200],
    [at('kling2-5', '1080p'), 100],
    [at('kling2.1', '720p'), 100],
    [at('kling2.1', '1080p'), 200],
    [at('seedance-v1', '720p'), 100],
    [at('MiniMax-Hailuo-02', '768p'), 60],
    [at('wan-i2v', '720p'), 100],
    [at('wan2.2-i2v', '720p'), 100],
    [at('wan-multi-talk', '720p'), 100],
    [at('hedra', '720p'), 100],
    [at('creatify-aurora', '720p'), 800],
    [at('vidu-q2', '720p', true), 100],
    [at('vidu-q2', '720p', false), 150],
    [at('vidu-q2', '1080p', true), 200],
    [at('vidu-q2', '1080p', false), 350],
    [at('veo3_fast'), 100],
    [at('kling'), 100],
  ])('%j -> %d', (config, credits) => {
    expect(videoCreditsPerShot(config)).toBe(credits);
  });

  it('is zero when video generation is skipped', () => {
    expect(videoCreditsPerShot(at('creatify-aurora', '720p'), { skipVideo: true })).toBe(0);
    expect(videoCreditsPerShot(undefined, { skipVideo: true })).toBe(0);
  });

  it('defaults to 100 without a config or outside the table', () => {
    expect(videoCreditsPerShot(undefined)).toBe(100);
    expect(videoCreditsPerShot(at('kling2-5', '360p'))).toBe(100);
  });

  it('selects vidu-q2 turbo from videoMode when the flag is unset', () => {
    expect(
      videoCreditsPerShot({
        model: 'vidu-q2',
        parameters: { resolution: '720p', videoMode: 'std' },
      }),
    ).toBe(100);
    expect(
      videoCreditsPerShot({
        model: 'vidu-q2',
        parameters: { resolution: '720p', videoMode: 'pro' },
      }),
    ).toBe(150);
    expect(
      videoCreditsPerShot({
        model: 'vidu-q2',
        parameters: { resolution: '1080p', videoMode: 'std', turbo: false },
      }),
    ).toBe(350);
    expect(videoCreditsPerShot({ model: 'vidu-q2' })).toBe(150);
  });

  it('matches resolutions of the same group and fills a missing resolution', () => {
    expect(videoCreditsPerShot(at('MiniMax-Hailuo-02', '720p'))).toBe(60);
    expect(videoCreditsPerShot(at('MiniMax-Hailuo-02'))).toBe(60);
    expect(videoCreditsPerShot(at('pixverse5'))).toBe(100);
    expect(videoCreditsPerShot(at('kling2-5'))).toBe(100);
    expect(videoCreditsPerShot(at('creatify-aurora'))).toBe(800);
  });
});

describe('music video base credits', () => {
  it.each([
    ['singing-dancing', undefined, 55],
    ['lyrics-video', undefined, 55],
    ['story-focused', undefined, 55],
    ['consistent-character', undefined, 65],
    ['consistent-style', 'auto', 65],
    ['consistent-style', 'ghibli', 55],
    ['singing-dancing', 'auto', 55],
  ] as const)('%s with style %s -> %d', (videoType, style, credits) => {
    expect(musicVideoBaseCredits({ videoType, style })).toBe(credits);
  });
});

describe('asmr credits', () => {
  it('is 600 per shot full and 40 per shot preview, 3 shots by default', () => {
    expect(asmrCredits({ numShots: 3, preview: false })).toBe(1800);
    expect(asmrCredits({ numShots: 8, preview: true })).toBe(320);
    expect(asmrCredits({})).toBe(1800);
    expect(asmrCredits({ preview: true })).toBe(120);
  });

  it('exports the 560 table value', () => {
    expect(ASMR_TABLE_CREDITS_PER_SHOT).toBe(560);
  });
});

describe('musicVideoShotCount', () => {
  it.each([
    [{ videoType: 'lyrics-video', musicDuration: 60, numShots: 7 }, 7],
    [{ videoType: 'lyrics-video', musicDuration: 12 }, 3],
    [{ videoType: 'singing-dancing' }, 2],
    [{ videoType: 'singing-dancing', musicDuration: null }, 2],
    [{ videoType: 'consistent-character', musicDuration: 11 }, 2],
    [{ videoType: 'consistent-character', musicDuration: 11.5 }, 3],
    [{ videoType: 'consistent-character', musicDuration: 16 }, 3],
    [{ videoType: 'consistent-character', musicDuration: 16.01 }, 4],
    [{ videoType: 'consistent-style', musicDuration: 30, videoModel: 'MiniMax-Hailuo-02' }, 5],
    [{ videoType: 'consistent-style', musicDuration: 32, videoModel: 'MiniMax-Hailuo-02' }, 6],
    [{ videoType: 'singing-dancing', musicDuration: 60, videoModel: 'creatify-aurora' }, 4],
    [{ videoType: 'singing-dancing', musicDuration: 62, videoModel: 'creatify-aurora' }, 5],
    [{ videoType: 'consistent-character', musicDuration: 60, videoModel: 'creatify-aurora' }, 12],
    [{ videoType: 'consistent-character', musicDuration: 0.5 }, 1],
    [{ videoType: 'consistent-character', musicDuration: 0 }, 0],
  ] as const)('%j -> %d', (input, count) => {
    expect(musicVideoShotCount(input)).toBe(count);
  });
});

describe('calculateCredits', () => {
  it('create_from_scratch costs 0', () => {
    expect(calculateCredits({ category: 'create_from_scratch' })).toEqual({
      totalCredits: 0,
      totalCreditsExcludingVideoGeneration: 0,
    });
  });

  it.each(['character_vlog', 'script_to_video'] as const)(
    '%s splits 100 excluding video and 1000 for video',
    (category) => {
      expect(calculateCredits({ category })).toEqual({
        totalCredits: 1100,
        totalCreditsExcludingVideoGeneration: 100,
      });
      expect(calculateCredits({ category, preview: true })).toEqual({
        totalCredits: 100,
        totalCreditsExcludingVideoGeneration: 100,
      });
    },
  );

  it('asmr_video: 600 per shot, 40 of which exclude video; previews pay 40 per shot', () => {
    expect(calculateCredits({ category: 'asmr_video', numShots: 4 })).toEqual({
      totalCredits: 2400,
      totalCreditsExcludingVideoGeneration: 160,
    });
    expect(calculateCredits({ category: 'asmr_video', preview: true })).toEqual({
      totalCredits: 120,
      totalCreditsExcludingVideoGeneration: 120,
    });
  });

  it('music_video: base + shots x (image + video)', () => {
    // 20 s at 5 s clips = 4 shots; base 55; images 4 x 15; videos 4 x 100.
    expect(
      calculateCredits({
        category: 'music_video',
        videoType: 'singing-dancing',
        musicDuration: 20,
        imageModelConfig: { model: 'flux_kontext' },
        videoModelConfig: { model: 'seedance-v1', parameters: { resolution: '720p' } },
      }),
    ).toEqual({ totalCredits: 515, totalCreditsExcludingVideoGeneration: 115 });
  });

  it('music_video: B-roll cutaways are shots too, charged like the others (never in lyrics)', () => {
    const input = {
      category: 'music_video',
      videoType: 'singing-dancing',
      musicDuration: 20,
      imageModelConfig: { model: 'flux_kontext' },
      videoModelConfig: { model: 'seedance-v1', parameters: { resolution: '720p' } },
    } satisfies CreditInput;
    // 4 shots of the song and 2 cutaways between them: base 55; images 6 x 15; videos 6 x 100.
    expect(calculateCredits({ ...input, broll: true })).toEqual({
      totalCredits: 55 + 6 * 15 + 6 * 100,
      totalCreditsExcludingVideoGeneration: 55 + 6 * 15,
    });
    expect(calculateCredits({ ...input, broll: false })).toEqual(calculateCredits(input));
    expect(
      calculateCredits({ ...input, videoType: 'lyrics-video', numShots: 4, broll: true }),
    ).toEqual(calculateCredits({ ...input, videoType: 'lyrics-video', numShots: 4 }));
  });

  it('puts a B-roll cutaway after every other main shot, never last', () => {
    expect(musicVideoShotRoles(1, true)).toEqual(['main']);
    expect(musicVideoShotRoles(2, true)).toEqual(['main', 'broll', 'main']);
    expect(musicVideoShotRoles(4, true)).toEqual([
      'main',
      'broll',
      'main',
      'main',
      'broll',
      'main',
    ]);
    expect(musicVideoShotRoles(4, false)).toEqual(['main', 'main', 'main', 'main']);
    for (let main = 1; main < 12; main++) {
      const roles = musicVideoShotRoles(main, true);
      expect(roles.filter((r) => r === 'main')).toHaveLength(main);
      expect(roles.filter((r) => r === 'broll')).toHaveLength(Math.ceil((main - 1) / 2));
      expect(roles.at(-1)).toBe('main');
    }
  });

  it('music_video: consistent-style with auto counts 2 analysis units', () => {
    expect(
      calculateCredits({
        category: 'music_video',
        videoType: 'consistent-style',
        style: 'auto',
        numShots: 3,
        musicDuration: 30,
        imageModelConfig: { model: 'gpt', parameters: { quality: 'high' } },
        videoModelConfig: { model: 'MiniMax-Hailuo-02', parameters: { resolution: '768p' } },
      }),
    ).toEqual({
      totalCredits: 65 + 5 * 100 + 5 * 60,
      totalCreditsExcludingVideoGeneration: 65 + 5 * 100,
    });
  });

  it('music_video: lyrics-video skips video by default and uses the given shot count', () => {
    expect(
      calculateCredits({
        category: 'music_video',
        videoType: 'lyrics-video',
        numShots: 6,
        imageModelConfig: { model: 'seedream4' },
      }),
    ).toEqual({ totalCredits: 55 + 6 * 15, totalCreditsExcludingVideoGeneration: 55 + 6 * 15 });
    expect(
      calculateCredits({
        category: 'music_video',
        videoType: 'lyrics-video',
        numShots: 6,
        skipVideoGeneration: false,
        imageModelConfig: { model: 'seedream4' },
        videoModelConfig: { model: 'seedance-v1', parameters: { resolution: '720p' } },
      }).totalCredits,
    ).toBe(55 + 6 * 15 + 6 * 100);
  });

  it('music_video preview pays only the part excluding video', () => {
    const full = calculateCredits({
      category: 'music_video',
      videoType: 'singing-dancing',
      musicDuration: 10,
    });
    const preview = calculateCredits({
      category: 'music_video',
      videoType: 'singing-dancing',
      musicDuration: 10,
      preview: true,
    });
    expect(full).toEqual({
      totalCredits: 55 + 2 * 10 + 2 * 100,
      totalCreditsExcludingVideoGeneration: 75,
    });
    expect(preview).toEqual({ totalCredits: 75, totalCreditsExcludingVideoGeneration: 75 });
  });

  it('rounds totals up', () => {
    expect(calculateCredits({ category: 'asmr_video', numShots: 2.5 })).toEqual({
      totalCredits: 1500,
      totalCreditsExcludingVideoGeneration: 100,
    });
    expect(asmrCredits({ numShots: 3.01, preview: true })).toBe(121);
  });
});

describe('a preview and its continuation', () => {
  const inputs: GeneratingCreditInput[] = [
    { category: 'script_to_video' },
    { category: 'character_vlog' },
    { category: 'asmr_video', numShots: 5 },
    { category: 'asmr_video' },
    {
      category: 'music_video',
      videoType: 'singing-dancing',
      musicDuration: 28.4,
      imageModelConfig: { model: 'gpt', parameters: { quality: 'high' } },
      videoModelConfig: { model: 'vidu-q2', parameters: { resolution: '1080p' } },
      broll: true,
    },
    { category: 'music_video', videoType: 'lyrics-video', numShots: 7 },
  ];

  it('charges the explainer the 1000 credits of the full story beyond its 100 credit preview', () => {
    expect(startCharge({ category: 'script_to_video' }, true)).toEqual({
      amount: 100,
      creditType: 'story.script_to_video.preview',
    });
    expect(continuationCharge({ category: 'script_to_video' })).toEqual({
      amount: 1000,
      creditType: 'story.script_to_video',
    });
  });

  it('charges an ASMR continuation 560 a shot (600 full less the 40 preview)', () => {
    expect(continuationCharge({ category: 'asmr_video', numShots: 4 }).amount).toBe(4 * 560);
  });

  it('charges a music video continuation its video generation', () => {
    const input: GeneratingCreditInput = {
      category: 'music_video',
      videoType: 'consistent-character',
      musicDuration: 20,
      imageModelConfig: { model: 'seedream4' },
      videoModelConfig: { model: 'seedance-v1', parameters: { resolution: '720p' } },
    };
    // 4 shots: base 25 + 20 + 2 × 10, images 4 × 15, videos 4 × 100.
    expect(startCharge(input, true).amount).toBe(65 + 60);
    expect(continuationCharge(input)).toEqual({ amount: 400, creditType: 'story.music_video' });
  });

  it('charges nothing more when the full story makes no video (lyrics without animation)', () => {
    expect(
      continuationCharge({ category: 'music_video', videoType: 'lyrics-video', numShots: 6 })
        .amount,
    ).toBe(0);
  });

  it.each(inputs)('adds up to the full price, never below zero: %j', (input) => {
    const preview = startCharge(input, true).amount;
    const continuation = continuationCharge(input).amount;
    expect(continuation).toBeGreaterThanOrEqual(0);
    expect(preview + continuation).toBe(startCharge(input, false).amount);
    expect(startCharge(input, false).amount).toBe(
      calculateCredits({ ...input, preview: false }).totalCredits,
    );
  });

  it('ignores a preview flag in its input', () => {
    expect(continuationCharge({ category: 'script_to_video', preview: true }).amount).toBe(1000);
  });
});
