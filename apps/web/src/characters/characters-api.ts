import {
  type Character,
  characterListResponseSchema,
  characterSchema,
  successResponseSchema,
} from '@storyloom/core';
import { requestJson } from '../lib/api-client';

/** The premade library ("By the provider"), grouped by characterType in the dialog. */
export async function fetchPremadeCharacters(): Promise<Character[]> {
  return (await requestJson('/api/characters/premade', characterListResponseSchema)).data;
}

/** The signed-in user's own characters, newest first. */
export async function fetchMyCharacters(): Promise<Character[]> {
  return (await requestJson('/api/characters', characterListResponseSchema)).data;
}

export function createQuickCharacter(input: { name: string; image_url: string }) {
  return requestJson('/api/characters', characterSchema, { method: 'POST', body: input });
}

export function renameCharacter(id: string, name: string) {
  return requestJson(`/api/characters/${encodeURIComponent(id)}`, characterSchema, {
    method: 'PATCH',
    body: { name },
  });
}

export function deleteCharacter(id: string) {
  return requestJson(`/api/characters/${encodeURIComponent(id)}`, successResponseSchema, {
    method: 'DELETE',
  });
}

export const characterQueryKeys = {
  premade: ['characters', 'premade'] as const,
  mine: ['characters', 'mine'] as const,
};
