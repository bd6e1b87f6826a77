import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughForm } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const run = promisify(execFile);
const poll = expect.poll;

const SHOTS = [
  { script: 'A fox wakes up in the forest.', prompt: 'A red fox in a green forest at dawn' },
  { script: 'It crosses a frozen lake.', prompt: 'A fox on a frozen blue lake' },
  { script: 'At night it sleeps under the stars.', prompt: 'A fox sleeping under the stars' },
];

/** The list view's rows' statuses, in order. */
const statuses = (page: Page) =>
  page
    .getByTestId('shot-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));

describe('the storyboard list view and the shot editor', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let workDir: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    workDir = mkdtempSync(join(tmpdir(), 'storyloom-storyboard-'));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('writes a 3-shot story from Build Storyboard →, generates it, swaps a picture and exports it', async () => {
    const home = await context.newPage();
    await signUpThroughForm(home, server.baseUrl, 'Writer');
    await home.waitForURL(/\/story$/);
    await home.getByRole('button', { name: 'OK, I Got it !' }).click();
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      home.getByRole('button', { name: /Build Storyboard →/ }).click(),
    ]);
    await page.waitForURL(/\/story\/editor\?story_id=.+&view=list$/);
    const storyId = new URL(page.url()).searchParams.get('story_id')!;

    // The title is renamed; one over 200 characters is refused with a clear message.
    await page.getByRole('button', { name: 'Rename story' }).click();
    await page.getByLabel('Story title').fill('x'.repeat(201));
    expect(await page.getByRole('alert').textContent()).toBe(
      'A title can be at most 200 characters.',
    );
    await page.getByLabel('Story title').fill('A fox’s day');
    await page.getByLabel('Story title').press('Enter');
    await poll(() => page.getByTestId('editor-story-title').textContent()).toBe('A fox’s day');

    // Three shots, written one after another (each field saves when it is left).
    const rows = page.getByTestId('shot-row');
    for (const [index, shot] of SHOTS.entries()) {
      await page.getByRole('button', { name: 'Add shot' }).click();
      await poll(() => rows.count()).toBe(index + 1);
      const row = rows.nth(index);
      await row.getByLabel('Script').fill(shot.script);
      await row.getByLabel('Image prompt').fill(shot.prompt);
      await row.getByLabel('Video prompt').click();
    }
    expect(await statuses(page)).toEqual(['empty', 'empty', 'empty']);
    // Move the last shot up and back; hide and unhide the second.
    await rows.nth(2).getByRole('button', { name: 'Move up' }).click();
    await poll(() => rows.nth(1).getByLabel('Script').inputValue()).toBe(SHOTS[2]!.script);
    await rows.nth(1).getByRole('button', { name: 'Move down' }).click();
    await poll(() => rows.nth(2).getByLabel('Script').inputValue()).toBe(SHOTS[2]!.script);
    await rows.nth(1).getByRole('button', { name: 'Hide shot' }).click();
    await poll(() => statuses(page)).toEqual(['empty', 'hidden', 'empty']);
    await rows.nth(1).getByRole('button', { name: 'Unhide shot' }).click();
    await poll(() => statuses(page)).toEqual(['empty', 'empty', 'empty']);

    // Generate all: every shot gets its picture (and its voice-over).
    await page.getByRole('button', { name: /^Generate all/ }).click();
    await poll(() => statuses(page), { timeout: 90_000 }).toEqual(['ready', 'ready', 'ready']);
    await poll(() => page.getByTestId('shot-active-image').count()).toBe(3);
    const saved = (await (
      await page.request.get(`${server.baseUrl}/stories/${storyId}`)
    ).json()) as {
      storyboard: { shots_map: Record<string, { script: string; lexorank: string }> };
    };
    const order = Object.values(saved.storyboard.shots_map)
      .sort((a, b) => (a.lexorank < b.lexorank ? -1 : 1))
      .map((shot) => shot.script);
    expect(order).toEqual(SHOTS.map((shot) => shot.script));
    await saveScreenshot(page, 'storyboard-list-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(page, 'storyboard-list-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The video editor: the first shot's picture, regenerated in the shot editor, made active.
    await page.getByTestId('open-video-editor').click();
    await page.getByTestId('video-editor').waitFor();
    const firstItem = page.locator('[data-testid="timeline-item"][data-item-type="image"]').first();
    await firstItem.waitFor();
    const before = await firstItem.getAttribute('data-asset-id');
    await firstItem.click();
    const editor = page.getByTestId('shot-editor');
    await editor.waitFor();
    expect(await editor.getByRole('tab', { selected: true }).textContent()).toBe('Still Image');
    await editor.getByLabel('Image prompt').fill('A fox in the snow under the moon');
    await editor.getByRole('button', { name: /^Retry · \d+ credits$/ }).click();
    const resources = editor.getByTestId('shot-resource');
    await poll(() => resources.count(), { timeout: 60_000 }).toBe(2);
    // The new picture became active on its own (the server made it so); pick the old one
    // back, then the new one again, by clicking their thumbnails.
    const newest = await resources.first().getAttribute('data-asset-id');
    expect(newest).not.toBe(before);
    await poll(() => firstItem.getAttribute('data-asset-id')).toBe(newest);
    await resources.nth(1).click();
    await poll(() => firstItem.getAttribute('data-asset-id')).toBe(before);
    await resources.first().click();
    await poll(() => firstItem.getAttribute('data-asset-id')).toBe(newest);
    expect(await resources.first().getAttribute('aria-pressed')).toBe('true');
    await saveScreenshot(page, 'shot-editor-1440');
    await page.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(page, 'shot-editor-375');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The choice is saved: the server's shot shows the picked picture.
    await poll(
      async () => {
        const story = (await (
          await page.request.get(`${server.baseUrl}/stories/${storyId}`)
        ).json()) as { storyboard: { shots_map: Record<string, { active_image_id: string }> } };
        return Object.values(story.storyboard.shots_map).map((shot) => shot.active_image_id);
      },
      { timeout: 10_000 },
    ).toContain(newest);

    // Export: an MP4 as long as the timeline.
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('export-button').click();
    const file = await download;
    const mp4 = join(workDir, 'storyboard.mp4');
    await file.saveAs(mp4);
    const probe = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4],
    ]);
    expect(Number(probe.stdout.trim())).toBeGreaterThan(1);
  }, 240_000);
});
