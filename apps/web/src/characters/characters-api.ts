import { z } from 'zod';
import { characterSchema, type Character } from '@storyloom/core';
import { requestJson } from '../lib/api-client';

const listSchema = z.object({ data: z.array(characterSchema) });

/** The premade library ("By the provider"), grouped by characterType in the dialog. */
export async function fetchPremadeCharacters(): Promise<Character[]> {
  return (await requestJson('/api/characters/premade', listSchema)).data;
}

/** The signed-in user's own characters, newest first. */
export async function fetchMyCharacters(): Promise<Character[]> {
  return (await requestJson('/api/characters', listSchema)).data;
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
  return requestJson(
    `/api/characters/${encodeURIComponent(id)}`,
    z.object({ success: z.literal(true) }),
    {
      method: 'DELETE',
    },
  );
}

export const characterQueryKeys = {
  premade: ['characters', 'premade'] as const,
  mine: ['characters', 'mine'] as const,
};
