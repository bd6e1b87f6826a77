import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  analyticsEventSchema,
  playPortionSchema,
  playSessionResponseSchema,
  playSessionStartSchema,
  roundPortion,
  storyEventSchema,
  storyStatsSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser, sessionUser, type SessionUser } from '../auth/session.js';
import { analyticsEvents, playSessions, storyEvents, trackingWindows } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { StoryRepository } from '../stories/story-repository.js';
import { ownedStory, StoryService } from '../stories/story-service.js';
import { rateLimited } from '../http/rate-limits.js';

const storyParams = z.object({ id: z.string().min(1).max(100) });
const sessionParams = z.object({ sessionId: z.uuid() });

/** A viewer's view, download or create click counts once per story in this window (ours). */
export const TRACKING_WINDOW_MS = 30 * 60 * 1000;
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
 * Tracking (issue 5 part 10): community views, downloads and create-button clicks, play
 * sessions with their portion, and the analytics events of the spec. Anyone who may read a
 * story may record engagement with it, signed in or not; it feeds the community ranking.
 */
export function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const repo = new StoryRepository(db);
  const stories = new StoryService(repo);
  const tags = ['tracking'];

  r.post(
    '/stories/:id/events',
    {
      ...rateLimited('tracking'),
      schema: {
        tags,
        summary: 'Record a community view, download or create-button click',
        params: storyParams,
        body: storyEventSchema,
      },
    },
    async (req, reply) => {
      const viewer = await sessionUser(ctx.auth, req);
      const story = await stories.get(req.params.id, viewer);
      // A creator's own views and downloads are not community engagement.
      if (viewer && viewer.id === story.user_id) return reply.code(204).send();
      const who = viewerKey(req, viewer);
      // Counted only when it opens the viewer's window for this story and kind.
      const opened = await db
        .insert(trackingWindows)
        .values({
          key: `${story.id}:${req.body.kind}:${who}`,
          endsAt: new Date(Date.now() + TRACKING_WINDOW_MS),
        })
        .onConflictDoUpdate({
          target: trackingWindows.key,
          set: { endsAt: new Date(Date.now() + TRACKING_WINDOW_MS) },
          setWhere: lt(trackingWindows.endsAt, new Date()),
        })
        .returning({ key: trackingWindows.key });
      if (opened.length === 0) return reply.code(204).send();
      await db.insert(storyEvents).values({
        id: randomUUID(),
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
        params: storyParams,
        body: playSessionStartSchema,
        response: { 201: playSessionResponseSchema },
      },
    },
    async (req, reply) => {
      const viewer = await sessionUser(ctx.auth, req);
      const story = await stories.get(req.params.id, viewer);
      const sessionId = randomUUID();
      await db.insert(playSessions).values({
        id: sessionId,
        storyId: story.id,
        userId: viewer?.id ?? null,
        recommId: req.body.recommId ?? null,
        viewerKey: deviceKey(req, reply, viewer),
      });
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
        params: sessionParams,
        body: playPortionSchema,
      },
    },
    async (req, reply) => {
      const portion = roundPortion(req.body.portion);
      const who = deviceKey(req, reply, await sessionUser(ctx.auth, req));
      const updated = await db
        .update(playSessions)
        .set({ portion: sql`greatest(${playSessions.portion}, ${portion})`, updatedAt: new Date() })
        .where(
          and(
            eq(playSessions.id, req.params.sessionId),
            eq(playSessions.viewerKey, who),
            isNull(playSessions.endedAt),
          ),
        )
        .returning({ id: playSessions.id });
      if (updated.length === 0) throw notFound('Play session');
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
        params: sessionParams,
      },
    },
    async (req, reply) => {
      const who = deviceKey(req, reply, await sessionUser(ctx.auth, req));
      const ended = await db
        .update(playSessions)
        .set({ portion: 1, endedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(playSessions.id, req.params.sessionId),
            eq(playSessions.viewerKey, who),
            isNull(playSessions.endedAt),
          ),
        )
        .returning({ id: playSessions.id });
      if (ended.length === 0) throw notFound('Play session');
      return reply.code(204).send();
    },
  );

  r.get(
    '/stories/:id/stats',
    {
      schema: {
        tags,
        summary: "A story's engagement, for its owner",
        params: storyParams,
        response: { 200: storyStatsSchema },
      },
    },
    async (req) => {
      const story = await ownedStory(repo, req.params.id, await requireUser(ctx.auth, req));
      const counts = await db
        .select({ kind: storyEvents.kind, n: count() })
        .from(storyEvents)
        .where(eq(storyEvents.storyId, story.id))
        .groupBy(storyEvents.kind);
      const [plays] = await db
        .select({ n: count(), portion: sql<number>`coalesce(avg(${playSessions.portion}), 0)` })
        .from(playSessions)
        .where(eq(playSessions.storyId, story.id));
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
      await db.insert(analyticsEvents).values({
        id: randomUUID(),
        userId: viewer?.id ?? null,
        name: req.body.event,
        properties: req.body.properties,
      });
      return reply.code(204).send();
    },
  );
}
