import { MESSAGES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import {
  ASMR_DEFAULTS,
  asmrEstimate,
  asmrFormError,
  asmrPayload,
  chooseStyle,
  readAsmrDraft,
} from './asmr-form-model';

describe('the ASMR form', () => {
  it('needs a style and a scene with its material filled in', () => {
    expect(asmrFormError(ASMR_DEFAULTS)).toBe('Choose an ASMR style');
    const chosen = chooseStyle(ASMR_DEFAULTS, 'Cutting');
    expect(chosen.script).toBe('A knife cutting Material Object');
    expect(asmrFormError(chosen)).toBe(MESSAGES.generate.asmrMaterialRequired);
    const filled = chooseStyle(ASMR_DEFAULTS, 'Cutting', 'Crystal');
    expect(filled.script).toBe('A knife cutting Crystal');
    expect(asmrFormError(filled)).toBeNull();
    expect(asmrFormError({ ...filled, script: '   ' })).toBe(MESSAGES.generate.scriptRequired);
  });

  it('sends the spec payload: no music unless chosen, the preview flag only for previews', () => {
    const values = { ...chooseStyle(ASMR_DEFAULTS, 'Slime', 'Clay'), numShots: 5 };
    expect(asmrPayload(values, false)).toEqual({
      script_content: 'Hands kneading slime like Clay',
      asmr_type: 'Slime',
      aspect_ratio: '16:9',
      num_shots: 5,
      background_music: null,
      advanced_settings: {
        image_model_config: { model: 'imagen4' },
        video_model_config: { model: 'veo3_fast' },
      },
    });
    expect(
      asmrPayload({ ...values, imageModel: 'seedream4', videoModel: 'kling2.1' }, false)
        .advanced_settings,
    ).toEqual({
      image_model_config: { model: 'seedream4' },
      video_model_config: { model: 'kling2.1' },
    });
    expect(asmrPayload({ ...values, backgroundMusic: 'auto' }, true)).toMatchObject({
      background_music: 'auto',
      is_preview: true,
    });
  });

  it('prices 600 a shot, 40 a shot for a preview', () => {
    expect(asmrEstimate(3)).toEqual({ full: 1800, preview: 120 });
    expect(asmrEstimate(8)).toEqual({ full: 4800, preview: 320 });
  });

  it('reads a saved draft, keeping the shot count within 3–8', () => {
    expect(readAsmrDraft(null)).toEqual(ASMR_DEFAULTS);
    expect(readAsmrDraft('not json')).toEqual(ASMR_DEFAULTS);
    expect(readAsmrDraft(JSON.stringify({ asmrType: 'Keyboard', numShots: 20 }))).toMatchObject({
      asmrType: 'Keyboard',
      numShots: 8,
    });
    // A model a draft names that does not exist is the default again.
    expect(
      readAsmrDraft(JSON.stringify({ imageModel: 'dall-e', videoModel: 'kling2.1' })),
    ).toMatchObject({ imageModel: 'imagen4', videoModel: 'kling2.1' });
  });
});
