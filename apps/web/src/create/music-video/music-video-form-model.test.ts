import { waveformPeaks } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import {
  keyStep,
  moveWindow,
  musicVideoDefaults,
  musicVideoEstimate,
  musicVideoFormError,
  musicVideoPayload,
  setWindowEdge,
  windowError,
  withVideoType,
} from './music-video-form-model';

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

  it('keeps the song and an allowed ratio when the type changes', () => {
    const square = { ...musicVideoDefaults('singing-dancing'), song, aspectRatio: '1:1' as const };
    const style = withVideoType(square, 'consistent-style');
    expect(style).toMatchObject({ song, aspectRatio: '16:9', startEndFrame: true });
    expect(withVideoType(style, 'lyrics-video')).toMatchObject({
      startEndFrame: false,
      animated: false,
    });
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
    // 23.3 s: 5 shots; auto style doubles consistent-style's audio analysis.
    expect(musicVideoEstimate({ ...musicVideoDefaults('consistent-style'), song })).toEqual({
      full: 25 + 20 + 20 + 5 * 15 + 5 * 100,
      preview: 25 + 20 + 20 + 5 * 15,
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
