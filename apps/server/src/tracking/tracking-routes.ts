import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsEventSchema,
  playPortionSchema,
  playSessionParamsSchema,
  playSessionResponseSchema,
  playSessionStartSchema,
  recordIdParamsSchema,
  roundPortion,
  storyEventSchema,
  storyStatsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser, sessionUser, type SessionUser } from '../auth/session.js';
import { notFound } from '../http/errors.js';
import { StoryRepository } from '../stories/story-repository.js';
import { ownedStory, StoryService } from '../stories/story-service.js';
import { rateLimited } from '../http/rate-limits.js';
import { TrackingRepository, type TrackingWindow } from './tracking-repository.js';

/** The visitor cookie play sessions are bound to. */
const DEVICE_COOKIE = 'storyloom_device';

/**
 * Who an event comes from, for counting it once: the signed-in user, else the client address
 * (hashed, never stored as is). A cookie would not do: a client can drop it at will.
 */
function viewerKey(req: FastifyRequest, viewer: SessionUser | null): string {
  if (viewer) return `user:${viewer.id}`;
  return `ip:${createHash('sha256').update(req.ip).digest('hex').slice(0, 32)}`;
}

/** The signed-in user, else this browser's device id (set on first use). */
function deviceKey(req: FastifyRequest, reply: FastifyReply, viewer: SessionUser | null): string {
  if (viewer) return `user:${viewer.id}`;
  let device = req.cookies[DEVICE_COOKIE];
  if (!device || !/^[0-9a-f-]{36}$/.test(device)) {
    device = randomUUID();
    reply.setCookie(DEVICE_COOKIE, device, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: 365 * 24 * 60 * 60,
    });
  }
  return `device:${device}`;
}

/**
 * The play session of a play window: a name-based UUID (version 5 layout) of the window, so
 * every start within one window names the same session.
 */
function playSessionIdOf(window: TrackingWindow): string {
  const bytes = createHash('sha1')
    .update(`${window.key}@${window.endsAt.toISOString()}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Tracking (issue 5 part 10): community views, downloads and create-button clicks, play
 * sessions with their portion, and the analytics events of the spec. Anyone who may read a
 * story may record engagement with it, signed in or not; it feeds the community ranking.
 * Views, downloads, create clicks and plays all count by `openTrackingWindow`.
 */
export function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const repo = new StoryRepository(db);
  const stories = new StoryService(repo);
  const tracking = new TrackingRepository(db);
  const tags = ['tracking'];

  r.post(
    '/stories/:id/events',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: 'Record a community view, download or create-button click',
        params: recordIdParamsSchema,
        body: storyEventSchema,
      },
    },
    async (req, reply) => {
      const viewer = await sessionUser(ctx.auth, req);
      const story = await stories.get(req.params.id, viewer);
      // A creator's own views and downloads are not community engagement.
      if (viewer && viewer.id === story.user_id) return reply.code(204).send();
      const who = viewerKey(req, viewer);
      if (!(await tracking.openWindow(story.id, req.body.kind, who)).opened)
        return reply.code(204).send();
      await tracking.recordStoryEvent({
        storyId: story.id,
        userId: viewer?.id ?? null,
        kind: req.body.kind,
        recommId: req.body.recommId ?? null,
        viewerKey: who,
      });
      return reply.code(204).send();
    },
  );

  r.post(
    '/stories/:id/play_sessions',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: "Start a play session of a story's video",
        params: recordIdParamsSchema,
        body: playSessionStartSchema,
        response: { 201: playSessionResponseSchema },
      },
    },
    async (req, reply) => {
      const viewer = await sessionUser(ctx.auth, req);
      const story = await stories.get(req.params.id, viewer);
      // Plays count like views: one per viewer and story in a window. A play started again
      // within it (a replay, or a client that dropped its cookie) is the session already
      // counted, which only the device that started it may report on.
      const window = await tracking.openWindow(story.id, 'play', viewerKey(req, viewer));
      const sessionId = playSessionIdOf(window);
      const device = deviceKey(req, reply, viewer);
      if (window.opened) {
        await tracking.startPlaySession({
          id: sessionId,
          storyId: story.id,
          userId: viewer?.id ?? null,
          recommId: req.body.recommId ?? null,
          viewerKey: device,
        });
      }
      return reply.code(201).send({ sessionId });
    },
  );

  r.patch(
    '/stories/play_sessions/:sessionId',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: 'Report how far playback got (0..1, kept with two decimals; never goes back)',
        params: playSessionParamsSchema,
        body: playPortionSchema,
      },
    },
    async (req, reply) => {
      const portion = roundPortion(req.body.portion);
      const who = deviceKey(req, reply, await sessionUser(ctx.auth, req));
      if (!(await tracking.reportPlayPortion(req.params.sessionId, who, portion)))
        throw notFound('Play session');
      return reply.code(204).send();
    },
  );

  r.post(
    '/stories/play_sessions/:sessionId/end',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: 'End a play session at completion (portion 1)',
        params: playSessionParamsSchema,
      },
    },
    async (req, reply) => {
      const who = deviceKey(req, reply, await sessionUser(ctx.auth, req));
      if (!(await tracking.endPlaySession(req.params.sessionId, who)))
        throw notFound('Play session');
      return reply.code(204).send();
    },
  );

  r.get(
    '/stories/:id/stats',
    {
      schema: {
        tags,
        summary: "A story's engagement, for its owner",
        params: recordIdParamsSchema,
        response: { 200: storyStatsSchema },
      },
    },
    async (req) => {
      const story = await ownedStory(repo, req.params.id, await requireUser(ctx.auth, req));
      const { counts, plays } = await tracking.engagement(story.id);
      const of = (kind: string) => counts.find((c) => c.kind === kind)?.n ?? 0;
      return {
        views: of('view'),
        downloads: of('download'),
        createClicks: of('create_click'),
        plays: plays?.n ?? 0,
        averagePlayPortion: roundPortion(Number(plays?.portion ?? 0)),
      };
    },
  );

  r.post(
    '/api/analytics',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: 'Record an analytics event of the spec (editor_opened, story_shared_clicked, ...)',
        body: analyticsEventSchema,
      },
    },
    async (req, reply) => {
      const viewer = await sessionUser(ctx.auth, req);
      await tracking.recordAnalyticsEvent({
        userId: viewer?.id ?? null,
        name: req.body.event,
        properties: req.body.properties,
      });
      return reply.code(204).send();
    },
  );
}
