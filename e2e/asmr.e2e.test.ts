import { describe, expect, it } from 'vitest';
import { signUpThroughForm } from './accounts';
import { e2eSession, saveScreenshot, videoDuration } from './harness';

describe('an ASMR video, from the style grid to a playable MP4', () => {
  const session = e2eSession();

  it('chooses a style and a material, creates the video and plays it', async () => {
    const { server, context } = session;
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
    const duration = await videoDuration(video);
    // Four shots of four seconds.
    expect(duration).toBeGreaterThan(15);
    expect(duration).toBeLessThan(17);
    await saveScreenshot(page, 'asmr-ready');
    // A successful submit clears the draft.
    expect(await page.evaluate(() => localStorage.getItem('storyloom:asmr-draft'))).toBeNull();
  }, 180_000);
});
