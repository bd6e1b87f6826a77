import { describe, expect, it } from 'vitest';
import {
  asmrPayloadSchema,
  batchGeneratePayloadSchema,
  characterVlogPayloadSchema,
  cleanPastedText,
  cleanScript,
  estimatedRenderMinutes,
  lyricsVideoPayloadSchema,
  musicVideoFormDefaults,
  musicVideoPayloadSchema,
  musicVideoTakes,
  musicVideoSkipsVideo,
  needsShortScriptWarning,
  regenerateShotPayloadSchema,
  SCRIPT_MAX,
  scriptToVideoPayloadSchema,
  SHORT_SCRIPT_THRESHOLD,
  validateScript,
} from './index';

const character = {
  type: 'premade',
  id: 'c1',
  name: 'Mia',
  image_url: 'https://cdn/mia.png',
} as const;
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('script cleaning', () => {
  it('cleanScript removes spaces and blank lines', () => {
    expect(cleanScript('  Hello  world \n\n\n  second\tline  \n')).toBe('Helloworld\nsecondline');
    expect(cleanScript('   \n \n')).toBe('');
  });

  it('cleanPastedText collapses blank lines and trims the ends', () => {
    expect(cleanPastedText('\r\n  First line\r\n\r\n \r\nSecond\u0007 line \n\n')).toBe(
      'First line\nSecond line',
    );
    expect(cleanPastedText('a\u00a0b\u200b')).toBe('a b');
    expect(cleanPastedText('keep\tthe tab')).toBe('keep\tthe tab');
  });

  it('validates required and maximum length on the cleaned script', () => {
    expect(SCRIPT_MAX).toBe(900);
    expect(validateScript('   ')).toBe('Please enter a script');
    expect(validateScript(undefined)).toBe('Please enter a script');
    expect(validateScript('a'.repeat(900))).toBeNull();
    expect(validateScript('a'.repeat(901))).toBe('Script is too long');
    expect(validateScript('a '.repeat(900))).toBeNull();
  });

  it('warns about short scripts only without auto rewrite', () => {
    expect(SHORT_SCRIPT_THRESHOLD).toBe(100);
    expect(needsShortScriptWarning('a'.repeat(99), false)).toBe(true);
    expect(needsShortScriptWarning('a'.repeat(100), false)).toBe(false);
    expect(needsShortScriptWarning('a'.repeat(99), true)).toBe(false);
  });
});

describe('scriptToVideoPayloadSchema', () => {
  it('applies the spec defaults', () => {
    expect(scriptToVideoPayloadSchema.parse({ script_content: 'A cat hosts a webinar.' })).toEqual({
      script_content: 'A cat hosts a webinar.',
      voiceover_voice: 'auto',
      background_music: 'auto',
      aspect_ratio: '16:9',
      visual_style: 'photorealistic',
      auto_rewrite: true,
      auto_captions: true,
      advanced_settings: { image_model_config: { model: 'flux_kontext', parameters: {} } },
    });
  });

  it('gives the spec messages', () => {
    expect(firstMessage(scriptToVideoPayloadSchema.safeParse({}))).toBe('Please enter a script');
    expect(firstMessage(scriptToVideoPayloadSchema.safeParse({ script_content: ' \n ' }))).toBe(
      'Please enter a script',
    );
    expect(
      firstMessage(scriptToVideoPayloadSchema.safeParse({ script_content: 'x'.repeat(901) })),
    ).toBe('Script is too long');
  });

  it('accepts null music, rejects unknown voices and 1:1', () => {
    expect(
      scriptToVideoPayloadSchema.parse({ script_content: 'x', background_music: null })
        .background_music,
    ).toBeNull();
    expect(
      scriptToVideoPayloadSchema.safeParse({ script_content: 'x', voiceover_voice: 'robot' })
        .success,
    ).toBe(false);
    expect(
      scriptToVideoPayloadSchema.safeParse({ script_content: 'x', aspect_ratio: '1:1' }).success,
    ).toBe(false);
    expect(
      scriptToVideoPayloadSchema.parse({ script_content: 'x', is_preview: true }).is_preview,
    ).toBe(true);
  });
});

