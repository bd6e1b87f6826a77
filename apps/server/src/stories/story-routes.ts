import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  operateTemplateStorySchema,
  publishedStoriesQuerySchema,
  publishedStoriesResponseSchema,
  recordIdParamsSchema,
  storyCreateSchema,
  storyListQuerySchema,
  storyListResponseSchema,
  storyPatchSchema,
  storyResponseSchema,
  storySchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser, sessionUser } from '../auth/session.js';
import { storyAssetsRoutes } from './story-assets-routes.js';
import { StoryRepository } from './story-repository.js';
import { StoryService, storyJson } from './story-service.js';
import { TIMELINE_BODY_LIMIT } from '../http/body-guard.js';
import { badRequest } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';

/** Story listing and operations of spec 1 §7. */
export function storyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new StoryService(new StoryRepository(ctx.database.db));
  const tags = ['stories'];

  r.get(
    '/stories',
    {
      schema: {
        tags,
        summary: "The signed-in user's stories (with their team's and the examples), newest first",
        querystring: storyListQuerySchema,
        response: { 200: storyListResponseSchema },
      },
    },
    // Already JSON, checked against the story schema by the service (a string is sent as is).
    async (req, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(await service.libraryJson((await requireUser(ctx.auth, req)).id, req.query.cursor)),
  );

  r.get(
    '/stories/published',
    {
      schema: {
        tags,
        summary: 'Published stories, newest first, optionally of one category',
        querystring: publishedStoriesQuerySchema,
        response: { 200: publishedStoriesResponseSchema },
      },
    },
    // Already JSON, checked against the response schema by the service (a string is sent as is).
    async (req, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(await service.publishedJson(req.query.category_id, req.query.cursor)),
  );

  r.post(
    '/stories',
    {
      bodyLimit: TIMELINE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Create a story; with {title:'Untitled', category_id:'create_from_scratch'} a blank one",
        body: storyCreateSchema,
        response: { 201: storySchema },
      },
    },
    async (req, reply) => {
      const user = await requireUser(ctx.auth, req);
      // A new story names only media its owner may use, as a synced one does.
      await ctx.media.assertUsable(
        { storyboard: req.body.storyboard, video_editor_timeline: req.body.video_editor_timeline },
        user.id,
      );
      const story = await service.create(user, req.body);
      return reply.code(201).send(story);
    },
  );

  r.post(
    '/stories/operate_template_story',
    {
      schema: {
        tags,
        summary: 'Copy an example story before editing or deleting it',
        body: operateTemplateStorySchema,
        response: { 200: storyResponseSchema },
      },
    },
    async (req) => {
      const viewer = await requireUser(ctx.auth, req);
      return {
        story: await service.operateTemplate(
          viewer,
          req.body.template_story_id,
          req.body.operation,
        ),
      };
    },
  );

  r.get(
    '/stories/:id',
    {
      schema: {
        tags,
        summary: 'One story',
        params: recordIdParamsSchema,
        response: { 200: storySchema },
      },
    },
    // Already JSON, checked against the story schema (a string is sent as is).
    async (req, reply) =>
      (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .send(storyJson(await service.get(req.params.id, await sessionUser(ctx.auth, req)))),
  );

  r.patch(
    '/stories/:id',
    {
      schema: {
        tags,
        summary: 'Publish, unpublish, set the thumbnail, contests or title',
        params: recordIdParamsSchema,
        body: storyPatchSchema,
        response: { 200: storySchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      const thumbnail = req.body.last_export_thumbnail_url;
      const key = thumbnail ? blobKeyOfUrl(thumbnail, ctx.config.publicUrl) : null;
      if (thumbnail && !key) throw badRequest(MESSAGES.story.thumbnailNotOurs, 'INVALID_THUMBNAIL');
      await ctx.media.assertUsable({ last_export_thumbnail_url: thumbnail }, user.id);
      const story = await service.patch(req.params.id, user, req.body);
      // A picture the owner uploaded becomes part of the story: whoever may see it, may see that.
      if (key) await ctx.media.attachToStory(key, user.id, story.id);
      return story;
    },
  );

  r.delete(
    '/stories/:id',
    { schema: { tags, summary: 'Delete a story (owner only)', params: recordIdParamsSchema } },
    async (req, reply) => {
      await service.remove(req.params.id, await requireUser(ctx.auth, req));
      return reply.code(204).send();
    },
  );

  storyAssetsRoutes(app, ctx, service);
}
