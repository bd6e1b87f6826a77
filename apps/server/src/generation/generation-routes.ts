import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calculateCredits,
  ideaToScriptRequestSchema,
  rewriteScriptRequestSchema,
  rewriteScriptResponseSchema,
  scriptToVideoPayloadSchema,
  STARTING_CREDIT_BALANCE,
  voiceKeySchema,
  voiceLabel,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { CreditLedger } from './credit-ledger.js';
import { startScriptToVideo } from './generation-service.js';

const workflowRunAnswer = z.object({ workflowRunId: z.string() });

/** Generation calls (spec 2 §7) and the credit balance. */
export function generationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credits = new CreditLedger(ctx.database.db);
  const tags = ['generation'];

  r.post(
    '/stories/workflow/generate_script_to_video',
    {
      schema: {
        tags,
        summary: 'Start an explainer (script to video) generation; credits are charged now',
        body: scriptToVideoPayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startScriptToVideo(ctx, user.id, req.body);
      return { workflowRunId };
    },
  );

  r.get(
    '/api/credits',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s credit balance and the script-to-video prices',
        response: {
          200: z.object({
            balance: z.number(),
            startingBalance: z.number(),
            scriptToVideo: z.object({ full: z.number(), preview: z.number() }),
          }),
        },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return {
        balance: await credits.balance(user.id),
        startingBalance: STARTING_CREDIT_BALANCE,
        scriptToVideo: {
          full: calculateCredits({ category: 'script_to_video' }).totalCredits,
          preview: calculateCredits({ category: 'script_to_video', preview: true }).totalCredits,
        },
      };
    },
  );

  const samples = new Map<string, Promise<Buffer>>();
  r.get(
    '/api/voices/:key/sample',
    {
      schema: {
        tags,
        summary: 'A short spoken sample of a voice actor (audio/wav)',
        params: z.object({ key: voiceKeySchema }),
      },
    },
    async (req, reply) => {
      const key = req.params.key;
      let sample = samples.get(key);
      if (!sample) {
        sample = ctx.providers.speech
          .speak({
            phrases: [`Hi, I am ${voiceLabel(key) ?? key}.`, 'I will narrate your story.'],
            voice: key,
            leadSeconds: 0.1,
            tailSeconds: 0.2,
            fps: 30,
          })
          .then((result) => result.bytes);
        sample.catch(() => samples.delete(key));
        samples.set(key, sample);
      }
      const bytes = await sample;
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'public, max-age=86400')
        .send(bytes);
    },
  );

  r.post(
    '/stories/rewrite_script',
    {
      schema: {
        tags,
        summary: 'Rewrite (Auto-Polish) a script',
        body: rewriteScriptRequestSchema,
        response: { 200: rewriteScriptResponseSchema },
      },
    },
    async (req) => {
      await requireUser(ctx.auth, req);
      return { enhancedScript: await ctx.providers.writer.rewrite(req.body.story) };
    },
  );

  r.post(
    '/stories/idea_to_script',
    {
      schema: {
        tags,
        summary: 'Idea to video: a script from a topic of at most 100 characters',
        body: ideaToScriptRequestSchema,
        response: { 200: z.object({ script: z.string() }) },
      },
    },
    async (req) => {
      await requireUser(ctx.auth, req);
      return { script: await ctx.providers.writer.ideaToScript(req.body.topic) };
    },
  );
}
