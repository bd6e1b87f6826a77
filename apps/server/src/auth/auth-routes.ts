import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { currentUserSchema, profileSchema, profileUpdateSchema } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { member, user } from '../db/schema.js';
import { conflict, unauthorized } from '../http/errors.js';
import { headersOf, requireUser } from './session.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // better-auth answers everything under /api/auth (sign-up, sign-in, sign-out, organizations...).
  r.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      const url = new URL(req.url, ctx.config.publicUrl);
      const hasBody = req.method !== 'GET' && req.body !== undefined;
      const response = await ctx.auth.handler(
        new Request(url, {
          method: req.method,
          headers: headersOf(req),
          ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
        }),
      );
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  r.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema },
      },
    },
    async (req) => {
      const me = await requireUser(ctx.auth, req);
      const profile = await loadProfile(ctx, me.id);
      return { id: me.id, email: me.email, displayName: profile.displayName };
    },
  );

  r.get(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's profile",
        response: { 200: profileSchema },
      },
    },
    async (req) => loadProfile(ctx, (await requireUser(ctx.auth, req)).id),
  );

  r.patch(
    '/api/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Change username, display name or avatar',
        body: profileUpdateSchema,
        response: { 200: profileSchema },
      },
    },
    async (req) => {
      const me = await requireUser(ctx.auth, req);
      const { username, displayName, avatarUrl } = req.body;
      if (username) {
        const [taken] = await ctx.database.db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.username, username));
        if (taken && taken.id !== me.id) throw conflict('That username is taken', 'USERNAME_TAKEN');
      }
      await ctx.database.db
        .update(user)
        .set({
          ...(username ? { username, displayUsername: username } : {}),
          ...(displayName ? { name: displayName } : {}),
          ...(avatarUrl !== undefined ? { image: avatarUrl } : {}),
          updatedAt: new Date(),
        })
        .where(eq(user.id, me.id));
      return loadProfile(ctx, me.id);
    },
  );
}

export async function loadProfile(ctx: AppContext, userId: string) {
  const [row] = await ctx.database.db
    .select({
      id: user.id,
      email: user.email,
      displayName: user.name,
      username: user.username,
      avatarUrl: user.image,
      isTeam: sql<boolean>`exists (select 1 from ${member} m where m.user_id = ${user}.id)`,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw unauthorized();
  return { ...row, isTeam: Boolean(row.isTeam) };
}
