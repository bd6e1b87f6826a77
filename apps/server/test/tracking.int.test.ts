import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { analyticsEvents, playSessions, stories, storyEvents } from '../src/db/schema.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

describe.each(DATABASES)('tracking and community ranking on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  async function publish(client: Client, title: string, hoursAgo: number, featured = false) {
    const { body } = await client.post('/stories', { title, category_id: 'script_to_video' });
    const id = (body as unknown as Story).id;
    await client.patch(`/stories/${id}`, { is_published: true });
    await server.ctx.database.db
      .update(stories)
      .set({ publishedAt: new Date(Date.now() - hoursAgo * 3_600_000), isFeatured: featured })
      .where(eq(stories.id, id));
    return id;
  }

  const feed = async (client: Client, cursor?: string) =>
    (await client.get(`/stories/published${cursor ? `?cursor=${cursor}` : ''}`)).body as {
      stories: Story[];
      nextCursor: string | null;
      recommId: string;
    };

  it('records views, downloads, create clicks and play portions, signed in or out', async () => {
    const author = await signUp(server.baseUrl, 'Author');
    const id = await publish(author.client, 'Watched', 1);
    const visitor = new Client(server.baseUrl);
    const { recommId } = await feed(visitor);
    for (const kind of ['view', 'download', 'create_click']) {
      const res = await visitor.request('POST', `/stories/${id}/events`, { kind, recommId });
      expect(res.status).toBe(204);
    }
    const events = await server.ctx.database.db
      .select()
      .from(storyEvents)
      .where(eq(storyEvents.storyId, id));
    expect(events.map((e) => e.kind).sort()).toEqual(['create_click', 'download', 'view']);
    expect(events.every((e) => e.recommId === recommId && e.userId === null)).toBe(true);

    const started = await visitor.post(`/stories/${id}/play_sessions`, { recommId });
    expect(started.status).toBe(201);
    const sessionId = (started.body as { sessionId: string }).sessionId;
    expect(
      (await visitor.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 0.4567 }))
        .status,
    ).toBe(204);
    // A later, smaller report (a seek back) does not lower how far playback got.
    await visitor.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 0.2 });
    let [session] = await server.ctx.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.id, sessionId));
    expect(session!.portion).toBeCloseTo(0.46, 6);
    expect((await visitor.post(`/stories/play_sessions/${sessionId}/end`)).status).toBe(204);
    [session] = await server.ctx.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.id, sessionId));
    expect(session).toMatchObject({ portion: 1 });
    expect(session!.endedAt).toBeTruthy();
    expect(
      (await visitor.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 0.5 }))
        .status,
    ).toBe(404);
    expect(
      (await visitor.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 2 }))
        .status,
    ).toBe(400);
    expect((await visitor.request('POST', `/stories/${id}/events`, { kind: 'like' })).status).toBe(
      400,
    );
  });

  it('refuses engagement with a story the caller may not read', async () => {
    const owner = await signUp(server.baseUrl, 'Private');
    const { body } = await owner.client.post('/stories', {
      title: 'Hidden',
      category_id: 'asmr_video',
    });
    const id = (body as unknown as Story).id;
    expect(
      (await new Client(server.baseUrl).request('POST', `/stories/${id}/events`, { kind: 'view' }))
        .status,
    ).toBe(401);
    const other = await signUp(server.baseUrl, 'Other');
    expect(
      (await other.client.request('POST', `/stories/${id}/events`, { kind: 'view' })).status,
    ).toBe(404);
  });

  it('ranks featured stories first, then by engagement with recency decay, and pages stably', async () => {
    const author = await signUp(server.baseUrl, 'Ranker');
    const featuredOld = await publish(author.client, 'Featured but old', 300, true);
    const popularOld = await publish(author.client, 'Popular yesterday', 20);
    const quietOld = await publish(author.client, 'Quiet yesterday', 20);
    const fresh = await publish(author.client, 'Fresh', 0.1);
    const visitor = new Client(server.baseUrl);
    for (let i = 0; i < 6; i++)
      await visitor.request('POST', `/stories/${popularOld}/events`, { kind: 'download' });
    const order = (await feed(visitor)).stories.map((s) => s.id);
    const pos = (id: string) => order.indexOf(id);
    expect(pos(featuredOld)).toBe(0);
    expect(pos(popularOld)).toBeLessThan(pos(quietOld));
    expect(pos(fresh)).toBeLessThan(pos(quietOld));

    // Paging over more than a page: no story twice, none lost.
    for (let i = 0; i < 12; i++) await publish(author.client, `Filler ${i}`, 5 + i);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await feed(visitor, cursor);
      seen.push(...page.stories.map((s) => s.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await server.ctx.database.db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.isPublished, true));
    expect(seen.sort()).toEqual(all.map((s) => s.id).sort());
  });

  it('counts plays once per viewer and story in a window, like views, cookie or not', async () => {
    const author = await signUp(server.baseUrl, 'Played');
    const played = await publish(author.client, 'Played over and over', 1);
    const viewed = await publish(author.client, 'Viewed by three people', 1);
    // 40 plays from one address, each from a client that kept no cookie, each played through.
    const ids = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const client = new Client(server.baseUrl);
      const started = await client.post(`/stories/${played}/play_sessions`, {});
      expect(started.status).toBe(201);
      const sessionId = (started.body as { sessionId: string }).sessionId;
      ids.add(sessionId);
      await client.post(`/stories/play_sessions/${sessionId}/end`);
    }
    expect(ids.size).toBe(1);
    const sessions = await server.ctx.database.db
      .select()
      .from(playSessions)
      .where(eq(playSessions.storyId, played));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ portion: 1 });

    // A browser playing again within the window continues its own session.
    const browser = new Client(server.baseUrl);
    const other = await publish(author.client, 'Replayed', 1);
    const first = await browser.post(`/stories/${other}/play_sessions`, {});
    const again = await browser.post(`/stories/${other}/play_sessions`, {});
    const sessionId = (first.body as { sessionId: string }).sessionId;
    expect((again.body as { sessionId: string }).sessionId).toBe(sessionId);
    expect(
      (await browser.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 0.3 }))
        .status,
    ).toBe(204);

    // Other viewers count: three signed-in people view one story and one plays the other.
    for (const name of ['Ann', 'Bob', 'Cy']) {
      const viewer = await signUp(server.baseUrl, name);
      await viewer.client.request('POST', `/stories/${viewed}/events`, { kind: 'view' });
      if (name === 'Ann') {
        const own = await viewer.client.post(`/stories/${played}/play_sessions`, {});
        expect((own.body as { sessionId: string }).sessionId).not.toBe(sessionId);
      }
    }
    const stats = await author.client.get(`/stories/${played}/stats`);
    expect(stats.body).toMatchObject({ plays: 2 });
    // Bought plays no longer lift a story above one that real people viewed:
    // (1 + 2 × 1 play through) < (1 + 3 views) at the same age.
    const order = (await feed(new Client(server.baseUrl))).stories.map((s) => s.id);
    expect(order.indexOf(viewed)).toBeLessThan(order.indexOf(played));
  });

  it('records the analytics events of the spec and refuses unknown ones', async () => {
    const { client, id } = await signUp(server.baseUrl, 'Analyst');
    const ok = await client.request('POST', '/api/analytics', {
      event: 'editor_opened',
      properties: { story_id: 'abc', opened_from: 'preview_video_dialog' },
    });
    expect(ok.status).toBe(204);
    const rows = await server.ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, id));
    expect(rows).toMatchObject([
      {
        name: 'editor_opened',
        properties: { story_id: 'abc', opened_from: 'preview_video_dialog' },
      },
    ]);
    const bad = await client.post('/api/analytics', {
      event: 'editor_opened',
      properties: { story_id: 'abc', opened_from: 'nowhere' },
    });
    expect(bad.status).toBe(400);
    expect((await client.post('/api/analytics', { event: 'made_up', properties: {} })).status).toBe(
      400,
    );
  });
});
