import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughForm } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const SCRIPT =
  'A small robot wakes up in a quiet city. It rolls through the empty streets and waters every tree it finds. By sunset, the whole city is green again.';

describe('the explainer story, from the form to a playable MP4', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('creates a story, follows the wait screen to the end and plays the video', async () => {
    const page = await context.newPage();
    await signUpThroughForm(page, server.baseUrl, 'Explainer');
    await page.waitForURL(/\/story$/);
    await page.goto(`${server.baseUrl}/story/create/script`);
    await page.getByRole('heading', { name: 'Explainer Video' }).waitFor();

    const create = page.getByRole('button', { name: 'Create story', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Voice-over Script').fill(SCRIPT);
    await expect.poll(() => page.getByTestId('script-counter').textContent()).toMatch(/^\d+\/900$/);
    await page.getByRole('radio', { name: 'Crayon' }).click();
    await page.getByLabel('Voice Actor').selectOption('storyteller');
    await expect
      .poll(() => page.getByTestId('credit-estimate').textContent())
      .toContain('1100 credits');
    await expect
      .poll(() => page.getByTestId('free-stories').textContent())
      .toContain('3 FREE Story Left');
    // Background music: a stock track of the library, previewed by its 17-bar waveform.
    await page.getByRole('button', { name: 'Background music' }).click();
    await page.getByRole('radio', { name: 'Stock track' }).check();
    await page.getByLabel('Search music').fill('ambient');
    const track = page.getByRole('list', { name: 'Music tracks' }).getByRole('listitem').first();
    await track.waitFor();
    await track.getByRole('button').nth(1).click();
    await page.getByTestId('chosen-music-track').waitFor();
    await expect
      // The first waveform of a track decodes its whole audio; allow for a busy machine.
      .poll(() => page.getByTestId('music-waveform').locator('span.bg-brand-500').count(), {
        timeout: 30_000,
      })
      .toBe(17);
    // The form says plainly that the offline providers will make the story.
    expect(await page.getByTestId('provider-notice').textContent()).toContain(
      'Offline providers in use: pictures by the offline illustrator',
    );
    await saveScreenshot(page, 'explainer-form');
    await create.click();

    await page.waitForURL(/\/story\/create\/workflow\/[0-9a-f-]{36}\?category_id=script_to_video$/);
    await page.getByRole('list', { name: 'Progress' }).waitFor();
    // The stage in words with its progress, never a raw status string.
    const stage = page.getByTestId('workflow-status');
    await stage.waitFor();
    expect(await stage.textContent()).not.toMatch(/processing|RUN_|_/);
    expect(await page.getByRole('progressbar').count()).toBe(1);
    await page.getByRole('heading', { name: 'Your story is ready' }).waitFor({ timeout: 110_000 });
    const steps = await page
      .locator('ol[aria-label="Progress"] li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
    expect(steps).toEqual(['done', 'done', 'done']);

    const video = page.locator('video');
    await video.waitFor();
    const duration = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (element.readyState >= 1) resolve(element.duration);
          else
            element.addEventListener('loadedmetadata', () => resolve(element.duration), {
              once: true,
            });
        }),
    );
    expect(duration).toBeGreaterThan(0);
    expect(await page.getByTestId('made-with').textContent()).toContain(
      'Pictures: the offline illustrator',
    );
    await saveScreenshot(page, 'explainer-ready');

    // The story's page: its video, what made it, and each shot with the provider of its picture.
    const editorHref = await page.getByRole('link', { name: 'Open Editor' }).getAttribute('href');
    const storyId = new URLSearchParams(editorHref!.split('?')[1]).get('story_id');
    await page.goto(`${server.baseUrl}/story/my/${storyId}`);
    const shots = page.getByRole('region', { name: 'Shots' }).getByRole('listitem');
    await shots.first().waitFor();
    expect(await shots.count()).toBeGreaterThanOrEqual(2);
    expect(await shots.first().getByTestId('shot-providers').textContent()).toMatch(
      /^Picture: the offline illustrator · Voice: the offline voice \(/,
    );
    await saveScreenshot(page, 'explainer-story-detail');

    // My stories: the card shows the finished thumbnail.
    await page.goto(`${server.baseUrl}/story/my`);
    const card = page.getByTestId('story-card').first();
    await card.waitFor();
    await expect
      .poll(() => card.locator('img').getAttribute('src'))
      .toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
    await saveScreenshot(page, 'explainer-my-stories');
  }, 180_000);
});
