import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughForm, signUpThroughForm } from './accounts';
import {
  e2eSession,
  launchBrowser,
  saveScreenshot,
  startServer,
  type StartedServer,
} from './harness';

describe('signing up, creating a story and coming back after signing in', () => {
  const session = e2eSession();

  it('runs the whole journey in a real browser', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    const { email } = await signUpThroughForm(page, server.baseUrl, 'Journey');
    await page.waitForURL(/\/story$/);

    // The web-editing promo greets a signed-in creator once.
    const promo = page.getByRole('dialog', { name: 'Edit Seamlessly on Web' });
    await promo.getByRole('button', { name: 'OK, I Got it !' }).click();
    await expect.poll(() => promo.count()).toBe(0);

    // 'Build Storyboard →' creates a blank story and opens the editor's list view in a new tab.
    const [editorTab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /Build Storyboard/ }).click(),
    ]);
    await editorTab.waitForURL(/\/story\/editor\?story_id=[^&]+&view=list/);
    const storyId = new URL(editorTab.url()).searchParams.get('story_id')!;
    await editorTab.getByText('Untitled').first().waitFor();
    await saveScreenshot(editorTab, 'journey-editor-tab');
    await editorTab.close();

    // It is in My Story on the home page and in the full list.
    await page.reload();
    const homeCard = page.getByTestId('story-card').filter({ hasText: 'Untitled' });
    await homeCard.first().waitFor();
    await saveScreenshot(page, 'journey-home');
    await page.getByRole('link', { name: 'View all' }).first().click();
    await page.waitForURL(/\/story\/my$/);
    const myCards = page.getByTestId('story-card-title');
    await myCards.first().waitFor();
    expect(await myCards.allTextContents()).toContain('Untitled');
    await saveScreenshot(page, 'journey-my-stories');
    const fromServer = await page.evaluate(async (): Promise<unknown> =>
      (await fetch('/stories')).json(),
    );
    expect((fromServer as { stories: { id: string }[] }).stories.map((s) => s.id)).toContain(
      storyId,
    );

    // Signed out, a protected action sends the visitor to sign in with the way back.
    await page.goto(`${server.baseUrl}/story`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByTestId('sign-out').click();
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /Build Storyboard/ }).click();
    await page.waitForURL(/\/signin\?callbackUrl=/);
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/story/editor');

    await page.goto(`${server.baseUrl}/story/my`);
    await page.waitForURL(/\/signin\?callbackUrl=/);
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/story/my');
    await signInThroughForm(page, email);
    await page.waitForURL(/\/story\/my$/);
    await page.getByTestId('story-card-title').filter({ hasText: 'Untitled' }).first().waitFor();
  });
});

describe('a new install', () => {
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ env: { SEED_DEMO: 'true', LOG_LEVEL: 'info' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows community stories from the database to a visitor', async () => {
    // The seeded stories are generated in the background and appear once they have a video.
    let published: { stories: { title: string; last_export_url: string | null }[] } = {
      stories: [],
    };
    for (const until = Date.now() + 240_000; published.stories.length < 3;) {
      if (Date.now() > until) throw new Error('the seeded stories were not made');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      published = (await (
        await fetch(`${server.baseUrl}/stories/published`)
      ).json()) as typeof published;
    }
    for (const story of published.stories) expect(story.last_export_url).toMatch(/\.mp4$/);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.baseUrl}/story`);
    await page.getByText(published.stories[0]!.title).first().waitFor();
    await saveScreenshot(page, 'new-install-home');
    expect(server.output()).toMatch(
      /Demo creator: sign in as demo@storyloom\.local with password \S+/,
    );
  }, 300_000);
});
