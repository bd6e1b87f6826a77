import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { StoryEventKind } from '@storyloom/core';
import type { Db } from '../db/client.js';
import { analyticsEvents, playSessions, storyEvents, trackingWindows } from '../db/schema.js';
import { invalidateCommunityFeed } from '../stories/story-repository.js';

/** A viewer's view, download, create click or play counts once per story in this window (ours). */
export const TRACKING_WINDOW_MS = 30 * 60 * 1000;

/** What counts once per viewer and story in a window: a community event, or a play. */
type CountedKind = StoryEventKind | 'play';

/** The counting window a viewer's event or play falls in, and whether this one opened it. */
export interface TrackingWindow {
  key: string;
  endsAt: Date;
  opened: boolean;
}

/** Engagement records: counting windows, community events, play sessions, analytics events. */
export class TrackingRepository {
  constructor(private readonly db: Db) {}

  /**
   * The one counting rule of engagement: a viewer's (signed-in user, else client address) view,
   * download, create click or play of a story counts when it opens the viewer's window for that
   * story and kind; repeats within the window count nothing, whatever cookies they carry.
   */
  async openWindow(storyId: string, kind: CountedKind, who: string): Promise<TrackingWindow> {
    const key = `${storyId}:${kind}:${who}`;
    const [opened] = await this.db
      .insert(trackingWindows)
      .values({ key, endsAt: new Date(Date.now() + TRACKING_WINDOW_MS) })
      .onConflictDoUpdate({
        target: trackingWindows.key,
        set: { endsAt: new Date(Date.now() + TRACKING_WINDOW_MS) },
        setWhere: lt(trackingWindows.endsAt, new Date()),
      })
      .returning({ endsAt: trackingWindows.endsAt });
    if (opened) return { key, endsAt: opened.endsAt, opened: true };
    const [open] = await this.db
      .select({ endsAt: trackingWindows.endsAt })
      .from(trackingWindows)
      .where(eq(trackingWindows.key, key));
    return { key, endsAt: open?.endsAt ?? new Date(), opened: false };
  }

  /** A community view, download or create click, counted (the community ranking moves). */
  async recordStoryEvent(event: {
    storyId: string;
    userId: string | null;
    kind: StoryEventKind;
    recommId: string | null;
    viewerKey: string;
  }): Promise<void> {
    await this.db.insert(storyEvents).values({ id: randomUUID(), ...event });
    invalidateCommunityFeed(this.db);
  }

  /** A play counted: its session, once (a second start of the same window adds nothing). */
  async startPlaySession(session: {
    id: string;
    storyId: string;
    userId: string | null;
    recommId: string | null;
    viewerKey: string;
  }): Promise<void> {
    await this.db.insert(playSessions).values(session).onConflictDoNothing();
    invalidateCommunityFeed(this.db);
  }

  /** How far an open session of this device got (never goes back); false: no such session. */
  async reportPlayPortion(sessionId: string, device: string, portion: number): Promise<boolean> {
    return this.updateOpenSession(sessionId, device, {
      portion: sql`greatest(${playSessions.portion}, ${portion})`,
      updatedAt: new Date(),
    });
  }

  /** Ends an open session of this device at completion; false: no such session. */
  async endPlaySession(sessionId: string, device: string): Promise<boolean> {
    return this.updateOpenSession(sessionId, device, {
      portion: 1,
      endedAt: new Date(),
      updatedAt: new Date(),
    });
  }

  private async updateOpenSession(
    sessionId: string,
    device: string,
    set: PgUpdateSetSource<typeof playSessions>,
  ): Promise<boolean> {
    const updated = await this.db
      .update(playSessions)
      .set(set)
      .where(
        and(
          eq(playSessions.id, sessionId),
          eq(playSessions.viewerKey, device),
          isNull(playSessions.endedAt),
        ),
      )
      .returning({ id: playSessions.id });
    return updated.length > 0;
  }

  /** A story's event counts by kind, and its plays with their average portion. */
  async engagement(storyId: string) {
    const counts = await this.db
      .select({ kind: storyEvents.kind, n: count() })
      .from(storyEvents)
      .where(eq(storyEvents.storyId, storyId))
      .groupBy(storyEvents.kind);
    const [plays] = await this.db
      .select({ n: count(), portion: sql<number>`coalesce(avg(${playSessions.portion}), 0)` })
      .from(playSessions)
      .where(eq(playSessions.storyId, storyId));
    return { counts, plays };
  }

  /** An analytics event of the spec. */
  async recordAnalyticsEvent(event: {
    userId: string | null;
    name: string;
    properties: Record<string, unknown> | undefined;
  }): Promise<void> {
    await this.db.insert(analyticsEvents).values({ id: randomUUID(), ...event });
  }
}