describe('characterVlogPayloadSchema', () => {
  const valid = { title: 'Day out', character, vlog_topic: '@Mia is cooking dinner' };

  it('accepts a valid vlog with defaults', () => {
    const parsed = characterVlogPayloadSchema.parse(valid);
    expect(parsed.aspect_ratio).toBe('16:9');
    expect(parsed.background_music).toBe('auto');
    expect(parsed.additional_characters).toEqual([]);
    expect(parsed.advanced_settings.image_model_config?.model).toBe('character');
  });

  it.each([
    [{ ...valid, character: null }, 'Please select a character'],
    [{ title: 'Day out', vlog_topic: 'cooking' }, 'Please select a character'],
    [{ ...valid, vlog_topic: '' }, 'Please describe the activity'],
    [{ ...valid, title: ' ' }, 'Please enter a title'],
    [
      { ...valid, vlog_topic: 'Mia is cooking dinner' },
      'Please use @ to mention the character in your vlog topic (e.g., "@character is cooking dinner")',
    ],
    [{ ...valid, additional_characters: [character] }, 'The same character cannot be picked twice'],
  ])('%j -> %s', (payload, message) => {
    expect(firstMessage(characterVlogPayloadSchema.safeParse(payload))).toBe(message);
  });
});

describe('musicVideoPayloadSchema', () => {
  const base = { music_url: 'https://suno.com/song/1', music_duration: 42, character };

  it('applies defaults', () => {
    const parsed = musicVideoPayloadSchema.parse(base);
    expect(parsed).toMatchObject({
      video_type: 'singing-dancing',
      aspect_ratio: '16:9',
      enable_beat_sync: true,
      enable_broll: true,
      enable_start_end_frame: false,
      auto_captions: true,
      video_consistent_style: 'auto',
      advanced_settings: { image_model_config: { model: 'flux_kontext' } },
    });
    expect(musicVideoSkipsVideo(parsed)).toBe(false);
  });

  it('needs a music URL', () => {
    expect(firstMessage(musicVideoPayloadSchema.safeParse({ ...base, music_url: '' }))).toBe(
      'Please provide a music URL',
    );
    expect(firstMessage(musicVideoPayloadSchema.safeParse({ ...base, music_url: 'nope' }))).toBe(
      'Please provide a valid music URL',
    );
  });

  it.each([
    ['singing-dancing', '1:1', true],
    ['singing-dancing', '9:16', true],
    ['consistent-style', '1:1', false],
    ['consistent-character', '1:1', false],
    ['lyrics-video', '1:1', false],
    ['lyrics-video', '9:16', true],
  ] as const)('%s allows %s: %s', (video_type, aspect_ratio, ok) => {
    const cast = musicVideoTakes(video_type, 'character') ? { character } : {};
    expect(
      musicVideoPayloadSchema.safeParse({
        ...base,
        character: null,
        ...cast,
        video_type,
        aspect_ratio,
      }).success,
    ).toBe(ok);
  });

  it('refuses a field its type does not take, naming it', () => {
    const song = { music_url: base.music_url, music_duration: 30 };
    expect(
      firstMessage(
        musicVideoPayloadSchema.safeParse({ ...song, video_type: 'consistent-style', character }),
      ),
    ).toBe('A Consistent Style music video does not take a character');
    expect(
      firstMessage(
        musicVideoPayloadSchema.safeParse({ ...song, video_type: 'lyrics-video', character }),
      ),
    ).toBe('A Lyrics Video music video does not take a character');
    expect(
      firstMessage(
        musicVideoPayloadSchema.safeParse({
          ...song,
          video_type: 'singing-dancing',
          character,
          video_topic: 'A long journey',
        }),
      ),
    ).toBe('A Singing and Dancing music video does not take a storyline');
    expect(
      firstMessage(
        musicVideoPayloadSchema.safeParse({
          ...song,
          video_type: 'consistent-character',
          character,
          video_scenes: 'On a rooftop',
        }),
      ),
    ).toBe('A Consistent Character music video does not take a scene');
    // None given (null, or blank text) is no field at all.
    expect(
      musicVideoPayloadSchema.safeParse({
        ...song,
        video_type: 'consistent-style',
        character: null,
        video_topic: ' ',
      }).success,
    ).toBe(true);
    expect(
      musicVideoPayloadSchema.safeParse({
        ...song,
        video_type: 'consistent-character',
        character,
        video_topic: 'A long journey',
      }).success,
    ).toBe(true);
  });

  it('needs a character for consistent-character and singing-dancing only', () => {
    const noCharacter = { music_url: base.music_url, music_duration: 10 };
    expect(
      firstMessage(
        musicVideoPayloadSchema.safeParse({ ...noCharacter, video_type: 'consistent-character' }),
      ),
    ).toBe('Please select a character');
    expect(
      musicVideoPayloadSchema.safeParse({ ...noCharacter, video_type: 'singing-dancing' }).success,
    ).toBe(false);
    expect(
      musicVideoPayloadSchema.safeParse({ ...noCharacter, video_type: 'consistent-style' }).success,
    ).toBe(true);
  });

  it('limits storyline and scene', () => {
    const storyline = { ...base, video_type: 'consistent-character' } as const;
    expect(
      musicVideoPayloadSchema.safeParse({ ...storyline, video_topic: 'x'.repeat(500) }).success,
    ).toBe(true);
    expect(
      musicVideoPayloadSchema.safeParse({ ...storyline, video_topic: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(
      musicVideoPayloadSchema.safeParse({ ...base, video_scenes: 'x'.repeat(100) }).success,
    ).toBe(true);
    expect(
      musicVideoPayloadSchema.safeParse({ ...base, video_scenes: 'x'.repeat(101) }).success,
    ).toBe(false);
  });

  it('type-dependent defaults', () => {
    expect(musicVideoSkipsVideo({ video_type: 'lyrics-video' })).toBe(true);
    expect(musicVideoSkipsVideo({ video_type: 'lyrics-video', skip_video_generation: false })).toBe(
      false,
    );
    expect(musicVideoFormDefaults('consistent-style').enable_start_end_frame).toBe(true);
    expect(musicVideoFormDefaults().enable_start_end_frame).toBe(false);
    expect(musicVideoFormDefaults('lyrics-video').skip_video_generation).toBe(true);
  });
});

describe('lyricsVideoPayloadSchema', () => {
  it('defaults to seedream4, seedance-v1 720p 5 s, 16:9, no video', () => {
    expect(lyricsVideoPayloadSchema.parse({ music_url: 'https://suno.com/song/1' })).toEqual({
      music_url: 'https://suno.com/song/1',
      aspect_ratio: '16:9',
      skip_video_generation: true,
      advanced_settings: {
        image_model_config: { model: 'seedream4' },
        video_model_config: {
          model: 'seedance-v1',
          parameters: { resolution: '720p', duration: 5 },
        },
      },
    });
    expect(
      lyricsVideoPayloadSchema.safeParse({ music_url: 'https://suno.com/s', aspect_ratio: '1:1' })
        .success,
    ).toBe(false);
  });
});

describe('asmrPayloadSchema', () => {
  const valid = { script_content: 'A knife cutting Crystal', asmr_type: 'Cutting' };

  it('applies defaults', () => {
    expect(asmrPayloadSchema.parse(valid)).toEqual({
      ...valid,
      voiceover_voice: 'auto',
      aspect_ratio: '16:9',
      num_shots: 3,
      auto_rewrite: true,
      auto_captions: true,
      advanced_settings: {
        image_model_config: { model: 'imagen4' },
        video_model_config: { model: 'veo3_fast' },
      },
    });
  });

  it.each([
    [2, false],
    [3, true],
    [8, true],
    [9, false],
    [4.5, false],
  ])('num_shots %d valid: %s', (num_shots, ok) => {
    expect(asmrPayloadSchema.safeParse({ ...valid, num_shots }).success).toBe(ok);
  });

  it('needs a type, a script and a filled material', () => {
    expect(asmrPayloadSchema.safeParse({ script_content: 'x' }).success).toBe(false);
    expect(
      firstMessage(
        asmrPayloadSchema.safeParse({
          ...valid,
          script_content: 'A knife cutting Material Object',
        }),
      ),
    ).toBe('Please fill in the material');
    expect(asmrPayloadSchema.safeParse({ ...valid, aspect_ratio: '1:1' }).success).toBe(false);
  });
});

describe('shot generation payloads', () => {
  it('regenerate needs media types', () => {
    expect(regenerateShotPayloadSchema.safeParse({ media_types: [] }).success).toBe(false);
    expect(
      regenerateShotPayloadSchema.parse({ media_types: ['image'], image_prompt: 'a cat' }),
    ).toEqual({
      media_types: ['image'],
      image_prompt: 'a cat',
    });
  });

  it('batch shot_ids must be non-empty when present', () => {
    expect(
      batchGeneratePayloadSchema.safeParse({ media_types: ['video'], shot_ids: [] }).success,
    ).toBe(false);
    expect(batchGeneratePayloadSchema.safeParse({ media_types: ['video'] }).success).toBe(true);
  });
});

describe('estimatedRenderMinutes', () => {
  it('is 1 for previews, 4 for script-to-video, else 3', () => {
    expect(estimatedRenderMinutes('script_to_video', true)).toBe(1);
    expect(estimatedRenderMinutes('script_to_video', false)).toBe(4);
    expect(estimatedRenderMinutes('music_video', false)).toBe(3);
  });
});
