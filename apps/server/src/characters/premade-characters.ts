import type { CharacterType } from '@storyloom/core';

/** A premade character of the library ("By the provider"), drawn by the offline illustrator. */
export interface PremadeCharacter {
  id: string;
  name: string;
  characterType: CharacterType;
  /** What the illustrator draws as the character's reference picture. */
  prompt: string;
  keywords: string[];
  /** Features the storyboard may mention. */
  features: string;
}

/** The premade library (ours: the spec shows no list). Ids are stable: stories refer to them. */
export const PREMADE_CHARACTERS: readonly PremadeCharacter[] = [
  {
    id: 'premade-maya',
    name: 'Maya',
    characterType: 'people',
    prompt: 'close-up portrait of a woman smiling in a park',
    keywords: ['woman'],
    features: 'a cheerful young woman',
  },
  {
    id: 'premade-leo',
    name: 'Leo',
    characterType: 'people',
    prompt: 'close-up portrait of a smiling man in a city',
    keywords: ['man'],
    features: 'a friendly young man',
  },
  {
    id: 'premade-biscuit',
    name: 'Biscuit',
    characterType: 'animals',
    prompt: 'close-up of a happy dog in a garden',
    keywords: ['dog'],
    features: 'a playful dog',
  },
  {
    id: 'premade-juniper',
    name: 'Juniper',
    characterType: 'animals',
    prompt: 'close-up of a curious cat on a sofa at home',
    keywords: ['cat'],
    features: 'a curious cat',
  },
  {
    id: 'premade-ember',
    name: 'Ember',
    characterType: 'fantasy',
    prompt: 'close-up of a friendly dragon in a forest',
    keywords: ['dragon'],
    features: 'a small friendly dragon',
  },
  {
    id: 'premade-pip',
    name: 'Pip',
    characterType: 'fantasy',
    prompt: 'close-up of a robot in a laboratory',
    keywords: ['robot'],
    features: 'a little robot',
  },
];

export function findPremade(id: string): PremadeCharacter | undefined {
  return PREMADE_CHARACTERS.find((c) => c.id === id);
}
