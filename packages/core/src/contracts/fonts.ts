import { z } from 'zod';

/** GET /fonts/{file}: one caption font file's name. */
export const fontFileParamsSchema = z.object({ file: z.string().max(100) });
