import { describe, expect, it } from 'vitest';
import { MUSIC_VIDEO_FORM_TYPES } from './categories';
import { MUSIC_IMAGE_MODELS, START_END_FRAME_VIDEO_MODELS } from './models';
import {
  changeMusicVideoType,
  musicVideoModelDefaults,
  musicVideoModelOptions,
  withMusicVideoModelRules,
} from './music-video-models';

describe('music video model rules (spec 2 §4)', () => {
  it('starts each type on a video model it offers, flux_kontext pictures', () => {
    for (const type of MUSIC_VIDEO_FORM_TYPES) {
      const choice = musicVideoModelDefaults(type);
      expect(choice.imageModel).toBe('flux_kontext');
      expect(musicVideoModelOptions(choice).videoModels).toContain(choice.videoModel);
      expect(choice.startEndFrame).toBe(type === 'consistent-style');
    }
    expect(musicVideoModelDefaults('singing-dancing').videoModel).toBe('wan-multi-talk');
  });

  it('consistent-style forces start/end frame on and its one model', () => {
    const forced = withMusicVideoModelRules({
      videoType: 'consistent-style',
      startEndFrame: false,
      imageModel: 'seedream4',
      videoModel: 'kling2-5',
    });
    expect(forced).toEqual({
      videoType: 'consistent-style',
      startEndFrame: true,
      imageModel: 'seedream4',
      videoModel: 'seedance-v1',
    });
    const options = musicVideoModelOptions(forced);
    expect(options.startEndFrameLocked).toBe(true);
    expect(options.videoModels).toEqual(['seedance-v1']);
  });

  it('start/end frame on a non-singing type keeps only models that take an end frame', () => {
    const choice = {
      videoType: 'consistent-character' as const,
      startEndFrame: true,
      imageModel: 'flux_kontext' as const,
      videoModel: 'kling2.1' as const,
    };
    expect(musicVideoModelOptions(choice).videoModels).toEqual(START_END_FRAME_VIDEO_MODELS);
    // A model that supports it stays…
    expect(withMusicVideoModelRules(choice).videoModel).toBe('kling2.1');
    // …any other falls back to seedance-v1.
    expect(
      withMusicVideoModelRules({ ...choice, videoModel: 'MiniMax-Hailuo-02' }).videoModel,
    ).toBe('seedance-v1');
    // Off again, every motion model is offered, lip-sync ones are not.
    const off = musicVideoModelOptions({ ...choice, startEndFrame: false }).videoModels;
    expect(off).toContain('MiniMax-Hailuo-02');
    expect(off).not.toContain('creatify-aurora');
  });

  it('start/end frame does not restrict singing-dancing', () => {
    const choice = withMusicVideoModelRules({
      videoType: 'singing-dancing',
      startEndFrame: true,
      imageModel: 'flux_kontext',
      videoModel: 'creatify-aurora',
    });
    expect(choice.videoModel).toBe('creatify-aurora');
    expect(musicVideoModelOptions(choice).videoModels).toContain('MiniMax-Hailuo-02');
  });

  it('changing the type resets the video model to one valid for the new type', () => {
    const singing = withMusicVideoModelRules({
      ...musicVideoModelDefaults('singing-dancing'),
      imageModel: 'qwen-image',
      videoModel: 'creatify-aurora',
    });
    const character = changeMusicVideoType(singing, 'consistent-character');
    expect(character.videoModel).toBe('seedance-v1');
    expect(character.imageModel).toBe('qwen-image');
    expect(character.startEndFrame).toBe(false);
    const style = changeMusicVideoType(character, 'consistent-style');
    expect(style).toMatchObject({ startEndFrame: true, videoModel: 'seedance-v1' });
    // Leaving consistent-style turns its forced start/end frame off again.
    expect(changeMusicVideoType(style, 'lyrics-video').startEndFrame).toBe(false);
    // The same type changes nothing.
    expect(changeMusicVideoType(character, 'consistent-character')).toEqual(character);
  });

  it('keeps image models to the music forms list', () => {
    for (const type of MUSIC_VIDEO_FORM_TYPES) {
      const choice = withMusicVideoModelRules({
        ...musicVideoModelDefaults(type),
        imageModel: 'gpt',
      });
      expect(choice.imageModel).toBe('flux_kontext');
      expect(musicVideoModelOptions(choice).imageModels).toEqual(MUSIC_IMAGE_MODELS);
    }
  });
});
