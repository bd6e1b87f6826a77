import { waveformPeaks } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { MESSAGES, MUSIC_VIDEO_FORM_TYPES } from '@storyloom/core';
import {
  keyStep,
  moveWindow,
  musicVideoDefaults,
  musicVideoEstimate,
  musicVideoFormError,
  musicVideoPayload,
  setWindowEdge,
  windowError,
  readMusicVideoDraft,
  MUSIC_VIDEO_DRAFT_KEYS,
  musicVideoDraftKey,
  valuesForType,
  withModelRules,
} from './music-video-form-model';

const character = {
  type: 'premade' as const,
  id: 'ava',
  name: 'Ava',
  image_url: '/media/avatars/ava.jpg',
};

const song = { url: '/media/uploads/a.mp3', name: 'a.mp3', duration: 23.3 };

describe('music video form', () => {
  it('needs a song, and a character for the types that cast one', () => {
    expect(musicVideoFormError(musicVideoDefaults('consistent-style'))).toBe(
      MESSAGES.generate.musicUrlRequired,
    );
    expect(musicVideoFormError({ ...musicVideoDefaults('consistent-style'), song })).toBeNull();
    expect(musicVideoFormError({ ...musicVideoDefaults('singing-dancing'), song })).toBe(
      MESSAGES.generate.characterRequired,
    );
    expect(
      musicVideoFormError({
        ...musicVideoDefaults('consistent-style'),
        song,
        style: 'custom',
      }),
    ).toBe('Please describe your custom style');
  });

  it("re-selecting a type opens that type's own draft, bringing only the song along", () => {
    const artist = {
      ...musicVideoDefaults('singing-dancing'),
      song,
      character,
      scene: 'On a rooftop',
      aspectRatio: '1:1' as const,
    };
    // No consistent-style draft yet: its defaults, with the song.
    const style = valuesForType(artist, null, 'consistent-style');
    expect(style).toEqual({ ...musicVideoDefaults('consistent-style'), song });
    expect(style).toMatchObject({ aspectRatio: '16:9', startEndFrame: true, character: null });
    // A consistent-style draft with its own song keeps that song.
    const other = { url: '/media/uploads/b.mp3', name: 'b.mp3', duration: 40 };
    const saved = JSON.stringify({ ...style, song: other, style: 'pixelart' });
    expect(valuesForType(artist, saved, 'consistent-style')).toMatchObject({
      song: other,
      style: 'pixelart',
    });
    expect(valuesForType(style, null, 'lyrics-video')).toMatchObject({
      song,
      startEndFrame: false,
      animated: false,
    });
  });

  it('applies the model rules and sends the chosen models with the request', () => {
    const cast = { ...musicVideoDefaults('consistent-character'), song, character };
    expect(cast.videoModel).toBe('seedance-v1');
    // creatify-aurora is for singing-dancing only.
    expect(withModelRules({ ...cast, videoModel: 'creatify-aurora' }).videoModel).toBe(
      'seedance-v1',
    );
    const hailuo = withModelRules({ ...cast, videoModel: 'MiniMax-Hailuo-02' });
    expect(hailuo.videoModel).toBe('MiniMax-Hailuo-02');
    // Start/end frame restricts the models: Hailuo cannot take an end frame.
    expect(withModelRules({ ...hailuo, startEndFrame: true }).videoModel).toBe('seedance-v1');
    const payload = musicVideoPayload({ ...hailuo, oneTake: true }, false);
    expect(payload.advanced_settings).toEqual({
      image_model_config: { model: 'flux_kontext' },
      video_model_config: { model: 'MiniMax-Hailuo-02' },
    });
    expect(payload.enable_one_take).toBe(true);
    // Hailuo's 6 s clips make fewer, cheaper shots than seedance's 5 s ones (23.3 s: 4 vs 5),
    // and B-roll (on by default) adds a cutaway after the 1st and the 3rd.
    expect(musicVideoEstimate(hailuo).full).toBe(25 + 20 + 20 + 6 * 15 + 6 * 60);
    expect(musicVideoEstimate({ ...hailuo, broll: false }).full).toBe(
      25 + 20 + 20 + 4 * 15 + 4 * 60,
    );
  });

  it('reads a saved draft, keeping what is valid and applying the type rules', () => {
    expect(readMusicVideoDraft(null, 'consistent-style')).toEqual(
      musicVideoDefaults('consistent-style'),
    );
    expect(readMusicVideoDraft('{not json', 'lyrics-video')).toEqual(
      musicVideoDefaults('lyrics-video'),
    );
    const saved = JSON.stringify({
      ...musicVideoDefaults('singing-dancing'),
      song,
      scene: 'On a rooftop',
      aspectRatio: '1:1',
      videoModel: 'creatify-aurora',
      oneTake: true,
      storyline: 'x'.repeat(501),
      imageModel: 'dall-e',
    });
    const same = readMusicVideoDraft(saved, 'singing-dancing');
    expect(same).toMatchObject({
      song,
      scene: 'On a rooftop',
      aspectRatio: '1:1',
      videoModel: 'creatify-aurora',
      oneTake: true,
      // Fields that are not valid are the defaults.
      storyline: '',
      imageModel: 'flux_kontext',
    });
    // A draft of another type is not this type's: its defaults.
    expect(readMusicVideoDraft(saved, 'consistent-style')).toEqual(
      musicVideoDefaults('consistent-style'),
    );
  });

  it('keeps one draft per type: a character of one never appears in another', () => {
    const keys = MUSIC_VIDEO_FORM_TYPES.map(musicVideoDraftKey);
    expect(new Set(keys).size).toBe(MUSIC_VIDEO_FORM_TYPES.length);
    for (const key of keys) expect(MUSIC_VIDEO_DRAFT_KEYS).toContain(key);
    // The draft all types once shared, holding a singing-dancing artist, read as consistent-style.
    const shared = JSON.stringify({
      ...musicVideoDefaults('singing-dancing'),
      song,
      character,
      videoType: 'consistent-style',
    });
    const style = readMusicVideoDraft(shared, 'consistent-style');
    expect(style.character).toBeNull();
    expect(musicVideoPayload(style, false)).not.toHaveProperty('character');
  });

  it('sends the type-specific texts only for their type', () => {
    const values = {
      ...musicVideoDefaults('consistent-style'),
      song,
      storyline: 'A fox runs.',
      scene: 'On the moon',
    };
    const payload = musicVideoPayload(values, true);
    expect(payload).toMatchObject({
      music_url: song.url,
      music_duration: 23.3,
      video_type: 'consistent-style',
      enable_beat_sync: true,
      is_preview: true,
      skip_video_generation: false,
    });
    expect(payload).not.toHaveProperty('video_topic');
    expect(payload).not.toHaveProperty('video_scenes');
    const lyrics = musicVideoPayload(
      { ...values, videoType: 'lyrics-video', animated: false },
      false,
    );
    expect(lyrics.skip_video_generation).toBe(true);
  });

  it("estimates credits with core's calculator", () => {
    // 23.3 s: 5 shots and 2 B-roll cutaways; auto style doubles consistent-style's audio
    // analysis.
    expect(musicVideoEstimate({ ...musicVideoDefaults('consistent-style'), song })).toEqual({
      full: 25 + 20 + 20 + 7 * 15 + 7 * 100,
      preview: 25 + 20 + 20 + 7 * 15,
    });
  });
});

