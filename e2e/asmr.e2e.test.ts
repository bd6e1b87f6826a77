import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughForm } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

describe('an ASMR video, from the style grid to a playable MP4', () => {
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

  it('chooses a style and a material, creates the video and plays it', async () => {
    const page = await context.newPage();
    await signUpThroughForm(page, server.baseUrl, 'Asmr');
    await page.waitForURL(/\/story$/);
    await page.goto(`${server.baseUrl}/story/create/asmr`);
    await page.getByRole('heading', { name: 'ASMR Video' }).waitFor();

    const create = page.getByRole('button', { name: 'Create story', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Cutting' }).click();
    // The scene shows the style's template; Generate waits for a material.
    const scene = page.getByLabel('Scene');
    expect(await scene.inputValue()).toBe('A knife cutting Material Object');
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Fruit' }).click();
    expect(await scene.inputValue()).toBe('A knife cutting Fruit');
    await page.getByLabel('Number of Shots').selectOption('4');
    await expect
      .poll(() => page.getByTestId('credit-estimate').textContent())
      .toContain('2400 credits');
    // Each style's picture is drawn for the grid.
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: 'Cutting' })
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(480);
    await saveScreenshot(page, 'asmr-form');
    await create.click();

    await page.waitForURL(/\/story\/create\/workflow\/[0-9a-f-]{36}\?category_id=asmr_video$/);
    await page.getByRole('heading', { name: 'Your story is ready' }).waitFor({ timeout: 110_000 });
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
    // Four shots of four seconds.
    expect(duration).toBeGreaterThan(15);
    expect(duration).toBeLessThan(17);
    await saveScreenshot(page, 'asmr-ready');
    // A successful submit clears the draft.
    expect(await page.evaluate(() => localStorage.getItem('storyloom:asmr-draft'))).toBeNull();
  }, 180_000);
});
