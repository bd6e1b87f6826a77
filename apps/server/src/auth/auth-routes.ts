import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema,
  displayNameSchema,
  MESSAGES,
  organizationCheckSlugSchema,
  organizationCreateSchema,
  organizationInviteSchema,
  organizationLogoSchema,
  organizationMemberRoleSchema,
  organizationUpdateDataSchema,
  organizationUpdateSchema,
  PASSWORD_MAX,
  profileSchema,
  profileUpdateSchema,
  USERNAME_LIMITS,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { badRequest, conflict, HttpError, unauthorized } from '../http/errors.js';
import { AccountSignInLimit, rateLimited, type RateLimitKind } from '../http/rate-limits.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { AccountRepository } from './account-repository.js';
import { headersOf, requireUser, sessionUser } from './session.js';

/** Small bodies only: better-auth's calls carry a few short fields. */
const AUTH_BODY_LIMIT = 64 * 1024;

const email = z.string().trim().min(1).max(254);
const password = z.string().min(1).max(PASSWORD_MAX);

/**
 * better-auth validates less than our own routes do, so the calls that take user text are
 * declared here with bounded fields (other keys pass through to better-auth): display names by
 * the one rule of core (1–60, trimmed, not blank), avatars and team logos only from this
 * server's media, teams' names, addresses (slugs), details and roles by core's schemas (which
 * better-auth's organization hooks check again, in auth.ts).
 */
function authBodies(publicUrl: string) {
  const ownImage = z
    .string()
    .max(2048)
    .refine((url) => blobKeyOfUrl(url, publicUrl) !== null, {
      message: MESSAGES.user.avatarNotOurs,
    })
    .nullable();
  const ownLogo = organizationLogoSchema
    .refine((url) => blobKeyOfUrl(url, publicUrl) !== null, {
      message: MESSAGES.organization.logoNotOurs,
    })
    .nullable();
  return {
    '/api/auth/sign-up/email': z.looseObject({
      email,
      password,
      name: displayNameSchema,
      username: z
        .string()
        .max(USERNAME_LIMITS.max * 2)
        .optional(),
      image: ownImage.optional(),
    }),
    '/api/auth/sign-in/email': z.looseObject({ email, password }),
    '/api/auth/sign-in/username': z.looseObject({
      username: z
        .string()
        .min(1)
        .max(USERNAME_LIMITS.max * 2),
      password,
    }),
    '/api/auth/change-password': z.looseObject({
      currentPassword: password,
      newPassword: password,
    }),
    '/api/auth/organization/create': organizationCreateSchema.extend({
      logo: ownLogo.optional(),
    }),
    '/api/auth/organization/update': organizationUpdateSchema.extend({
      data: organizationUpdateDataSchema.extend({ logo: ownLogo.optional() }),
    }),
    '/api/auth/organization/check-slug': organizationCheckSlugSchema,
    '/api/auth/organization/invite-member': organizationInviteSchema,
    '/api/auth/organization/update-member-role': organizationMemberRoleSchema,
    '/api/auth/update-user': z.looseObject({
      name: displayNameSchema.optional(),
      username: z
        .string()
        .max(USERNAME_LIMITS.max * 2)
        .optional(),
      image: ownImage.optional(),
    }),
  };
}

const AUTH_RATE_LIMITS: Partial<Record<keyof ReturnType<typeof authBodies>, RateLimitKind>> = {
  '/api/auth/sign-up/email': 'signUp',
  '/api/auth/sign-in/email': 'signIn',
  '/api/auth/sign-in/username': 'signIn',
  '/api/auth/change-password': 'signIn',
};

/**
 * The calls that check an account's password, and the account each try is at: the user's id
 * when the email or username is known (so both ways in share one count), else the name tried.
 * better-auth keeps both in lower case, as it compares them.
 */
const PASSWORD_CHECKS: Partial<
  Record<
    keyof ReturnType<typeof authBodies>,
    (ctx: AppContext, req: FastifyRequest) => Promise<string | null>
  >