describe('song segment window', () => {
  it('steps 1 s, 5 s with Shift, 0.1 s with Ctrl or Cmd', () => {
    expect(keyStep({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe(1);
    expect(keyStep({ shiftKey: true, ctrlKey: false, metaKey: false })).toBe(5);
    expect(keyStep({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe(0.1);
    expect(keyStep({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe(0.1);
  });

  it('moves inside the song keeping its length', () => {
    expect(moveWindow({ start: 35, end: 65 }, 5, 100)).toEqual({ start: 40, end: 70 });
    expect(moveWindow({ start: 65, end: 95 }, 10, 100)).toEqual({ start: 70, end: 100 });
    expect(moveWindow({ start: 2, end: 32 }, -5, 100)).toEqual({ start: 0, end: 30 });
  });

  it("gives the spec's messages for 9.9 s and 60.1 s", () => {
    const short = setWindowEdge({ start: 10, end: 40 }, 'end', 19.9, 100);
    expect(windowError(short, 60)).toBe(MESSAGES.generate.trimTooShort('0:09'));
    const long = setWindowEdge({ start: 10, end: 40 }, 'end', 70.1, 100);
    expect(windowError(long, 60)).toBe(MESSAGES.generate.trimTooLong(60, '1:00'));
    expect(windowError(long, 300)).toBeNull();
    expect(setWindowEdge({ start: 10, end: 40 }, 'start', 45, 100).start).toBe(39.9);
  });

  it('draws peaks scaled to the loudest window', () => {
    expect(waveformPeaks(new Float32Array([0, 0.5, -1, 0.25]), 2)).toEqual([0.5, 1]);
    expect(waveformPeaks(new Float32Array([0, 0]), 2)).toEqual([0, 0]);
  });
});
