import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorProfileResponse, Story } from '@storyloom/core';
import { eq } from 'drizzle-orm';
import { member, stories } from '../src/db/schema.js';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Storyloom — turn scripts, songs and ideas into video stories." />
    <title>Storyloom</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The content of a meta tag, read back from the served HTML (entities left as sent). */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

describe.each(DATABASES)('public story pages and author profiles on %s', (database) => {
  let server: TestServer;
  let webDir: string;
  let anon: Client;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'storyloom-web-'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    server = await startTestServer(database, { env: { WEB_DIST_DIR: webDir } });
    anon = new Client(server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(webDir, { recursive: true, force: true });
  });

  async function createStory(client: Client, title: string, categoryId = 'music_video') {
    const res = await client.post('/stories', { title, category_id: categoryId });
    expect(res.status).toBe(201);
    return res.body as unknown as Story;
  }

  async function giveExport(id: string) {
    await server.ctx.database.db
      .update(stories)
      .set({
        status: 'completed',
        lastExportUrl: `/media/exports/2025/10/${id}.mp4`,
        lastExportThumbnailUrl: `/media/thumbnails/2025/10/${id}.jpg`,
      })
      .where(eq(stories.id, id));
  }

  async function page(url: string) {
    const res = await anon.request('GET', url);
    return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
  }

  it("serves a published story's share page to a visitor with escaped Open Graph and Twitter meta", async () => {
    const { client } = await signUp(server.baseUrl, 'Sharer');
    const story = await createStory(client, 'Moon & <script>alert("x")</script> \'Night\'');
    await giveExport(story.id);
    expect((await client.patch(`/stories/${story.id}`, { is_published: true })).status).toBe(200);

    const { status, type, html } = await page(`/story/share/${story.id}`);
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    const escapedTitle =
      'Moon &amp; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;Night&#39;';
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(`<title>${escapedTitle} | Storyloom</title>`);
    expect(meta(html, 'og:title')).toBe(escapedTitle);
    expect(meta(html, 'og:description')).toBe(`Check out this story on Storyloom: ${escapedTitle}`);
    expect(meta(html, 'description')).toBe(`Check out this story on Storyloom: ${escapedTitle}`);
    expect(html).not.toContain('turn scripts, songs and ideas');
    expect(meta(html, 'og:url')).toBe(`http://127.0.0.1/story/share/${story.id}`);
    expect(meta(html, 'og:image')).toBe(
      `http://127.0.0.1/media/thumbnails/2025/10/${story.id}.jpg`,
    );
    expect(meta(html, 'og:video')).toBe(`http://127.0.0.1/media/exports/2025/10/${story.id}.mp4`);
    expect(meta(html, 'og:video:type')).toBe('video/mp4');
    expect(meta(html, 'og:type')).toBe('video.other');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe(escapedTitle);
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(html).toContain('<div id="root"></div>');

    // The community address of the same story unfurls the same way, with its own URL.
    const community = await page(`/story/community/${story.id}`);
    expect(meta(community.html, 'og:title')).toBe(escapedTitle);
    expect(meta(community.html, 'og:url')).toBe(`http://127.0.0.1/story/community/${story.id}`);

    // The story itself is readable signed out, so the page can show it.
    expect((await anon.get(`/stories/${story.id}`)).status).toBe(200);
  });

  it('serves the plain app for private, unknown and deleted stories', async () => {
    const { client } = await signUp(server.baseUrl, 'Private');
    const secret = await createStory(client, 'Top secret plans');
    await giveExport(secret.id);
    const privatePage = await page(`/story/share/${secret.id}`);
    expect(privatePage.status).toBe(200);
    expect(privatePage.html).toBe(INDEX_HTML);
    expect(privatePage.html).not.toContain('Top secret plans');

    const unknown = await page('/story/share/no-such-story');
    expect(unknown.status).toBe(200);
    expect(unknown.html).toBe(INDEX_HTML);
    expect((await page(`/story/share/${'x'.repeat(100)}`)).html).toBe(INDEX_HTML);

    const gone = await createStory(client, 'Published then deleted');
    await client.patch(`/stories/${gone.id}`, { is_published: true });
    expect(meta((await page(`/story/share/${gone.id}`)).html, 'og:title')).toBe(
      'Published then deleted',
    );
    await client.delete(`/stories/${gone.id}`);
    expect((await page(`/story/share/${gone.id}`)).html).toBe(INDEX_HTML);

    // A published story without an export yet unfurls without image or video.
    const bare = await createStory(client, 'No export yet');
    await client.patch(`/stories/${bare.id}`, { is_published: true });
    const barePage = (await page(`/story/community/${bare.id}`)).html;
    expect(meta(barePage, 'og:title')).toBe('No export yet');
    expect(meta(barePage, 'og:image')).toBeUndefined();
    expect(meta(barePage, 'og:video')).toBeUndefined();
    expect(meta(barePage, 'twitter:card')).toBe('summary');
  });

  it('makes a story readable through its link with is_public (generate link)', async () => {
    const { client } = await signUp(server.baseUrl, 'Linker');
    const story = await createStory(client, 'Link only');
    await giveExport(story.id);
    expect((await anon.get(`/stories/${story.id}`)).status).toBe(401);
    const res = await client.patch(`/stories/${story.id}`, { is_public: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_public: true, is_published: false });
    expect((await anon.get(`/stories/${story.id}`)).status).toBe(200);
    expect(meta((await page(`/story/share/${story.id}`)).html, 'og:title')).toBe('Link only');
    // A public link is not a publication: the gallery does not list it.
    const gallery = (await anon.get('/stories/published')).body as { stories: Story[] };
    expect(gallery.stories.map((s) => s.id)).not.toContain(story.id);
  });

  it('refuses to publish restricted content with COMMUNITY_CONTENT_MODERATION', async () => {
    const { client } = await signUp(server.baseUrl, 'Moderated');
    const story = await createStory(client, 'Gore compilation');
    const refused = await client.patch(`/stories/${story.id}`, {
      is_published: true,
      contests: ['contest:202510-story-mv'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'COMMUNITY_CONTENT_MODERATION' });
    const after = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(after).toMatchObject({ is_published: false, contests: [] });

    const fine = await createStory(client, 'Sunny walk');
    expect((await client.patch(`/stories/${fine.id}`, { is_published: true })).status).toBe(200);
    // Renaming a published story is moderated too; a private one may be called anything.
    const renamed = await client.patch(`/stories/${fine.id}`, { title: 'Nude beach' });
    expect(renamed.body).toMatchObject({ error: 'COMMUNITY_CONTENT_MODERATION' });
    expect(
      (await client.patch(`/stories/${story.id}`, { title: 'Gore, still private' })).status,
    ).toBe(200);
  });

  it('still answers other pages with the app and unknown API paths with JSON 404s', async () => {
    expect((await page('/story/community')).html).toBe(INDEX_HTML);
    expect((await page('/@someone')).html).toBe(INDEX_HTML);
    const api = await anon.get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ error: 'NOT_FOUND' });
  });

  it("lists an author's published stories on their public profile, newest first, paged", async () => {
    const author = await signUp(server.baseUrl, 'Author');
    const publishedIds: string[] = [];
    for (let i = 1; i <= 13; i++) {
      const story = await createStory(author.client, `Published ${i}`, 'script_to_video');
      await author.client.patch(`/stories/${story.id}`, { is_published: true });
      publishedIds.push(story.id);
    }
    const draft = await createStory(author.client, 'Still a draft');
    const removed = await createStory(author.client, 'Removed');
    await author.client.patch(`/stories/${removed.id}`, { is_published: true });
    await author.client.delete(`/stories/${removed.id}`);
    const other = await signUp(server.baseUrl, 'Other');
    const foreign = await createStory(other.client, 'Not by the author');
    await other.client.patch(`/stories/${foreign.id}`, { is_published: true });

    const first = await anon.get(`/api/profiles/${author.username.toUpperCase()}`);
    expect(first.status).toBe(200);
    const page1 = first.body as unknown as AuthorProfileResponse;
    expect(page1.profile).toEqual({
      displayName: 'Author',
      username: author.username,
      avatarUrl: null,
    });
    expect(JSON.stringify(page1)).not.toContain(author.email);
    expect(page1.stories).toHaveLength(12);
    expect(page1.stories[0]!.title).toBe('Published 13');
    expect(page1.nextCursor).toBeTruthy();
    const page2 = (await anon.get(`/api/profiles/${author.username}?cursor=${page1.nextCursor}`))
      .body as unknown as AuthorProfileResponse;
    expect(page2.stories.map((s) => s.title)).toEqual(['Published 1']);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.stories, ...page2.stories].map((s) => s.id);
    expect(ids.sort()).toEqual([...publishedIds].sort());
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(removed.id);
    expect(ids).not.toContain(foreign.id);
    expect(page1.stories.every((s) => s.profile.username === author.username)).toBe(true);
  });

  it('answers 404 for unknown usernames and team profiles', async () => {
    const missing = await anon.get('/api/profiles/nobody_here_at_all');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'NOT_FOUND', message: 'Profile not found' });

    const lead = await signUp(server.baseUrl, 'Teamlead');
    const org = await lead.client.post('/api/auth/organization/create', {
      name: 'Team P',
      slug: `team-p-${Date.now()}`,
    });
    expect(org.status).toBe(200);
    const mate = await signUp(server.baseUrl, 'Teammate');
    await server.ctx.database.db.insert(member).values({
      id: `m-${mate.id}`,
      organizationId: (org.body as { id: string }).id,
      userId: mate.id,
      role: 'member',
    });
    for (const username of [lead.username, mate.username]) {
      const res = await anon.get(`/api/profiles/${username}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Profile not found' });
    }
  });
});
