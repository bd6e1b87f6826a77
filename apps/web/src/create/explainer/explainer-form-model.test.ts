import { MESSAGES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import {
  EXPLAINER_DEFAULTS,
  explainerFormError,
  explainerPayload,
  pushRewrite,
  SCRIPT_SUGGESTIONS,
  scriptCounter,
  showsShortScriptWarning,
  undoRewrite,
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
      is_preview: true,
    });
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
