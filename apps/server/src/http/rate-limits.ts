import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@storyloom/core';
import { HttpError } from './errors.js';

const MINUTE = 60_000;

/**
 * Requests per client address and window, by kind of call (ours). Every route of a kind counts
 * towards the same limit (sign-in by email and by username share one, say). The address is the
 * connection's unless TRUST_PROXY names the proxy in front (see config.ts). Counters live in
 * the process: behind a load balancer each API process counts its own share.
 */
export const RATE_LIMITS = {
  /** Password guessing: sign-in, username sign-in, password change. */
  signIn: { max: 10, timeWindow: MINUTE },
  signUp: { max: 30, timeWindow: 60 * MINUTE },
  upload: { max: 60, timeWindow: MINUTE },
  /** Renders, exports and generation runs (each also counts against the user's quotas). */
  workStart: { max: 30, timeWindow: MINUTE },
  /** Views, downloads, play sessions and analytics events. */
  tracking: { max: 600, timeWindow: MINUTE },
} as const;

export type RateLimitKind = keyof typeof RATE_LIMITS;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<FastifyInstance, Map<RateLimitKind, Limiter>>();

function limiterFor(app: FastifyInstance, kind: RateLimitKind): Limiter {
  let byKind = limiters.get(app);
  if (!byKind) limiters.set(app, (byKind = new Map<RateLimitKind, Limiter>()));
  let limiter = byKind.get(kind);
  if (!limiter) {
    limiter = app.createRateLimit({
      ...RATE_LIMITS[kind],
      keyGenerator: (req: FastifyRequest) => `${kind}:${req.ip}`,
    });
    byKind.set(kind, limiter);
  }
  return limiter;
}

/** Route options that count the route's calls against one of the limits above. */
export function rateLimited(kind: RateLimitKind) {
  return {
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      const limit = await limiterFor(req.server, kind)(req);
      if (limit.isAllowed || !limit.isExceeded) return;
      reply.header('retry-after', limit.ttlInSeconds);
      throw new HttpError(429, 'TOO_MANY_REQUESTS', MESSAGES.limits.tooManyRequests);
    },
  };
}

export async function installRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}
