import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { failedStoryActions, failedStoryMessage } from '@storyloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  launchBrowser,
  resultsDir,
  saveScreenshot,
  startServer,
  type StartedServer,
} from './harness';

const run = promisify(execFile);
const password = 'correct horse battery';
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };

interface Account {
  context: BrowserContext;
  id: string;
  username: string;
}

interface StoryJson {
  id: string;
  title: string;
  status: string;
  last_export_url: string | null;
  is_published: boolean;
}

/** The content of a meta tag in served HTML. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

describe('library, community gallery, preview, sharing and publishing', () => {
  let server: StartedServer;
  let browser: Browser;
  let workDir: string;
  let alice: Account;
  let bob: Account;
  let visitor: BrowserContext;
  let story: StoryJson;

  async function signUp(name: string): Promise<Account> {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const username = `${name.toLowerCase()}_${tag}`;
    const res = await context.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      data: { email: `${username}@example.test`, password, name, username },
      headers: { origin: server.baseUrl },
    });
    expect(res.status()).toBe(200);
    const me = (await (await context.request.get(`${server.baseUrl}/api/me`)).json()) as {
      id: string;
    };
    // The web-editing promo is remembered as dismissed, so it does not cover the screens.
    await context.addInitScript(() =>
      window.localStorage.setItem(
        'storyloom.promos',
        JSON.stringify({ state: { webEditingPromoDismissed: true }, version: 0 }),
      ),
    );
    return { context, id: me.id, username };
  }

  async function api<T>(
    account: Account,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    data?: unknown,
  ) {
    const res = await account.context.request.fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { origin: server.baseUrl },
      ...(data === undefined ? {} : { data }),
    });
    return { status: res.status(), body: (await res.json()) as T };
  }

  async function waitForStory(account: Account, id: string, done: (s: StoryJson) => boolean) {
    const until = Date.now() + 90_000;
    for (;;) {
      const { body } = await api<StoryJson>(account, 'GET', `/stories/${id}`);
      if (done(body)) return body;
      if (Date.now() > until) throw new Error(`story did not settle: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** Replaces a story's timeline with one whose only picture is missing from storage. */
  async function loseMedia(storyId: string) {
    // A picture of Alice's own (a story may name no one else's), then lost from storage.
    const lostUrl = await uploadStill(`lost-${storyId}`);
    const { body: full } = await api<StoryJson & { version: number }>(
      alice,
      'GET',
      `/stories/${storyId}`,
    );
    const synced = await api(alice, 'POST', `/stories/${storyId}/sync`, {
      base_version: full.version,
      shots_map: {},
      video_editor_timeline: {
        tracks: [
          {
            id: 'main',
            type: 'video',
            isPrimary: true,
            items: [
              {
                id: 'gone',
                type: 'image',
                mediaAssetId: 'gone',
                startTimeInFrames: 0,
                durationInFrames: 30,
              },
            ],
          },
        ],
        mediaAssets: [
          {
            id: 'gone',
            url: lostUrl,
            resource_type: 'image',
          },
        ],
      },
    });
    expect(synced.status).toBe(200);
    await rm(join(server.dataDir, 'media', lostUrl.replace(/^\/media\//, '')));
  }

  /** A still picture Alice uploads; its URL. */
  async function uploadStill(name: string): Promise<string> {
    const png = join(workDir, `${name.replace(/\W+/g, '-')}.png`);
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=s=640x360:d=1', '-frames:v', '1', png],
    ]);
    const upload = await alice.context.request.post(`${server.baseUrl}/api/media/upload_image`, {
      headers: { origin: server.baseUrl },
      multipart: {
        file: { name: 'still.png', mimeType: 'image/png', buffer: await readFile(png) },
      },
    });
    expect(upload.status()).toBe(200);
    return ((await upload.json()) as { imageUrl: string }).imageUrl;
  }

  /** A story of Alice's with a real export made by the render engine. */
  async function exportedStory(title: string): Promise<StoryJson> {
    const imageUrl = await uploadStill(title);
    const created = await api<StoryJson>(alice, 'POST', '/stories', {
      title,
      category_id: 'music_video',
      category_inputs: { aspect_ratio: '16:9' },
      video_editor_timeline: {
        tracks: [
          {
            id: 'main',
            type: 'video',
            isPrimary: true,
            items: [
              {
                id: 'shot',
                type: 'image',
                mediaAssetId: 'still',
                startTimeInFrames: 0,
                durationInFrames: 45,
              },
            ],
          },
        ],
        mediaAssets: [{ id: 'still', url: imageUrl, resource_type: 'image' }],
      },
    });
    expect(created.status).toBe(201);
    const started = await api<{ workflowRunId: string }>(
      alice,
      'POST',
      '/stories/workflow/export',
      {
        story_id: created.body.id,
        remove_watermark: false,
      },
    );
    expect(started.status).toBe(200);
    return waitForStory(alice, created.body.id, (s) => s.status === 'completed');
  }

  async function openPage(account: Account | BrowserContext, url: string, viewport = DESKTOP) {
    const context = 'context' in account ? account.context : account;
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`${server.baseUrl}${url}`);
    return page;
  }

  const dialog = (page: Page) => page.getByTestId('story-preview-dialog');

  /** A screenshot of the viewport (dialogs are fixed), once their fade-in has ended. */
  async function shot(page: Page, name: string) {
    await page.waitForTimeout(250);
    await mkdir(resultsDir, { recursive: true });
    await page.screenshot({ path: join(resultsDir, `${name}.png`) });
  }

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'storyloom-e2e-share-'));
    server = await startServer({ env: { SEED_DEMO: 'true' } });
    browser = await launchBrowser();
    alice = await signUp('Alice');
    bob = await signUp('Bob');
    visitor = await browser.newContext({ viewport: DESKTOP });
    story = await exportedStory('Alice Dances in the Rain');
    expect(story.last_export_url).toMatch(/^\/media\/exports\/.+\.mp4$/);
    // The seeded examples are generated in the background; the featured one is used below.
    for (const until = Date.now() + 240_000; ;) {
      const { body } = await api<{ stories: StoryJson[] }>(bob, 'GET', '/stories/published');
      if (body.stories.some((s) => s.title === 'The Cat Who Ran a Webinar')) break;
      if (Date.now() > until) throw new Error('the seeded example was not made');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }, 420_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('Alice previews her story and publishes it into the contest', async () => {
    const page = await openPage(alice, '/story/my');
    const errors = collectPageErrors(page);
    await page.getByRole('button', { name: story.title }).click();
    const preview = dialog(page);
    await expect.poll(() => preview.getByTestId('preview-title').textContent()).toBe(story.title);
    // Date in en-US with a 24-hour clock; the author links to her profile.
    expect(await preview.getByTestId('preview-date').textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, [0-2]\d:[0-5]\d$/,
    );
    expect(await preview.getByTestId('preview-author').getAttribute('href')).toBe(
      `/@${alice.username}`,
    );
    expect(await preview.locator('video').getAttribute('src')).toBe(story.last_export_url);
    expect(await preview.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    expect(await preview.getByRole('button', { name: 'Edit the story' }).count()).toBe(1);
    await shot(page, 'share-preview-library-1440');

    await preview.getByRole('button', { name: 'Share & Download' }).click();
    const menu = page.getByTestId('share-menu');
    await menu.waitFor();
    for (const label of ['Download', 'Copy Link', 'Publish', 'Twitter/X', 'LinkedIn', 'Reddit'])
      expect(await menu.getByRole('button', { name: label, exact: true }).count()).toBe(1);
    await shot(page, 'share-popover-1440');
    await menu.getByRole('button', { name: 'Publish', exact: true }).click();
    const banner = page.getByTestId('contest-banner');
    await banner.waitFor();
    await banner.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Story published').waitFor();
    const published = await waitForStory(alice, story.id, (s) => s.is_published);
    expect(published).toMatchObject({ is_published: true, contests: ['contest:202510-story-mv'] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('exports again without the watermark, with the progress overlay, and downloads the MP4', async () => {
    const page = await openPage(alice, '/story/my');
    await page.getByRole('button', { name: story.title }).click();
    const preview = dialog(page);
    await preview.getByRole('button', { name: 'Share & Download' }).click();
    await page
      .getByTestId('share-menu')
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    await page.getByRole('switch', { name: 'Remove Watermark' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Download MP4' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Storyloom_Alice_Dances_in_the_Rain_${story.id}.mp4`);
    const saved = await download.path();
    expect((await readFile(saved)).subarray(4, 8).toString()).toBe('ftyp');
    await page.getByTestId('export-progress-overlay').waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('Bob finds it in the gallery, moves through previews, downloads and copies the link, but cannot delete or publish it', async () => {
    await bob.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.baseUrl,
    });
    const page = await openPage(bob, '/story/community');
    const errors = collectPageErrors(page);
    const cards = page.getByTestId('community-story-card');
    await cards.first().waitFor();
    await saveScreenshot(page, 'share-gallery-1440');
    // The feed is ranked: featured examples first, then fresh and engaging stories.
    const titles = await page.getByTestId('community-story-title').allTextContents();
    const at = titles.indexOf(story.title);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(titles.length - 1);
    await cards.nth(at).click();
    await page.waitForURL(`${server.baseUrl}/story/community/${story.id}`);
    const preview = dialog(page);
    await expect.poll(() => preview.getByTestId('preview-title').textContent()).toBe(story.title);
    expect(await preview.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(
      await preview.getByRole('link', { name: 'Create Music Video →' }).getAttribute('href'),
    ).toBe('/story/create/mv');
    await shot(page, 'share-preview-community-1440');

    // Next and previous move through the loaded list, rewriting the address.
    await preview.getByRole('button', { name: 'Next story' }).click();
    await expect
      .poll(() => preview.getByTestId('preview-title').textContent())
      .toBe(titles[at + 1]);
    expect(page.url()).toMatch(/\/story\/community\/[^/]+$/);
    expect(page.url()).not.toContain(story.id);
    await preview.getByRole('button', { name: 'Previous story' }).click();
    await expect.poll(() => preview.getByTestId('preview-title').textContent()).toBe(story.title);
    expect(page.url()).toBe(`${server.baseUrl}/story/community/${story.id}`);

    await preview.getByRole('button', { name: 'Share & Download' }).click();
    const menu = page.getByTestId('share-menu');
    await menu.waitFor();
    expect(await menu.getByRole('button', { name: /publish/i }).count()).toBe(0);
    await menu.getByRole('button', { name: 'Copy Link', exact: true }).click();
    expect(await page.getByRole('textbox', { name: 'Share link' }).inputValue()).toBe(
      `${server.baseUrl}/story/share/${story.id}`,
    );
    expect(await page.getByRole('switch').count()).toBe(0);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.baseUrl}/story/share/${story.id}`,
    );

    await preview.getByRole('button', { name: 'Share & Download' }).click();
    await page
      .getByTestId('share-menu')
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    expect(await page.getByRole('button', { name: 'Download Zip File' }).count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download MP4' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`_${story.id}\\.mp4$`));
    // Not the owner: the server refuses to publish or delete it.
    expect((await api(bob, 'PATCH', `/stories/${story.id}`, { is_published: false })).status).toBe(
      403,
    );

    await preview.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${server.baseUrl}/story/community`);
    expect(errors).toEqual([]);
    await page.close();

    // Alice sees the engagement: Bob's views of her story (however often he opened it, once
    // in the counting window) and his download.
    const stats = await api(alice, 'GET', `/stories/${story.id}/stats`);
    expect(stats.status).toBe(200);
    const counts = stats.body as { views: number; downloads: number };
    expect(counts.views).toBe(1);
    expect(counts.downloads).toBe(1);
  });

  it('a signed-out visitor opens the share link: unfurl meta in the HTML, the preview, sign-in to download', async () => {
    const html = await (await fetch(`${server.baseUrl}/story/share/${story.id}`)).text();
    expect(meta(html, 'og:title')).toBe(story.title);
    expect(meta(html, 'og:image')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/media\/thumbnails\/.+\.jpg$/,
    );
    expect(meta(html, 'og:video')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/exports\/.+\.mp4$/);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');

    const page = await openPage(visitor, `/story/share/${story.id}`, MOBILE);
    const preview = dialog(page);
    await expect.poll(() => preview.getByTestId('preview-title').textContent()).toBe(story.title);
    await shot(page, 'share-link-visitor-375');
    await preview.getByRole('button', { name: 'Share & Download' }).click();
    await page.waitForURL(/\/signin\?callbackUrl=/);
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(`/story/share/${story.id}`);

    await page.goto(`${server.baseUrl}/story/share/${story.id}`);
    await expect
      .poll(() => dialog(page).getByTestId('preview-title').textContent())
      .toBe(story.title);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${server.baseUrl}/story`);
    await page.close();
  });

  it("shows the author's profile with her published stories; team profiles are not linkable", async () => {
    const page = await openPage(visitor, `/story/community/${story.id}`);
    const preview = dialog(page);
    await preview.getByTestId('preview-author').click();
    await page.waitForURL(`${server.baseUrl}/@${alice.username}`);
    await page.getByRole('heading', { name: 'Alice', exact: true }).waitFor();
    expect(await page.getByTestId('community-story-title').allTextContents()).toEqual([
      story.title,
    ]);
    await saveScreenshot(page, 'share-author-profile-1440');

    // The examples' author is a team: no link in the preview, and its page is a 404.
    await page.goto(`${server.baseUrl}/story/community`);
    await page.getByRole('button', { name: 'The Cat Who Ran a Webinar' }).click();
    const exampleAuthor = dialog(page).getByTestId('preview-author');
    await exampleAuthor.waitFor();
    expect(await exampleAuthor.evaluate((node) => node.tagName)).toBe('SPAN');
    await page.goto(`${server.baseUrl}/@storyloom`);
    await page.getByText('Page not found').waitFor();
    await page.close();
  });

  it("'Edit the story' on an example makes Bob's own copy and opens it", async () => {
    const page = await openPage(bob, '/story/community');
    await page.getByRole('button', { name: 'The Cat Who Ran a Webinar' }).click();
    const preview = dialog(page);
    await preview.getByText('Example', { exact: true }).waitFor();
    // Examples cannot be shared or downloaded directly.
    expect(await preview.getByRole('button', { name: 'Share & Download' }).count()).toBe(0);
    const templateId = new URL(page.url()).pathname.split('/').pop()!;
    await preview.getByRole('button', { name: 'Edit the story' }).click();
    await page.waitForURL(/\/story\/editor\?story_id=[^&]+&view=list$/);
    const copyId = new URL(page.url()).searchParams.get('story_id')!;
    expect(copyId).not.toBe(templateId);
    const copy = await api<StoryJson & { user_id: string; is_template: boolean }>(
      bob,
      'GET',
      `/stories/${copyId}`,
    );
    expect(copy.body).toMatchObject({
      title: 'The Cat Who Ran a Webinar',
      user_id: bob.id,
      is_template: false,
    });
    await page.close();
  });

  it('Alice picks a cover frame, uploads a thumbnail, picks one from history and restores the original', async () => {
    const page = await openPage(alice, '/story/my');
    const errors = collectPageErrors(page);
    await page.getByRole('button', { name: story.title }).click();
    const chooser = dialog(page).getByTestId('thumbnail-chooser');
    await chooser.getByText('Choose a Thumbnail (Optional)').waitFor();
    const original = (await waitForStory(alice, story.id, () => true)) as StoryJson & {
      last_export_thumbnail_url: string;
      original_thumbnail_url: string;
    };
    // 'Restore original thumbnail' shows only while the thumbnail differs from the original
    // (here the later export made a new frame; the original is the first export's).
    expect(await chooser.getByRole('button', { name: 'Restore original thumbnail' }).count()).toBe(
      original.last_export_thumbnail_url === original.original_thumbnail_url ? 0 : 1,
    );

    // Pick Cover Frame: a 12-frame strip, a clamped slider, 'Use this frame'.
    await chooser.getByRole('button', { name: 'Pick frame' }).click();
    const picker = page.getByRole('dialog', { name: 'Pick Cover Frame' });
    await picker.waitFor();
    const strip = picker.getByTestId('frame-strip');
    await expect.poll(() => strip.locator('img').count(), { timeout: 30_000 }).toBe(12);
    await strip.getByRole('button').nth(6).click();
    await expect
      .poll(() => picker.getByTestId('frame-time').textContent())
      .toMatch(/^0:00\.\d \/ 0:01\.5$/);
    await page.waitForTimeout(300);
    await shot(page, 'share-pick-cover-frame-1440');
    await picker.getByRole('button', { name: 'Use this frame' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByText('Story updated successfully').first().waitFor();
    const framed = (await waitForStory(
      alice,
      story.id,
      (s) =>
        (s as typeof original).last_export_thumbnail_url !== original.last_export_thumbnail_url,
    )) as typeof original & { is_thumbnail_modified: boolean };
    expect(framed.last_export_thumbnail_url).toMatch(/^\/media\/uploads\/.+\.jpg$/);
    expect(framed.is_thumbnail_modified).toBe(true);

    // Upload: only png, jpeg, webp or gif of 10 MB or less.
    const input = chooser.getByLabel('Upload a thumbnail');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await page
      .getByText('Please choose a png, jpeg, webp or gif image of 10 MB or less.')
      .waitFor();
    const png = join(workDir, 'upload.png');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'color=c=orange:s=320x180', '-frames:v', '1', png],
    ]);
    await input.setInputFiles(png);
    const uploaded = await waitForStory(alice, story.id, (s) =>
      (s as typeof original).last_export_thumbnail_url.endsWith('.png'),
    );
    expect((uploaded as typeof original).last_export_thumbnail_url).toMatch(
      /^\/media\/uploads\/.+\.png$/,
    );

    // History holds the earlier ones; picking the frame brings it back.
    await chooser.getByRole('button', { name: 'History' }).click();
    const historyDialog = page.getByRole('dialog', { name: 'Earlier thumbnails' });
    await expect
      .poll(() => historyDialog.getByRole('button', { name: 'Use this thumbnail' }).count())
      .toBe(2);
    await historyDialog.getByRole('button', { name: 'Use this thumbnail' }).first().click();
    await historyDialog.waitFor({ state: 'detached' });
    await waitForStory(
      alice,
      story.id,
      (s) => (s as typeof original).last_export_thumbnail_url === framed.last_export_thumbnail_url,
    );

    await chooser.getByRole('button', { name: 'Restore original thumbnail' }).click();
    const restored = (await waitForStory(
      alice,
      story.id,
      (s) => (s as typeof original).last_export_thumbnail_url === original.original_thumbnail_url,
    )) as typeof framed;
    expect(restored.is_thumbnail_modified).toBe(false);
    await expect
      .poll(() => chooser.getByRole('button', { name: 'Restore original thumbnail' }).count())
      .toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('shows the content-restriction dialog when moderation refuses to publish', async () => {
    const other = await exportedStory('Gore compilation');
    const page = await openPage(alice, '/story/my');
    await page.getByRole('button', { name: other.title }).click();
    await dialog(page).getByRole('button', { name: 'Share & Download' }).click();
    await page
      .getByTestId('share-menu')
      .getByRole('button', { name: 'Publish', exact: true })
      .click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const restriction = page.getByRole('dialog', {
      name: 'The following types of content cannot be used',
    });
    await restriction.waitFor();
    for (const item of ['Nudity and Sexual Content', 'Hate Speech and Harassment'])
      await restriction.getByText(item).waitFor();
    await shot(page, 'share-content-restriction-1440');
    await restriction.getByRole('button', { name: 'Close' }).click();
    await restriction.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('an outdated published story shows the out-of-sync hint; a failed export shows the failure and the toast', async () => {
    const broken = await exportedStory('Out of sync');
    expect(
      (await api(alice, 'PATCH', `/stories/${broken.id}`, { is_published: true })).status,
    ).toBe(200);
    // An edit whose media has gone: the export is outdated, and exporting again fails.
    await loseMedia(broken.id);

    const page = await openPage(alice, '/story/my');
    await page.getByRole('button', { name: broken.title }).click();
    const preview = dialog(page);
    await preview
      .getByText('Published version is out of sync. Click Download to export the latest.')
      .waitFor();
    await preview.getByRole('button', { name: 'Share & Download' }).click();
    await page
      .getByTestId('share-menu')
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    await page.getByRole('button', { name: 'Download MP4' }).click();
    const overlay = page.getByTestId('export-progress-overlay');
    await overlay.getByText('Export failed').waitFor({ timeout: 60_000 });
    expect(await overlay.textContent()).toMatch(/could not be found/);
    await page.getByText('Failed to download. Please try again.').waitFor();
    await overlay.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);

  it('a failed story offers Recover (FREE) and Open Editor, and its page shows the failure', async () => {
    const broken = await exportedStory('Broken recovery');
    // Its media is gone: recovering it (export only) fails for real, at exporting_video.
    await loseMedia(broken.id);
    const started = await api<{ workflowRunId: string }>(
      alice,
      'POST',
      '/stories/workflow/rebuild_timeline_and_export',
      { story_id: broken.id, force_music_reselection: false, rebuild_timeline: false },
    );
    expect(started.status).toBe(200);
    const failed = await waitForStory(alice, broken.id, (s) => s.status.startsWith('failed'));
    const actions = failedStoryActions(failed.status);
    expect(actions.recover || actions.openEditor).toBe(true);

    const page = await openPage(alice, '/story/my');
    const card = page.getByTestId('story-card').filter({ hasText: broken.title });
    await card.getByText(failedStoryMessage(failed.status)).waitFor();
    expect(await card.getByRole('button', { name: /Recover/ }).count()).toBe(
      actions.recover ? 1 : 0,
    );
    if (actions.recover) expect(await card.getByText('FREE').count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Open Editor' }).count()).toBe(
      actions.openEditor ? 1 : 0,
    );
    await card.getByRole('button', { name: broken.title }).click();
    await page.waitForURL(`${server.baseUrl}/story/my/${broken.id}`);
    await page.getByText(failedStoryMessage(failed.status)).waitFor();
    await shot(page, 'failed-story-detail-1440');
    await page.close();
  }, 120_000);

  it('deletes a story after the Delete Story confirmation', async () => {
    const doomed = await exportedStory('Doomed');
    const page = await openPage(alice, '/story/my');
    await page.getByRole('button', { name: doomed.title }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: 'Delete Story' }));
    await confirm
      .getByText('Are you sure you want to delete this Story? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(async () => (await api(alice, 'GET', `/stories/${doomed.id}`)).status)
      .toBe(404);
    await page.close();
  });

  it('Bob is told when a story has no video to download', async () => {
    // Published before it was ever exported.
    const bare = await api<StoryJson>(alice, 'POST', '/stories', {
      title: 'Summer Lyrics',
      category_id: 'script_to_video',
      category_inputs: { aspect_ratio: '16:9' },
    });
    expect(bare.status).toBe(201);
    expect(
      (await api(alice, 'PATCH', `/stories/${bare.body.id}`, { is_published: true })).status,
    ).toBe(200);
    const page = await openPage(bob, '/story/community');
    await page.getByRole('button', { name: 'Summer Lyrics' }).click();
    await dialog(page).getByRole('button', { name: 'Share & Download' }).click();
    await page
      .getByTestId('share-menu')
      .getByRole('button', { name: 'Download', exact: true })
      .click();
    await page.getByRole('button', { name: 'Download MP4' }).click();
    await page.getByText('No video available to share').waitFor();
    await page.close();
  });

  it('Alice unpublishes and the story is gone for Bob and the visitor', async () => {
    const page = await openPage(alice, '/story/my', MOBILE);
    await page.getByRole('button', { name: story.title }).click();
    const preview = dialog(page);
    await shot(page, 'share-preview-library-375');
    await preview.getByRole('button', { name: 'Share & Download' }).click();
    const sheet = page.getByRole('dialog', { name: 'Share & Download' });
    await sheet.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await shot(page, 'share-popover-375');
    await sheet.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await page.getByText('Story unpublished').waitFor();
    await page.close();

    const bobFeed = await api<{ stories: StoryJson[] }>(bob, 'GET', '/stories/published');
    expect(bobFeed.body.stories.map((s) => s.id)).not.toContain(story.id);
    const visitorPage = await openPage(visitor, '/story/community');
    await visitorPage.getByTestId('community-story-card').first().waitFor();
    expect(await visitorPage.getByTestId('community-story-title').allTextContents()).not.toContain(
      story.title,
    );
    // Private again: its link no longer unfurls.
    const html = await (await fetch(`${server.baseUrl}/story/share/${story.id}`)).text();
    expect(meta(html, 'og:title')).toBeUndefined();
    await visitorPage.close();
  });

  it('looks right at 375 px and 1440 px: home and gallery', async () => {
    for (const [viewport, name] of [
      [MOBILE, '375'],
      [DESKTOP, '1440'],
    ] as const) {
      const page = await openPage(visitor, '/story', viewport);
      await page.getByTestId('community-story-card').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await saveScreenshot(page, `share-home-${name}`);
      await page.goto(`${server.baseUrl}/story/community`);
      await page.getByTestId('community-story-card').first().waitFor();
      await saveScreenshot(page, `share-gallery-${name}`);
      await page.close();
    }
  });
});
