import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope } from '@storyloom/core';
import type { Database } from '../db/client.js';
import { apiKeys, user } from '../db/schema.js';

type Row = typeof apiKeys.$inferSelect;

/** Last-used dates are written at most this often per key (not on every call). */
const LAST_USED_RESOLUTION_MS = 60_000;

export function apiKeyJson(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `sl_${row.prefix}`,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The api_keys table: the only code that reads or writes it. */
export class ApiKeyRepository {
  constructor(private readonly database: Database) {}

  async create(input: {
    userId: string;
    name: string;
    prefix: string;
    hash: string;
    scopes: ApiKeyScope[];
  }): Promise<Row> {
    const [row] = await this.database.db
      .insert(apiKeys)
      .values({ id: randomUUID(), ...input })
      .returning();
    return row!;
  }

  async liveCount(userId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return row?.n ?? 0;
  }

  /** A user's keys that are not revoked, newest first. */
  listLive(userId: string): Promise<Row[]> {
    return this.database.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt));
  }

  /** Revokes one of a user's keys; false when they have no such live key. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const revoked = await this.database.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length > 0;
  }

  /** The live key with this prefix, and its owner. */
  async findLive(prefix: string) {
    const [row] = await this.database.db
      .select({ key: apiKeys, user: { id: user.id, email: user.email, name: user.name } })
      .from(apiKeys)
      .innerJoin(user, eq(user.id, apiKeys.userId))
      .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
    return row ?? null;
  }

  async touch(id: string): Promise<void> {
    const now = new Date();
    await this.database.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
}
