import { describe, expect, it } from 'vitest';
import {
  characterImageModels,
  pickCharacter,
  selectedFromCharacter,
  type SelectedCharacter,
} from './characters';

const premade: SelectedCharacter = {
  type: 'premade',
  id: 'premade-maya',
  name: 'Maya',
  image_url: '/a',
};
const quick: SelectedCharacter = {
  type: 'custom-quick',
  id: 'local-1',
  name: 'Mia',
  image_url: '/b',
};

describe('pickCharacter', () => {
  it('adds up to the maximum and never the same character twice', () => {
    expect(pickCharacter([], premade, 2)).toEqual([premade]);
    expect(pickCharacter([premade], quick, 2)).toEqual([premade, quick]);
    const full = [premade, quick];
    expect(pickCharacter(full, { ...quick, id: 'local-2' }, 2)).toBe(full);
    const one = [premade];
    expect(pickCharacter(one, premade, 2)).toBe(one);
  });

  it('replaces the pick when the maximum is 1 (music types)', () => {
    expect(pickCharacter([premade], quick, 1)).toEqual([quick]);
  });
});

describe('characterImageModels', () => {
  it('selects the character model for a premade pick and seedream4 with extra characters', () => {
    expect(characterImageModels([])).toEqual({ allowed: null, model: null });
    expect(characterImageModels([premade])).toEqual({ allowed: null, model: 'character' });
    expect(characterImageModels([premade, quick])).toEqual({
      allowed: ['seedream4'],
      model: 'seedream4',
    });
  });

  it('limits a custom character to reference models, nano-banana only for a quick reference', () => {
    expect(characterImageModels([quick])).toEqual({
      allowed: ['flux_kontext', 'seedream4', 'nano-banana'],
      model: 'flux_kontext',
    });
    expect(characterImageModels([quick], 'trained').allowed).toEqual(['flux_kontext', 'seedream4']);
    expect(characterImageModels([premade], 'trained').allowed).not.toContain('nano-banana');
  });
});

describe('selectedFromCharacter', () => {
  it('tells premade and quick characters apart', () => {
    expect(
      selectedFromCharacter({
        id: 'local-9',
        model_name: 'Mia',
        image_url: '/m',
        modelData: { character_name: 'Mia' },
      }),
    ).toEqual({ type: 'custom-quick', id: 'local-9', name: 'Mia', image_url: '/m' });
    expect(
      selectedFromCharacter({
        id: 'premade-leo',
        model_name: 'Leo',
        image_url: '/l',
        characterType: 'people',
      }).type,
    ).toBe('premade');
  });
});
