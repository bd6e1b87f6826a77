import {
  asmrPayloadSchema,
  characterVlogPayloadSchema,
  lyricsVideoPayloadSchema,
  MUSIC_VIDEO_FORM_TYPES,
  MUSIC_VIDEO_TYPE_FIELDS,
  musicVideoPayloadSchema,
  musicVideoTakes,
  scriptToVideoPayloadSchema,
  type MusicVideoTypeField,
  type SelectedCharacter,
} from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { ASMR_DEFAULTS, asmrPayload, chooseStyle } from './asmr/asmr-form-model';
import { EXPLAINER_DEFAULTS, explainerPayload } from './explainer/explainer-form-model';
import { LYRICS_DEFAULTS, lyricsPayload } from './music-video/lyrics-form-model';
import { musicVideoDefaults, musicVideoPayload } from './music-video/music-video-form-model';
import { VLOG_DEFAULTS, vlogPayload, withCharacters } from './vlog/vlog-form-model';

const character: SelectedCharacter = {
  type: 'premade',
  id: 'ava',
  name: 'Ava',
  image_url: '/media/avatars/ava.jpg',
};
const song = { url: '/media/uploads/a.mp3', name: 'a.mp3', duration: 23.3 };

/** The request's keys are all keys of its type's core request schema, and it passes it. */
function expectOnlyItsFields(
  payload: Record<string, unknown>,
  schema: { shape: Record<string, unknown>; safeParse: (v: unknown) => { success: boolean } },
) {
  const known = Object.keys(schema.shape);
  for (const key of Object.keys(payload)) expect(known, key).toContain(key);
  expect(schema.safeParse(payload).success).toBe(true);
}

describe('each form builds its request from its type’s core schema', () => {
  it('the explainer sends only script-to-video fields', () => {
    const payload = explainerPayload({ ...EXPLAINER_DEFAULTS, script: 'A fox runs home.' }, true);
    expectOnlyItsFields(payload, scriptToVideoPayloadSchema);
    expect(payload).not.toHaveProperty('character');
  });

  it('the vlog sends only character-vlog fields', () => {
    const values = withCharacters({ ...VLOG_DEFAULTS, activity: 'is cooking' }, [character]);
    expectOnlyItsFields(vlogPayload(values, false), characterVlogPayloadSchema);
  });

  it('the ASMR form sends only ASMR fields', () => {
    const payload = asmrPayload(chooseStyle(ASMR_DEFAULTS, 'Slime', 'Clay'), true);
    expectOnlyItsFields(payload, asmrPayloadSchema);
    expect(payload).not.toHaveProperty('character');
  });

  it('the lyrics form sends only lyrics-only fields', () => {
    const payload = lyricsPayload({ ...LYRICS_DEFAULTS, song, animated: true }, false);
    expectOnlyItsFields(payload, lyricsVideoPayloadSchema);
    expect(payload).toMatchObject({
      skip_video_generation: false,
      advanced_settings: {
        image_model_config: { model: 'seedream4' },
        video_model_config: { model: 'seedance-v1', parameters: { resolution: '720p' } },
      },
    });
  });

  it.each(MUSIC_VIDEO_FORM_TYPES)('a %s music video sends only its type’s fields', (type) => {
    // The form holds everything any type could take.
    const full = {
      ...musicVideoDefaults(type),
      song,
      character,
      storyline: 'A fox runs home.',
      scene: 'On the moon',
    };
    const payload = musicVideoPayload(full, false);
    expectOnlyItsFields(payload, musicVideoPayloadSchema);
    for (const field of Object.keys(MUSIC_VIDEO_TYPE_FIELDS) as MusicVideoTypeField[])
      expect(field in payload, field).toBe(musicVideoTakes(type, field));
  });
});
