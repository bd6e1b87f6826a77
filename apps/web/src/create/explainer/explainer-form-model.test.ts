import { MESSAGES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import {
  CHOOSE_MUSIC_TRACK,
  EXPLAINER_DEFAULTS,
  explainerFormError,
  explainerPayload,
  pushRewrite,
  SCRIPT_SUGGESTIONS,
  scriptCounter,
  showsShortScriptWarning,
  undoRewrite,
  waveformBars,
} from './explainer-form-model';

describe('the explainer form model', () => {
  it('offers the four example chips with their styles', () => {
    expect(SCRIPT_SUGGESTIONS.map((s) => [s.text, s.style])).toEqual([
      ['Cat Webinar', 'photorealistic'],
      ['Puma Intro', 'photorealistic'],
      ['Travel in Asia', 'microworld'],
      ['Tech Innovations', 'pixelart'],
    ]);
    for (const s of SCRIPT_SUGGESTIONS)
      expect(explainerFormError({ ...EXPLAINER_DEFAULTS, script: s.fullScript })).toBeNull();
  });

  it('counts cleaned characters and gives the spec messages', () => {
    expect(scriptCounter('a b\n\n c')).toBe('4/900'); // 'ab', the line break, 'c'
    expect(explainerFormError(EXPLAINER_DEFAULTS)).toBe(MESSAGES.generate.scriptRequired);
    expect(explainerFormError({ ...EXPLAINER_DEFAULTS, script: 'x'.repeat(901) })).toBe(
      MESSAGES.generate.scriptTooLong,
    );
  });

  it('warns about a short script only with auto rewrite off', () => {
    expect(showsShortScriptWarning({ ...EXPLAINER_DEFAULTS, script: 'Short one.' })).toBe(false);
    expect(
      showsShortScriptWarning({ ...EXPLAINER_DEFAULTS, script: 'Short one.', autoRewrite: false }),
    ).toBe(true);
  });

  it('builds the payload, with a custom style as its text', () => {
    expect(
      explainerPayload(
        {
          ...EXPLAINER_DEFAULTS,
          script: 'Hi.',
          visualStyle: 'custom',
          customStyle: ' ink wash ',
          backgroundMusic: 'none',
        },
        true,
      ),
    ).toEqual({
      script_content: 'Hi.',
      voiceover_voice: 'auto',
      background_music: '',
      aspect_ratio: '16:9',
      visual_style: 'ink wash',
      auto_rewrite: true,
      auto_captions: true,
      advanced_settings: {},
      is_preview: true,
    });
  });

  it('sends the chosen image and video models, none for the local providers', () => {
    const values = { ...EXPLAINER_DEFAULTS, script: 'A'.repeat(120) };
    expect(
      explainerPayload({ ...values, imageModel: 'seedream4', videoModel: 'kling2.1' }, false)
        .advanced_settings,
    ).toEqual({
      image_model_config: { model: 'seedream4', parameters: {} },
      video_model_config: { model: 'kling2.1' },
    });
    expect(
      explainerPayload({ ...values, imageModel: null, videoModel: null }, false).advanced_settings,
    ).toEqual({});
  });

  it('sends a chosen stock track as background_music, and needs one when that is the choice', () => {
    const script = 'A'.repeat(120);
    const chosen = { ...EXPLAINER_DEFAULTS, script, backgroundMusic: 'track' as const };
    expect(explainerFormError(chosen)).toBe(CHOOSE_MUSIC_TRACK);
    const track = {
      id: 'local-music-007',
      name: 'Neon Drive',
      url: '/api/music/tracks/local-music-007/audio',
    };
    expect(explainerFormError({ ...chosen, musicTrack: track })).toBeNull();
    expect(explainerPayload({ ...chosen, musicTrack: track }, false).background_music).toBe(
      track.url,
    );
    expect(
      explainerPayload({ ...EXPLAINER_DEFAULTS, script, musicTrack: track }, false)
        .background_music,
    ).toBe('auto');
  });

  it('draws 17 bars from 1000 waveform peaks, each the loudest of its share', () => {
    const peaks = Array.from({ length: 1000 }, (_, i) => (i === 999 ? 1 : i / 2000));
    const bars = waveformBars(peaks, 17);
    expect(bars).toHaveLength(17);
    expect(bars[16]).toBe(1);
    expect(bars[0]).toBeCloseTo(57 / 2000);
    expect(waveformBars([], 17)).toEqual(Array.from({ length: 17 }, () => 0));
  });

  it('keeps rewrite history for undo', () => {
    let history = pushRewrite({ entries: [], index: 0 }, 'v1', 'v2');
    history = pushRewrite(history, 'v2', 'v3');
    const first = undoRewrite(history)!;
    expect(first.script).toBe('v2');
    expect(undoRewrite(first.history)!.script).toBe('v1');
    expect(undoRewrite({ entries: ['v1'], index: 0 })).toBeNull();
  });
});
