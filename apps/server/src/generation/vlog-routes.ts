import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { characterVlogPayloadSchema, workflowRunResponseSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { rateLimited } from '../http/rate-limits.js';
import { startCharacterVlog } from './vlog-workflows.js';

/** POST /stories/workflow/generate_character_vlog (spec 2 §7). */
export function vlogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/stories/workflow/generate_character_vlog',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['generation'],
        summary: 'Start a character vlog generation; credits are charged now',
        body: characterVlogPayloadSchema,
        response: { 200: workflowRunResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startCharacterVlog(ctx, user.id, req.body);
      return { workflowRunId };
    },
  );
}
