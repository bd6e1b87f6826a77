import { z } from 'zod';
import { characterSchema } from '../characters';

/** GET /api/characters and /api/characters/premade: a list of characters. */
export const characterListResponseSchema = z.object({ data: z.array(characterSchema) });

/** GET /api/train/model: one character under `data`. */
export const characterResponseSchema = z.object({ data: characterSchema });
