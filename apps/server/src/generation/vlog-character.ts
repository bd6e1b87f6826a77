import { z } from 'zod';
import { isQuickCharacterId } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { CharacterService } from '../characters/character-service.js';

const storedCharacterSchema = z.object({ id: z.string().max(200), name: z.string().max(200) });

/**
 * The character of a story whose pictures show one (its metadata records which), resolved as
 * the server holds it now: its name and reference picture. Undefined when it records none.
 */
export async function vlogCharacterOf(
  ctx: AppContext,
  story: { userId: string; metadata: Record<string, unknown> },
): Promise<{ name: string; imageUrl: string } | undefined> {
  const stored = storedCharacterSchema.safeParse(story.metadata.character);
  if (!stored.success) return undefined;
  const { id, name } = stored.data;
  const resolved = await new CharacterService(ctx).resolve(story.userId, {
    type: isQuickCharacterId(id) ? 'custom-quick' : 'premade',
    id,
    name,
    image_url: '-',
  });
  return { name: resolved.name, imageUrl: resolved.imageUrl };
}
