import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Webhook, WebhookDelivery, WebhookEvent } from '@storyloom/core';
import type { Database } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries listed per endpoint. */
const LISTED_DELIVERIES = 10;

function deliveryJson(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastResponse: row.lastResponse,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export function webhookJson(row: EndpointRow, deliveries: DeliveryRow[]): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.toISOString(),
    deliveries: deliveries.map(deliveryJson),
  };
}

/** The webhook tables: the only code that reads or writes them. */
export class WebhookRepository {
  constructor(private readonly database: Database) {}

  async createEndpoint(input: { userId: string; url: string; events: string[]; secret: string }) {
    const [row] = await this.database.db
      .insert(webhookEndpoints)
      .values({ id: randomUUID(), ...input })
      .returning();
    return row!;
  }

  async endpointCount(userId: string): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    return row?.n ?? 0;
  }

  async deleteEndpoint(userId: string, id: string): Promise<boolean> {
    const gone = await this.database.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ id: webhookEndpoints.id });
    return gone.length > 0;
  }

  /** A user's endpoints with their latest deliveries, newest first. */
  async list(userId: string): Promise<Webhook[]> {
    const { db } = this.database;
    const endpoints = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
      .orderBy(desc(webhookEndpoints.createdAt));
    return Promise.all(
      endpoints.map(async (endpoint) =>
        webhookJson(
          endpoint,
          await db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, endpoint.id))
            .orderBy(desc(webhookDeliveries.createdAt))
            .limit(LISTED_DELIVERIES),
        ),
      ),
    );
  }

  /** A user's endpoints that receive `event`. */
  async subscribers(userId: string, event: WebhookEvent): Promise<EndpointRow[]> {
    const rows = await this.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId));
    return rows.filter((row) => row.events.includes(event));
  }

  /**
   * Records one delivery per endpoint for an event (`eventKey` names the event: the same event
   * recorded twice, say by a step run again after a crash, is recorded once). Returns the new ones.
   */
  async recordDeliveries(
    endpointIds: string[],
    eventKey: string,
    event: WebhookEvent,
    payloadOf: (deliveryId: string) => Record<string, unknown>,
  ): Promise<DeliveryRow[]> {
    if (endpointIds.length === 0) return [];
    const rows = endpointIds.map((endpointId) => {
      const id = randomUUID();
      return { id, endpointId, eventKey, event, payload: payloadOf(id) };
    });
    return this.database.db
      .insert(webhookDeliveries)
      .values(rows)
      .onConflictDoNothing()
      .returning();
  }

  /** A delivery with its endpoint's address and secret. */
  async delivery(id: string) {
    const [row] = await this.database.db
      .select({
        delivery: webhookDeliveries,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    return row ?? null;
  }

  /**
   * Records the outcome of attempt number `attempt` (0-based), only if no other attempt has
   * recorded it first; false when one has.
   */
  async recordAttempt(
    id: string,
    attempt: number,
    outcome: { status: 'pending' | 'delivered' | 'failed'; code: number | null; response: string },
  ): Promise<boolean> {
    const now = new Date();
    const updated = await this.database.db
      .update(webhookDeliveries)
      .set({
        attempts: attempt + 1,
        status: outcome.status,
        lastStatusCode: outcome.code,
        lastResponse: outcome.response,
        updatedAt: now,
        ...(outcome.status === 'delivered' ? { deliveredAt: now } : {}),
      })
      .where(
        and(
          eq(webhookDeliveries.id, id),
          eq(webhookDeliveries.attempts, attempt),
          inArray(webhookDeliveries.status, ['pending']),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return updated.length > 0;
  }
}
