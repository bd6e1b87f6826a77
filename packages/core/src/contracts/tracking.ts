import { z } from 'zod';

/** The `:sessionId` of a play session (heartbeat, end). */
export const playSessionParamsSchema = z.object({ sessionId: z.uuid() });
