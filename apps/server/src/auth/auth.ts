import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { organization, username } from 'better-auth/plugins';
import type { z } from 'zod';
import {
  MESSAGES,
  organizationCreateSchema,
  organizationMemberRoleSchema,
  organizationUpdateDataSchema,
} from '@storyloom/core';
import { blobKeyOfUrl } from '../storage/media-files.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { schema } from '../db/schema.js';

/** The origins a browser may send credentialed requests from: the public URL and its loopback twins. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    for (const host of ['localhost', '127.0.0.1'])
      origins.add(`${url.protocol}//${host}:${url.port}`);
  }
  return [...origins];
}

/**
 * Checks a team's fields with core's schemas inside better-auth, after its own routing, so no
 * way of reaching its organization calls (another path spelling, a server-side call) writes
 * unbounded fields; the routes check the same schemas first (auth-routes.ts).
 */
function organizationHooks(publicUrl: string) {
  const check = <T>(schema: z.ZodType<T>, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new APIError('BAD_REQUEST', {
        message: parsed.error.issues[0]?.message ?? 'Invalid team details',
      });
    return parsed.data;
  };
  const ownLogo = (logo: string | null | undefined) => {
    if (logo && blobKeyOfUrl(logo, publicUrl) === null)
      throw new APIError('BAD_REQUEST', { message: MESSAGES.organization.logoNotOurs });
  };
  return {
    beforeCreateOrganization: ({ organization }: { organization: unknown }) => {
      ownLogo(check(organizationCreateSchema, organization).logo);
      return Promise.resolve();
    },
    beforeUpdateOrganization: ({ organization }: { organization: unknown }) => {
      ownLogo(check(organizationUpdateDataSchema, organization).logo);
      return Promise.resolve();
    },
    beforeUpdateMemberRole: ({ newRole }: { newRole: unknown }) => {
      check(organizationMemberRoleSchema.shape.role, newRole);
      return Promise.resolve();
    },
  };
}

export function createAuth(config: Pick<Config, 'authSecret' | 'publicUrl'>, database: Database) {
  return betterAuth({
    appName: 'Storyloom',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    emailAndPassword: { enabled: true, autoSignIn: true, minPasswordLength: 8 },
    // Every request checks the session row, so a sign-out or a revoked session ends at once
    // (a cookie cache would keep a signed-out cookie working until it expired).
    session: { cookieCache: { enabled: false } },
    // Our own limits (http/rate-limits.ts) key on the connection's address; better-auth's would
    // key on a header any client can set.
    rateLimit: { enabled: false },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      organization({ organizationHooks: organizationHooks(config.publicUrl) }),
    ],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
