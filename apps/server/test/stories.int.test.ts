import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { member, organization, stories } from '../src/db/schema.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

describe.each(DATABASES)('story calls on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  it('refuses signed-out callers with 401 on every private call', async () => {
    const anon = new Client(server.baseUrl);
    expect((await anon.get('/stories')).status).toBe(401);
    expect(
      (await anon.post('/stories', { title: 'x', category_id: 'create_from_scratch' })).status,
    ).toBe(401);
    expect((await anon.patch('/stories/abc', { title: 'x' })).status).toBe(401);
    expect((await anon.delete('/stories/abc')).status).toBe(401);
    expect(
      (
        await anon.post('/stories/operate_template_story', {
          template_story_id: 'a',
          operation: 'edit',
        })
      ).status,
    ).toBe(401);
    expect((await anon.get('/api/me')).status).toBe(401);
  });

  it('creates a blank story and lists own stories newest first, 12 a page', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const blank = await client.post('/stories', {
      title: 'Untitled',
      category_id: 'create_from_scratch',
    });
    expect(blank.status).toBe(201);
    const story = blank.body as unknown as Story;
    expect(story).toMatchObject({
      title: 'Untitled',
      category_id: 'create_from_scratch',
      status: 'draft',
      user_id: id,
    });
    for (let i = 1; i <= 14; i++) {
      await client.post('/stories', { title: `Story ${i}`, category_id: 'script_to_video' });
    }
    const first = await client.get('/stories');
    const page1 = first.body as { stories: Story[]; nextCursor: string | null };
    expect(page1.stories).toHaveLength(12);
    expect(page1.stories[0]!.title).toBe('Story 14');
    expect(page1.nextCursor).toBeTruthy();
    const second = await client.get(`/stories?cursor=${page1.nextCursor}`);
    const page2 = second.body as { stories: Story[]; nextCursor: string | null };
    expect(page2.stories.map((s) => s.title)).toEqual(['Story 2', 'Story 1', 'Untitled']);
    expect(page2.nextCursor).toBeNull();
    const created = [...page1.stories, ...page2.stories].map((s) => Date.parse(s.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it("hides another user's private story: 404 for reads and writes", async () => {
    const alice = await signUp(server.baseUrl, 'Alice');
    const bob = await signUp(server.baseUrl, 'Bob');
    const { body } = await alice.client.post('/stories', {
      title: 'Secret',
      category_id: 'script_to_video',
    });
    const id = (body as unknown as Story).id;
    expect((await bob.client.get(`/stories/${id}`)).status).toBe(404);
    expect((await bob.client.patch(`/stories/${id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await bob.client.delete(`/stories/${id}`)).status).toBe(404);
    expect((await bob.client.get('/stories/no-such-story')).status).toBe(404);
    const own = await alice.client.get(`/stories/${id}`);
    expect(own.status).toBe(200);
    expect((own.body as unknown as Story).title).toBe('Secret');
    expect(
      ((await bob.client.get('/stories')).body as { stories: Story[] }).stories.map((s) => s.id),
    ).not.toContain(id);
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const { client } = await signUp(server.baseUrl);
    const bad = await client.post('/stories', { title: 'x', category_id: 'not_a_category' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^category_id: /);
    const created = await client.post('/stories', { title: 'ok', category_id: 'music_video' });
    const id = (created.body as unknown as Story).id;
    const badPatch = await client.patch(`/stories/${id}`, { is_published: 'yes' });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.message).toMatch(/^is_published: /);
    const badContest = await client.patch(`/stories/${id}`, { contests: ['contest:unknown'] });
    expect(badContest.status).toBe(400);
    expect(badContest.body.message).toMatch(/^contests\.0: /);
  });

  it('publishes, lists by category with a recommId, and unpublishes', async () => {
    const { client } = await signUp(server.baseUrl, 'Publisher');
    const mv = (
      (await client.post('/stories', { title: 'My MV', category_id: 'music_video' }))
        .body as unknown as Story
    ).id;
    const sv = (
      (await client.post('/stories', { title: 'My explainer', category_id: 'script_to_video' }))
        .body as unknown as Story
    ).id;
    const published = await client.patch(`/stories/${mv}`, {
      is_published: true,
      contests: ['contest:202510-story-mv'],
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      is_published: true,
      contests: ['contest:202510-story-mv'],
    });
    expect(published.body.published_at).toBeTruthy();
    await client.patch(`/stories/${sv}`, { is_published: true });

    const anon = new Client(server.baseUrl);
    const mvOnly = await anon.get('/stories/published?category_id=music_video');
    expect(mvOnly.status).toBe(200);
    const list = mvOnly.body as { stories: Story[]; recommId: string };
    expect(list.recommId).toMatch(/^[0-9a-f-]{36}$/);
    expect(list.stories.map((s) => s.id)).toContain(mv);
    expect(list.stories.every((s) => s.category_id === 'music_video')).toBe(true);
    // Published stories are readable signed out (share links); their author comes along.
    const open = await anon.get(`/stories/${mv}`);
    expect(open.status).toBe(200);
    expect((open.body as unknown as Story).profile.display_name).toBe('Publisher');

    await client.patch(`/stories/${mv}`, { is_published: false });
    const after = (await anon.get('/stories/published')).body as { stories: Story[] };
    expect(after.stories.map((s) => s.id)).not.toContain(mv);
    expect((await anon.get(`/stories/${mv}`)).status).toBe(401);
    expect((await anon.get('/stories/published?category_id=bogus')).status).toBe(400);
  });

  it('sets the thumbnail and marks it modified', async () => {
    const { client, id: userId } = await signUp(server.baseUrl);
    const id = (
      (await client.post('/stories', { category_id: 'script_to_video' })).body as unknown as Story
    ).id;
    const thumbnail = '/media/thumbnails/2026/01/00000000-0000-4000-8000-000000000001.jpg';
    // A thumbnail of the user's own (someone else's is refused: see media-ownership).
    await server.ctx.media.record({
      key: thumbnail.slice('/media/'.length),
      userId,
      kind: 'thumbnail',
      bytes: 0,
    });
    const res = await client.patch(`/stories/${id}`, { last_export_thumbnail_url: thumbnail });
    expect(res.body).toMatchObject({
      last_export_thumbnail_url: thumbnail,
      is_thumbnail_modified: true,
      title: 'Untitled',
    });
    // A picture from anywhere else would be shown to every viewer of the story: refused.
    const elsewhere = await client.patch(`/stories/${id}`, {
      last_export_thumbnail_url: 'https://tracker.example/pixel.png',
    });
    expect(elsewhere.status).toBe(400);
  });

  it('deletes own stories', async () => {
    const { client } = await signUp(server.baseUrl);
    const id = (
      (await client.post('/stories', { category_id: 'asmr_video' })).body as unknown as Story
    ).id;
    const res = await client.request('DELETE', `/stories/${id}`);
    expect(res.status).toBe(204);
    expect((await client.get(`/stories/${id}`)).status).toBe(404);
  });

  it('copies an example story before edit or delete, replacing it in the library', async () => {
    const author = await signUp(server.baseUrl, 'Studio');
    const t1 = (
      (
        await author.client.post('/stories', {
          title: 'Example one',
          category_id: 'script_to_video',
        })
      ).body as unknown as Story
    ).id;
    const t2 = (
      (await author.client.post('/stories', { title: 'Example two', category_id: 'music_video' }))
        .body as unknown as Story
    ).id;
    await server.ctx.database.db
      .update(stories)
      .set({ isTemplate: true })
      .where(eq(stories.id, t1));
    await server.ctx.database.db
      .update(stories)
      .set({ isTemplate: true })
      .where(eq(stories.id, t2));

    const user = await signUp(server.baseUrl, 'Learner');
    const library = async () =>
      ((await user.client.get('/stories')).body as { stories: Story[] }).stories;
    expect(
      (await library())
        .filter((s) => s.is_template)
        .map((s) => s.id)
        .sort(),
    ).toEqual([t1, t2].sort());
    // An example is read-only except through a copy.
    expect((await user.client.patch(`/stories/${t1}`, { title: 'x' })).status).toBe(403);

    const edited = await user.client.post('/stories/operate_template_story', {
      template_story_id: t1,
      operation: 'edit',
    });
    expect(edited.status).toBe(200);
    const copy = (edited.body as { story: Story }).story;
    expect(copy).toMatchObject({ title: 'Example one', is_template: false, user_id: user.id });
    expect(copy.id).not.toBe(t1);
    const again = await user.client.post('/stories/operate_template_story', {
      template_story_id: t1,
      operation: 'edit',
    });
    expect((again.body as { story: Story }).story.id).toBe(copy.id);

    const removed = await user.client.post('/stories/operate_template_story', {
      template_story_id: t2,
      operation: 'delete',
    });
    expect(removed.status).toBe(200);
    const ids = (await library()).map((s) => s.id);
    expect(ids).toContain(copy.id);
    expect(ids).not.toContain(t1);
    expect(ids).not.toContain(t2);
    // The author's own examples are untouched.
    expect((await author.client.get(`/stories/${t2}`)).status).toBe(200);
    const notTemplate = await user.client.post('/stories/operate_template_story', {
      template_story_id: copy.id,
      operation: 'edit',
    });
    expect(notTemplate.status).toBe(404);
  });

  it("shares a team's stories with its members, read-only for non-owners", async () => {
    const lead = await signUp(server.baseUrl, 'Lead');
    const mate = await signUp(server.baseUrl, 'Mate');
    const outsider = await signUp(server.baseUrl, 'Outsider');
    const org = await lead.client.post('/api/auth/organization/create', {
      name: 'Team A',
      slug: `team-a-${Date.now()}`,
    });
    expect(org.status).toBe(200);
    await server.ctx.database.db.insert(member).values({
      id: `m-${mate.id}`,
      organizationId: (org.body as { id: string }).id,
      userId: mate.id,
      role: 'member',
    });
    const id = (
      (await lead.client.post('/stories', { title: 'Team plan', category_id: 'character_vlog' }))
        .body as unknown as Story
    ).id;
    const mateList = ((await mate.client.get('/stories')).body as { stories: Story[] }).stories;
    expect(mateList.map((s) => s.id)).toContain(id);
    expect(mateList.find((s) => s.id === id)!.profile).toMatchObject({
      display_name: 'Lead',
      is_team: true,
    });
    const solo = (await outsider.client.post('/stories', { category_id: 'asmr_video' }))
      .body as unknown as Story;
    expect(solo.profile.is_team).toBe(false);
    expect((await mate.client.get(`/stories/${id}`)).status).toBe(200);
    expect((await mate.client.delete(`/stories/${id}`)).status).toBe(403);
    expect((await outsider.client.get(`/stories/${id}`)).status).toBe(404);
    const profile = await mate.client.get('/api/profile');
    expect(profile.body).toMatchObject({ isTeam: true, displayName: 'Mate' });
    expect((await outsider.client.get('/api/profile')).body).toMatchObject({ isTeam: false });
    expect(await server.ctx.database.db.select().from(organization)).not.toHaveLength(0);
  });
});
