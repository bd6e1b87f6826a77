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

/** Requests made with an API key count per key (set by api-keys/api-key-auth.ts), not per address. */
const keyOfRequest = new WeakMap<FastifyRequest, string>();
export function countRequestAgainstKey(req: FastifyRequest, keyId: string): void {
  keyOfRequest.set(req, keyId);
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const limiters = new WeakMap<FastifyInstance, Map<RateLimitKind, Limiter>>();

function limiterFor(app: FastifyInstance, kind: RateLimitKind): Limiter {
  let byKind = limiters.get(app);
  if (!byKind) limiters.set(app, (byKind = new Map<RateLimitKind, Limiter>()));
  let limiter = byKind.get(kind);
  if (!limiter) {
    limiter = app.createRateLimit({
      ...RATE_LIMITS[kind],
      keyGenerator: (req: FastifyRequest) => {
        const key = keyOfRequest.get(req);
        return key ? `${kind}:key:${key}` : `${kind}:${req.ip}`;
      },
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

/**
 * Failed sign-ins per account (ours), beside the per-address limit: once an account has had
 * `maxFailures` wrong passwords in a window that starts at its first one, every try at it is
 * refused until the window ends, from whatever address — so many addresses cannot share out
 * the guessing of one password. Tries still being answered count too, so failures sent all
 * at once cannot pass the count together. A successful sign-in clears the count. At most
 * `maxAccounts` accounts are tracked (the oldest windows are dropped first). Like the limits
 * above, the count lives in the process.
 */
export const ACCOUNT_SIGN_IN_LIMIT = {
  maxFailures: 10,
  windowMs: 15 * MINUTE,
  maxAccounts: 100_000,
} as const;

interface AccountWindow {
  failures: number;
  /** Tries let through and not answered yet. */
  pending: number;
  endsAt: number;
}

/** Counts failed sign-ins per account key (see ACCOUNT_SIGN_IN_LIMIT). */
export class AccountSignInLimit {
  private readonly windows = new Map<string, AccountWindow>();

  constructor(
    private readonly limit: {
      maxFailures: number;
      windowMs: number;
      maxAccounts: number;
    } = ACCOUNT_SIGN_IN_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts a try at `account`: 0 when it may go on (then `finish` must follow), else the
   * seconds until the account's window ends.
   */
  begin(account: string): number {
    let window = this.live(account);
    if (window && window.failures + window.pending >= this.limit.maxFailures)
      return Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000));
    if (!window) {
      this.makeRoom();
      window = { failures: 0, pending: 0, endsAt: this.now() + this.limit.windowMs };
      this.windows.set(account, window);
    }
    window.pending++;
    return 0;
  }

  /**
   * Ends a try that `begin` let through: a failure counts, a success clears the count, a try
   * left unanswered (a server error) changes nothing.
   */
  finish(account: string, outcome: 'failed' | 'succeeded' | 'unanswered'): void {
    const window = this.live(account);
    if (!window) {
      if (outcome === 'failed') {
        this.makeRoom();
        this.windows.set(account, {
          failures: 1,
          pending: 0,
          endsAt: this.now() + this.limit.windowMs,
        });
      }
      return;
    }
    window.pending = Math.max(0, window.pending - 1);
    if (outcome === 'failed') window.failures++;
    else if (outcome === 'succeeded') window.failures = 0;
  }

  private live(account: string): AccountWindow | undefined {
    const window = this.windows.get(account);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(account);
      return undefined;
    }
    return window;
  }

  /** Windows are kept in the order they opened, all of one length: the first end first. */
  private makeRoom(): void {
    for (const [account, window] of this.windows) {
      if (this.windows.size < this.limit.maxAccounts && window.endsAt > this.now()) return;
      this.windows.delete(account);
    }
  }
}

export async function installRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}
