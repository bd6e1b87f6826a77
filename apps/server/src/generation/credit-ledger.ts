import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { FREE_STORIES_PER_ACCOUNT, MESSAGES, STARTING_CREDIT_BALANCE } from '@storyloom/core';
import type { Db } from '../db/client.js';
import { creditAccounts, creditLedger } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

export type LedgerEntry = typeof creditLedger.$inferSelect;

/**
 * The ledger's kinds of charge: a run's charge when it starts, and the continuation charged
 * when a paused preview goes on to its full story. Each has its own refund kind, so the unique
 * index on run and kind keeps each charge and each refund to one per run.
 */
export type ChargeKind = 'charge' | 'continuation';
const REFUND_KIND: Record<ChargeKind, string> = {
  charge: 'refund',
  continuation: 'continuation_refund',
};

/** 402 with the balance and the price, so the form can say what is missing. */
export class NotEnoughCreditsError extends HttpError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(402, 'NOT_ENOUGH_CREDITS', MESSAGES.credits.notEnough(needed, balance));
  }
}

/**
 * Per-user credits: a balance row and a ledger of every movement (grant, charge, refund,
 * continuation, continuation_refund). A charge is refused when the balance is short; a run is
 * charged at most once of each kind and each charge refunded at most once (unique index on run
 * and kind), whatever retries or crashes happen.
 */
export class CreditLedger {
  constructor(private readonly db: Db) {}

  /** The account, made with the starting grant on first use. */
  private async ensureAccount(userId: string): Promise<void> {
    const [made] = await this.db
      .insert(creditAccounts)
      .values({
        userId,
        balance: STARTING_CREDIT_BALANCE,
        freeStoriesLeft: FREE_STORIES_PER_ACCOUNT,
      })
      .onConflictDoNothing()
      .returning();
    if (made) {
      await this.db.insert(creditLedger).values({
        id: randomUUID(),
        userId,
        kind: 'grant',
        amount: STARTING_CREDIT_BALANCE,
        creditType: 'starting_balance',
      });
    }
  }

  async balance(userId: string): Promise<number> {
    await this.ensureAccount(userId);
    const [row] = await this.db
      .select({ balance: creditAccounts.balance })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId));
    return row?.balance ?? 0;
  }

  /** Free full stories the user has left (the "N FREE Story Left" promo). */
  async freeStoriesLeft(userId: string): Promise<number> {
    await this.ensureAccount(userId);
    const [row] = await this.db
      .select({ left: creditAccounts.freeStoriesLeft })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId));
    return row?.left ?? 0;
  }

  async entries(userId: string, limit = 50): Promise<LedgerEntry[]> {
    return this.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt))
      .limit(limit);
  }

  /**
   * Charges a run (0 is recorded too, so the ledger lists every run); refuses when short. With
   * `useFreeStory`, a free story left on the account is used instead: the charge is 0 and
   * marked, and the answer says so. `kind` 'continuation' is the second charge of a preview
   * that goes on to its full story. A run is charged at most once of each kind: asked again,
   * the charge already made is answered and nothing more is taken.
   */
  async charge(opts: {
    userId: string;
    amount: number;
    creditType: string | null;
    workflowRunId: string;
    useFreeStory?: boolean;
    kind?: ChargeKind;
  }): Promise<{ freeStory: boolean }> {
    const kind = opts.kind ?? 'charge';
    await this.ensureAccount(opts.userId);
    return this.db.transaction(async (tx) => {
      const [made] = await tx
        .select({ freeStory: creditLedger.freeStory })
        .from(creditLedger)
        .where(
          and(eq(creditLedger.workflowRunId, opts.workflowRunId), eq(creditLedger.kind, kind)),
        );
      if (made) return { freeStory: made.freeStory };
      if (opts.useFreeStory) {
        const [free] = await tx
          .update(creditAccounts)
          .set({
            freeStoriesLeft: sql`${creditAccounts.freeStoriesLeft} - 1`,
            updatedAt: new Date(),
          })
          .where(and(eq(creditAccounts.userId, opts.userId), gt(creditAccounts.freeStoriesLeft, 0)))
          .returning();
        if (free) {
          await tx.insert(creditLedger).values({
            id: randomUUID(),
            userId: opts.userId,
            kind,
            amount: 0,
            creditType: opts.creditType,
            workflowRunId: opts.workflowRunId,
            freeStory: true,
          });
          return { freeStory: true };
        }
      }
      const [account] = await tx
        .update(creditAccounts)
        .set({
          balance: sql`${creditAccounts.balance} - ${opts.amount}`,
          updatedAt: new Date(),
        })
        .where(
          and(eq(creditAccounts.userId, opts.userId), gte(creditAccounts.balance, opts.amount)),
        )
        .returning();
      if (!account) {
        const [row] = await tx
          .select({ balance: creditAccounts.balance })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, opts.userId));
        throw new NotEnoughCreditsError(opts.amount, row?.balance ?? 0);
      }
      await tx.insert(creditLedger).values({
        id: randomUUID(),
        userId: opts.userId,
        kind,
        amount: -opts.amount,
        creditType: opts.creditType,
        workflowRunId: opts.workflowRunId,
      });
      return { freeStory: false };
    });
  }

  /**
   * Gives back everything a run was charged — its charge, and the continuation of a preview
   * that went on to its full story — each once: a second call finds the refunds and does
   * nothing. A free story's refund is 0 credits and gives the free story back.
   */
  async refund(workflowRunId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const charges = await tx
        .select()
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.workflowRunId, workflowRunId),
            inArray(creditLedger.kind, Object.keys(REFUND_KIND)),
          ),
        );
      let refunded = false;
      for (const charge of charges) {
        const [refund] = await tx
          .insert(creditLedger)
          .values({
            id: randomUUID(),
            userId: charge.userId,
            kind: REFUND_KIND[charge.kind as ChargeKind],
            amount: -charge.amount,
            creditType: charge.creditType,
            workflowRunId,
            freeStory: charge.freeStory,
          })
          .onConflictDoNothing()
          .returning();
        if (!refund) continue;
        refunded = true;
        await tx
          .update(creditAccounts)
          .set({
            balance: sql`${creditAccounts.balance} + ${refund.amount}`,
            ...(charge.freeStory
              ? { freeStoriesLeft: sql`${creditAccounts.freeStoriesLeft} + 1` }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(creditAccounts.userId, charge.userId));
      }
      return refunded;
    });
  }
}
