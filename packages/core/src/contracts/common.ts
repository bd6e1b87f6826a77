import { z } from 'zod';

/** The longest `:id` a route path accepts (a story's, a media resource's). */
export const ROUTE_ID_MAX = 100;

/** The `:id` of a story or another stored record in a route path. */
export const recordIdParamsSchema = z.object({ id: z.string().min(1).max(ROUTE_ID_MAX) });

/** A deletion or other action that answers nothing but its success. */
export const successResponseSchema = z.object({ success: z.literal(true) });
