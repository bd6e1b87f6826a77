import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASMR_MATERIALS,
  asmrPayloadSchema,
  asmrStyleParamsSchema,
  batchGeneratePayloadSchema,
  batchGenerateQuerySchema,
  calculateCredits,
  creditsResponseSchema,
  fillAsmrScene,
  generationProvidersResponseSchema,
  ideaToScriptRequestSchema,
  ideaToScriptResponseSchema,
  modelChoicesResponseSchema,
  rebuildTimelineAndExportSchema,
  regenerateShotPayloadSchema,
  regenerateShotQuerySchema,
  rewriteScriptRequestSchema,
  rewriteScriptResponseSchema,
  scriptToVideoPayloadSchema,
  STARTING_CREDIT_BALANCE,
  voiceLabel,
  voiceSampleParamsSchema,
  workflowRunResponseSchema,
} from '@storyloom/core';
import {
  availableModels,
  encodeWav,
  LocalIllustrator,
  sceneKeywords,
  styleChoice,
  synthesizeAmbience,
} from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { CreditLedger } from './credit-ledger.js';
import {
  startRebuildAndExport,
  startRegenerate,
  startAsmrVideo,
  startScriptToVideo,
} from './generation-service.js';
import { rateLimited } from '../http/rate-limits.js';

const workflowRunAnswer = workflowRunResponseSchema;

/** Generation calls (spec 2 §7) and the credit balance. */
export function generationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const credits = new CreditLedger(ctx.database.db);
  const tags = ['generation'];

  r.post(
    '/stories/workflow/generate_script_to_video',
    {
      ...rateLimited('workStart'),
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

  r.post(
    '/stories/workflow/generate_asmr_video',
    {
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Start an ASMR video generation; credits are charged now',
        body: asmrPayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const { workflowRunId } = await startAsmrVideo(ctx, user.id, req.body);
      return { workflowRunId };
    },
  );

  r.post(
    '/stories/workflow/rebuild_timeline_and_export',
    {
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Recover: rebuild the timeline of a story and export it again (free)',
        body: rebuildTimelineAndExportSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return startRebuildAndExport(ctx, user.id, req.body);
    },
  );

  r.post(
    '/stories/workflow/regenerate_shot',
    {
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Regenerate the image, video or voice-over of one shot',
        querystring: regenerateShotQuerySchema,
        body: regenerateShotPayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const body = req.body;
      return startRegenerate(ctx, user.id, {
        story_id: req.query.storyId,
        shot_ids: [req.query.shotId],
        media_types: body.media_types,
        image_prompt: body.image_prompt,
        video_prompt: body.video_prompt,
        voice_over: body.voice_over,
        advanced_settings: body.advanced_settings,
      });
    },
  );

  r.post(
    '/stories/workflow/batch_generate',
    {
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Regenerate media of several shots (all visible shots without shot_ids)',
        querystring: batchGenerateQuerySchema,
        body: batchGeneratePayloadSchema,
        response: { 200: workflowRunAnswer },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return startRegenerate(ctx, user.id, {
        story_id: req.query.storyId,
        shot_ids: req.body.shot_ids,
        media_types: req.body.media_types,
        advanced_settings: req.body.advanced_settings,
      });
    },
  );

  r.get(
    '/api/generation/providers',
    {
      schema: {
        tags,
        summary: 'The providers generation runs on, and the spec models they can run',
        response: {
          200: generationProvidersResponseSchema,
        },
      },
    },
    () => {
      const p = ctx.providers;
      const cloud = (name: string, prefix: string) => name.startsWith(prefix);
      return {
        writer: p.writer.name,
        image: p.image.name,
        video: p.video.name,
        speech: p.speech.name,
        music: p.music.name,
        models: availableModels({
          fal: cloud(p.image.name, 'fal:') || cloud(p.video.name, 'fal:'),
          openai: cloud(p.image.name, 'openai-'),
        }),
      };
    },
  );

  r.get(
    '/api/models',
    {
      schema: {
        tags,
        summary:
          'Image and video model choices of the advanced settings: the spec models whose provider is configured, else the local providers',
        response: {
          200: modelChoicesResponseSchema,
        },
      },
    },
    () => ctx.models.choices({ image: ctx.providers.image.name, video: ctx.providers.video.name }),
  );

  r.get(
    '/api/credits',
    {
      schema: {
        tags,
        summary:
          'The signed-in user’s credit balance, free stories left and the script-to-video prices',
        response: {
          200: creditsResponseSchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return {
        balance: await credits.balance(user.id),
        startingBalance: STARTING_CREDIT_BALANCE,
        freeStoriesLeft: await credits.freeStoriesLeft(user.id),
        scriptToVideo: {
          full: calculateCredits({ category: 'script_to_video' }).totalCredits,
          preview: calculateCredits({ category: 'script_to_video', preview: true }).totalCredits,
        },
      };
    },
  );

  // The ASMR style grid's previews (spec 2 §3: hover or touch plays the style): each style's
  // ambience and a picture of its scene, made locally once and kept.
  const styleSounds = new Map<string, Buffer>();
  r.get(
    '/api/asmr/styles/:type/sound',
    {
      schema: {
        tags,
        summary: "Three seconds of an ASMR style's ambience (audio/wav)",
        params: asmrStyleParamsSchema,
      },
    },
    async (req, reply) => {
      const type = req.params.type;
      let bytes = styleSounds.get(type);
      if (!bytes) {
        bytes = encodeWav(synthesizeAmbience(type, 3, 'preview'));
        styleSounds.set(type, bytes);
      }
      return reply
        .header('content-type', 'audio/wav')
        .header('cache-control', 'public, max-age=86400')
        .send(bytes);
    },
  );
  const stylePictures = new Map<string, Promise<Buffer>>();
  const illustrator = new LocalIllustrator();
  r.get(
    '/api/asmr/styles/:type/picture',
    {
      schema: {
        tags,
        summary: "A picture of an ASMR style's scene (image/jpeg)",
        params: asmrStyleParamsSchema,
      },
    },
    async (req, reply) => {
      const type = req.params.type;
      let picture = stylePictures.get(type);
      if (!picture) {
        const scene = fillAsmrScene(type, ASMR_MATERIALS[0]);
        picture = illustrator
          .generate({
            prompt: `Close-up of ${scene}, soft studio light`,
            keywords: sceneKeywords(scene),
            style: styleChoice('photorealistic'),
            width: 480,
            height: 360,
            seed: `asmr-${type}`,
          })
          .then((media) => media.bytes);
        picture.catch(() => stylePictures.delete(type));
        stylePictures.set(type, picture);
      }
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .send(await picture);
    },
  );

  const samples = new Map<string, Promise<Buffer>>();
  r.get(
    '/api/voices/:key/sample',
    {
      schema: {
        tags,
        summary: 'A short spoken sample of a voice actor (audio/wav)',
        params: voiceSampleParamsSchema,
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
      ...rateLimited('workStart'),
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
      ...rateLimited('workStart'),
      schema: {
        tags,
        summary: 'Idea to video: a script from a topic of at most 100 characters',
        body: ideaToScriptRequestSchema,
        response: { 200: ideaToScriptResponseSchema },
      },
    },
    async (req) => {
      await requireUser(ctx.auth, req);
      return { script: await ctx.providers.writer.ideaToScript(req.body.topic) };
    },
  );
}
