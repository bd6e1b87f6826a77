import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, signUpByApi } from './accounts';
import {
  collectPageErrors,
  launchBrowser,
  resultsDir,
  startServer,
  type StartedServer,
} from './harness';

const run = promisify(execFile);
/** The machine is shared: give the page up to 15 s to show a change. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** A screenshot for humans, once the page's fonts have loaded (slow on a shared machine). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await mkdir(resultsDir, { recursive: true });
  await page.screenshot({ path: join(resultsDir, `${name}.png`), timeout: 90_000 });
}

async function videoSize(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=width,height', '-of', 'json', file],
  ]);
  return (JSON.parse(stdout) as { streams: { width: number; height: number }[] }).streams[0];
}

/**
 * A story made upright (9:16) is previewed and exported from the editor at 1080×1920, with its
 * caption style and the branded intro; the aspect-ratio control changes the canvas and undoes.
 */
describe('the editor at the story size', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let workDir: string;
  let storyId: string;

  beforeAll(async () => {
    // Full size: the export must be 1080x1920 (the default bounds the longer side for speed).
    server = await startServer({ env: { EXPORT_MAX_SIDE: '1920' } });
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    workDir = await mkdtemp(join(tmpdir(), 'storyloom-story-size-'));
    await signUpByApi(context, server.baseUrl, 'Upright');
    const api = apiOf(context, server.baseUrl);
    // Two landscape pictures (ffmpeg's test patterns): the upright story covers the frame with them.
    const urls: string[] = [];
    for (const [index, source] of [
      'testsrc2=size=1280x720',
      'smptehdbars=size=1280x720',
    ].entries()) {
      const png = join(workDir, `picture-${index}.png`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
        ...['-frames:v', '1', png],
      ]);
      const upload = await context.request.post(`${server.baseUrl}/api/media/upload_image`, {
        headers: { origin: server.baseUrl },
        multipart: {
          file: {
            name: `picture-${index}.png`,
            mimeType: 'image/png',
            buffer: await readFile(png),
          },
        },
      });
      expect(upload.status()).toBe(200);
      urls.push(((await upload.json()) as { imageUrl: string }).imageUrl);
    }
    const created = await api<{ id: string }>('POST', '/stories', {
      title: 'An upright story',
      category_id: 'script_to_video',
      category_inputs: { aspect_ratio: '9:16' },
      video_editor_timeline: {
        tracks: [
          {
            id: 'main',
            type: 'video',
            isPrimary: true,
            items: urls.map((_, index) => ({
              id: `shot-${index}`,
              type: 'image',
              mediaAssetId: `picture-${index}`,
              startTimeInFrames: index * 90,
              durationInFrames: 90,
            })),
          },
          {
            id: 'captions',
            type: 'caption',
            subtype: 'caption',
            items: [
              {
                id: 'caption-1',
                type: 'caption',
                startTimeInFrames: 0,
                durationInFrames: 180,
                caption: { data: { text: 'Standing tall at last' } },
              },
            ],
          },
        ],
        mediaAssets: urls.map((url, index) => ({
          id: `picture-${index}`,
          url,
          resource_type: 'image',
          title: `Picture ${index + 1}`,
          metadata: { width: 1280, height: 720 },
        })),
        // "Apply to all": yellow captions, larger.
        globalConfig: {
          captions: {
            enabled: true,
            style: { color: 'rgba(255, 214, 0, 1.00)', fontSize: 34 },
          },
        },
      },
    });
    expect(created.status).toBe(201);
    storyId = created.body.id;
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  const openEditor = async (page: Page) => {
    await page.goto(`${server.baseUrl}/story/editor?story_id=${storyId}&view=video-editor`);
    await page.getByTestId('editor-canvas').waitFor();
  };
  const canvasSize = (page: Page) =>
    page
      .getByTestId('editor-canvas')
      .evaluate((canvas: HTMLCanvasElement) => `${canvas.width}x${canvas.height}`);

  it('previews at 1080x1920, changes size undoably, and exports what it previews', async () => {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openEditor(page);
    expect(await canvasSize(page)).toBe('1080x1920');
    await poll(() => page.getByTestId('editor-canvas').getAttribute('data-ready')).toBe('true');
    await screenshot(page, 'editor-story-size-9x16-1440');

    // The control: square, then undone back to upright.
    const control = page.getByTestId('aspect-ratio-control');
    expect(await control.locator('[aria-checked="true"]').getAttribute('data-ratio')).toBe('9:16');
    await control.locator('[data-ratio="1:1"]').click();
    await poll(() => canvasSize(page)).toBe('1080x1080');
    expect(await page.getByTestId('picture-fit').inputValue()).toBe('cover');
    await page.getByTestId('editor-canvas').click();
    await page.keyboard.press('Control+z');
    await poll(() => canvasSize(page)).toBe('1080x1920');
    await poll(() => page.getByTestId('sync-status').getAttribute('data-state')).toBe('saved');

    // Export from the editor: the story's export, at the story's size.
    const download = page.waitForEvent('download', { timeout: 180_000 });
    await page.getByTestId('export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('download.mp4');
    const mp4 = join(workDir, 'download.mp4');
    await file.saveAs(mp4);
    expect(await videoSize(mp4)).toEqual({ width: 1080, height: 1920 });
    // Frames to look at: the branded intro (0.6 s) and the story after it (2.5 s).
    for (const [name, at] of [
      ['intro', '0.6'],
      ['story', '2.5'],
    ] as const) {
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', at, '-i', mp4],
        ...['-frames:v', '1', join(resultsDir, `editor-story-size-export-${name}.png`)],
      ]);
    }
    const story = (
      await apiOf(context, server.baseUrl)<{
        last_export_url: string;
        is_export_outdated: boolean;
      }>('GET', `/stories/${storyId}`)
    ).body;
    expect(story.is_export_outdated).toBe(false);
    expect(story.last_export_url).toMatch(/\.mp4$/);
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);

  it('previews a library picture on the stage, and makes a track of a file dropped from the desktop', async () => {
    const page = await context.newPage();
    await openEditor(page);
    // Clicking a picture of the library shows it on the stage; play returns to the player.
    await page.getByRole('tab', { name: 'Images' }).click();
    await page.locator('[data-testid="media-asset"][data-asset-id="picture-1"]').click();
    await poll(() => page.getByTestId('stage-asset-preview').getAttribute('data-asset-id')).toBe(
      'picture-1',
    );
    await page.getByTestId('stage-preview-close').click();
    await poll(() => page.getByTestId('stage-asset-preview').count()).toBe(0);

    // A picture dropped from the desktop onto the timeline: uploaded, then on a new track.
    const tracksBefore = await page.locator('[data-track-id]').count();
    const png = await readFile(join(workDir, 'picture-0.png'));
    const transfer = await page.evaluateHandle((bytes: number[]) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
      return data;
    }, Array.from(png));
    const timeline = page.getByTestId('editor-timeline');
    await timeline.dispatchEvent('dragover', { dataTransfer: transfer });
    await timeline.dispatchEvent('drop', { dataTransfer: transfer });
    await poll(() => page.getByTestId('timeline-creating-track').textContent()).toBe(
      'Creating track and uploading…',
    );
    await poll(() => page.locator('[data-track-id]').count()).toBe(tracksBefore + 1);
    await poll(() => page.getByTestId('timeline-creating-track').count()).toBe(0);
    // The icon column labels every row, the new one too.
    await poll(() => page.getByTestId('track-icon-column').locator(':scope > div').count()).toBe(
      tracksBefore + 1,
    );
    await screenshot(page, 'editor-story-size-dropped-file');

    // Ctrl+D: the developer panel, dragged by its title bar; its place survives a reload.
    await page.locator('body').click({ position: { x: 700, y: 20 } });
    await page.keyboard.press('Control+d');
    const panel = page.getByTestId('developer-panel');
    await poll(() => panel.count()).toBe(1);
    expect(await panel.textContent()).toContain('9:16 → 1080×1920');
    const handle = (await page.getByTestId('developer-panel-handle').boundingBox())!;
    await page.mouse.move(handle.x + 40, handle.y + 10);
    await page.mouse.down();
    await page.mouse.move(handle.x + 340, handle.y + 210, { steps: 5 });
    await page.mouse.up();
    const moved = (await panel.boundingBox())!;
    expect(Math.abs(moved.x - handle.x - 300)).toBeLessThanOrEqual(2);
    await page.reload();
    await page.getByTestId('editor-canvas').waitFor();
    await page.locator('body').click({ position: { x: 700, y: 20 } });
    await page.keyboard.press('Control+d');
    await poll(() => panel.boundingBox().then((box) => Math.round(box?.x ?? 0))).toBe(
      Math.round(moved.x),
    );
    await page.keyboard.press('Control+d');
    await poll(() => panel.count()).toBe(0);
    await page.close();
  }, 180_000);

  it('shows the upright story on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await phone.addCookies(await context.cookies());
    const page = await phone.newPage();
    await openEditor(page);
    expect(await canvasSize(page)).toBe('1080x1920');
    await screenshot(page, 'editor-story-size-9x16-375');
    await phone.close();
  }, 120_000);
});
