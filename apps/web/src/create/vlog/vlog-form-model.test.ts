import { describe, expect, it } from 'vitest';
import { MESSAGES, type SelectedCharacter } from '@storyloom/core';
import { VLOG_DEFAULTS, vlogFormError, vlogPayload, withCharacters } from './vlog-form-model';

const mia: SelectedCharacter = {
  type: 'custom-quick',
  id: 'local-1',
  name: 'Mia',
  image_url: '/media/a.png',
};
const leo: SelectedCharacter = {
  type: 'premade',
  id: 'premade-leo',
  name: 'Leo',
  image_url: '/media/b.jpg',
};

describe('the vlog form', () => {
  it('starts with the spec defaults and asks for a character first', () => {
    expect(VLOG_DEFAULTS).toMatchObject({
      title: 'My Character Vlog',
      aspectRatio: '16:9',
      backgroundMusic: 'auto',
    });
    expect(vlogFormError(VLOG_DEFAULTS)).toBe(MESSAGES.generate.characterRequired);
  });

  it('inserts the first character as a mention, once', () => {
    const one = withCharacters({ ...VLOG_DEFAULTS, activity: 'is cooking' }, [mia]);
    expect(one.activity).toBe('@Mia is cooking');
    expect(one.imageModel).toBe('flux_kontext');
    const two = withCharacters(one, [mia, leo]);
    expect(two.activity).toBe('@Mia is cooking');
    // Extra characters force seedream4; removing them restores the default.
    expect(two.imageModel).toBe('seedream4');
    expect(withCharacters(two, []).imageModel).toBeUndefined();
    expect(withCharacters(VLOG_DEFAULTS, [leo]).imageModel).toBe('character');
    expect(vlogPayload(two, false)).toMatchObject({
      character: mia,
      additional_characters: [leo],
      vlog_topic: '@Mia is cooking',
    });
  });

  it.each([
    [{ characters: [mia], activity: '' }, MESSAGES.generate.activityRequired],
    [{ characters: [mia], activity: 'Mia cooks' }, MESSAGES.generate.mentionRequired],
    [{ characters: [mia], activity: '@Mia cooks', title: ' ' }, MESSAGES.generate.titleRequired],
    [{ characters: [mia], activity: '@Mia cooks' }, null],
  ])('%j -> %s', (patch, message) => {
    expect(vlogFormError({ ...VLOG_DEFAULTS, ...patch })).toBe(message);
  });

  it('sends a preview flag only for previews', () => {
    const values = { ...VLOG_DEFAULTS, characters: [mia], activity: '@Mia cooks' };
    expect(vlogPayload(values, true).is_preview).toBe(true);
    expect('is_preview' in vlogPayload(values, false)).toBe(false);
  });
});