> = {
  '/api/auth/sign-in/email': async (ctx, req) => {
    const tried = (req.body as { email: string }).email.toLowerCase();
    const known = await new AccountRepository(ctx.database).idByEmail(tried);
    return known ? `user:${known}` : `email:${tried}`;
  },
  '/api/auth/sign-in/username': async (ctx, req) => {
    const tried = (req.body as { username: string }).username.trim().toLowerCase();
    const known = await new AccountRepository(ctx.database).idByUsername(tried);
    return known ? `user:${known}` : `username:${tried}`;
  },
  '/api/auth/change-password': async (ctx, req) => {
    const me = await sessionUser(ctx.auth, req);
    return me ? `user:${me.id}` : null;
  },
};

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accountLimit = new AccountSignInLimit();

  // better-auth answers everything under /api/auth (sign-up, sign-in, sign-out, organizations...).
  async function forward(req: FastifyRequest, reply: FastifyReply) {
    const url = new URL(req.url, ctx.config.publicUrl);
    const hasBody = req.method !== 'GET' && req.body !== undefined;
    const image = (req.body as { image?: unknown } | undefined)?.image;
    const viewer = hasBody && typeof image === 'string' ? await sessionUser(ctx.auth, req) : null;
    // A picture someone names for their account is one they may use (the ownership rule).
    if (viewer) await ctx.media.assertUsable({ image }, viewer.id);
    const checked = PASSWORD_CHECKS[url.pathname as keyof typeof PASSWORD_CHECKS];
    const account = checked ? await checked(ctx, req) : null;
    if (account) {
      const retryAfter = accountLimit.begin(account);
      if (retryAfter > 0) {
        reply.header('retry-after', retryAfter);
        throw new HttpError(429, 'TOO_MANY_REQUESTS', MESSAGES.limits.tooManyRequests);
      }
    }
    let response: Response;
    try {
      response = await ctx.auth.handler(
        new Request(url, {
          method: req.method,
          headers: headersOf(req),
          ...(hasBody ? { body: JSON.stringify(req.body) } : {}),
        }),
      );
    } catch (error) {
      if (account) accountLimit.finish(account, 'unanswered');
      throw error;
    }
    // A wrong password (or unknown account) is a 4xx answer; a server error is not a try.
    if (account)
      accountLimit.finish(
        account,
        response.ok ? 'succeeded' : response.status < 500 ? 'failed' : 'unanswered',
      );
    if (response.ok && req.url.startsWith('/api/auth/update-user') && typeof image === 'string') {
      const me = await sessionUser(ctx.auth, req);
      const key = blobKeyOfUrl(image, ctx.config.publicUrl);
      if (me && key) await ctx.media.markAvatar(key, me.id);
    }
    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  }

  for (const [url, body] of Object.entries(authBodies(ctx.config.publicUrl))) {
    const limit = AUTH_RATE_LIMITS[url as keyof typeof AUTH_RATE_LIMITS];
    r.post(
      url,
      {
        schema: { hide: true, body },
        bodyLimit: AUTH_BODY_LIMIT,
        ...(limit ? rateLimited(limit) : {}),
      },
      forward,
    );
  }
  r.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    bodyLimit: AUTH_BODY_LIMIT,
    handler: forward,
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
      if (avatarUrl && !blobKeyOfUrl(avatarUrl, ctx.config.publicUrl))
        throw badRequest(MESSAGES.user.avatarNotOurs, 'INVALID_AVATAR');
      await ctx.media.assertUsable({ avatarUrl }, me.id);
      const accounts = new AccountRepository(ctx.database);
      if (username) {
        const taken = await accounts.idByUsername(username);
        if (taken && taken !== me.id) throw conflict('That username is taken', 'USERNAME_TAKEN');
      }
      await accounts.updateProfile(me.id, { username, displayName, avatarUrl });
      const avatarKey = avatarUrl ? blobKeyOfUrl(avatarUrl, ctx.config.publicUrl) : null;
      if (avatarKey) await ctx.media.markAvatar(avatarKey, me.id);
      return loadProfile(ctx, me.id);
    },
  );
}

export async function loadProfile(ctx: AppContext, userId: string) {
  const profile = await new AccountRepository(ctx.database).profile(userId);
  if (!profile) throw unauthorized();
  return profile;
}
