import { z } from 'zod';

/** GET /api/authors/{username}: the author's username. */
export const authorUsernameParamsSchema = z.object({ username: z.string().min(1).max(100) });
