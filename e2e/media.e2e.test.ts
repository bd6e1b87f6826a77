import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, generateExplainer, signUpByApi } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const run = promisify(execFile);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

const SCRIPT = 'A fox crosses a snowy field at dawn. It stops to listen for mice under the snow.';

interface ItemJson {
  id: string;
  type: string;
  durationInFrames: number;
  speed?: number;
  volume?: number;
  mediaAssetId?: string | null;
  effects?: { type: string; durationInFrames: number }[];
}
interface StoryJson {
  id: string;
  version: number;
  video_editor_timeline: {
    tracks: {
      id: string;
      type: string;
      subtype?: string;
      isPrimary?: boolean;
      items: ItemJson[];
    }[];
    mediaAssets: { id: string; url: string; resource_type: string; title?: string }[];
  } | null;
}
interface ResourceJson {
  id: string;
  url: string;
  title?: string;
  resource_type: string;
  thumbnail_url?: string | null;
  metadata?: { width?: number; height?: number; duration?: number; fps?: number };
}
interface TrackJson {
  id: string;
  name: string;
  genre: string;
  mood: string;
  tempo: string;
}

/** A file to drop: its bytes (base64), optionally padded with zeros to a size. */
interface DropFile {
  name: string;
  type: string;
  base64: string;
  padTo?: number;
}

/**
 * The media pane (spec 3 §2, §5, §8): files dropped on it upload with a progress tile and join
 * the story's media in their tab, then go onto the timeline; refused files show the spec's
 * messages and store nothing; the music library filters by genre and mood; the Audio Editor
 * changes an item's volume, speed and fades.
 */
describe('the media pane', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let workDir: string;
  let story: StoryJson;
  let page: Page;
  let clip: Buffer;
  let picture: Buffer;

  let api: ReturnType<typeof apiOf>;
  const resources = async () =>
    (await api<{ media_resources: ResourceJson[] }>('GET', `/stories/${story.id}/media_resources`))
      .body.media_resources;
  const storyNow = async () => (await api<StoryJson>('GET', `/stories/${story.id}`)).body;

  const pane = () => page.getByTestId('media-pane');
  const openTab = (name: string) => pane().getByRole('tab', { name }).click();
  const primaryRow = () => page.locator('[data-track-id][data-primary="true"]');
  const primaryAssets = () =>
    primaryRow()
      .locator('[data-item-id]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.assetId ?? ''));

  /** Drags files from the desktop onto the pane: enter and hover (overlay shown), then drop. */
  async function dragFiles(files: DropFile[], { drop = true } = {}) {
    const dataTransfer = await page.evaluateHandle((list: DropFile[]) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        let bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        if (file.padTo) {
          const padded = new Uint8Array(file.padTo);
          padded.set(bytes);
          bytes = padded;
        }
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    }, files);
    const target = pane();
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    const overlay = (await page.getByTestId('drop-overlay').textContent()) ?? '';
    if (drop) await target.dispatchEvent('drop', { dataTransfer });
    else await target.dispatchEvent('dragleave', { dataTransfer });
    return overlay;
  }

  /** Records every state the upload tiles go through (they can pass quickly). */
  async function recordTiles() {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { tileStates: string[] }).tileStates = seen;
      const note = () => {
        for (const tile of Array.from(
          document.querySelectorAll<HTMLElement>('[data-testid="upload-tile"]'),
        )) {
          const bar = tile.querySelector('[role="progressbar"]');
          const state = `${tile.dataset.fileName}:${tile.dataset.status}:${bar?.getAttribute('aria-valuenow') ?? ''}`;
          if (seen.at(-1) !== state) seen.push(state);
        }
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-status', 'aria-valuenow'],
      });
    });
  }
  const tileStates = () =>
    page.evaluate(() => (window as unknown as { tileStates: string[] }).tileStates);

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'storyloom-e2e-media-'));
    const mp4 = join(workDir, 'clip.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=3'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-b:v', '2M', mp4],
    ]);
    clip = await readFile(mp4);
    const png = join(workDir, 'picture.png');
    await ffmpeg([...['-f', 'lavfi', '-i', 'mandelbrot=s=640x360'], '-frames:v', '1', png]);
    picture = await readFile(png);

    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    api = apiOf(context, server.baseUrl);
    await signUpByApi(context, server.baseUrl, 'Mia');
    await context.addInitScript(() => {
      window.localStorage.setItem('storyloom.editor.timelineHeight', '420');
    });
    const storyId = await generateExplainer(api, SCRIPT);
    story = (await api<StoryJson>('GET', `/stories/${storyId}`)).body;
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/editor?story_id=${story.id}&view=video-editor`);
    await page.getByTestId('video-editor').waitFor();
    await page.locator('[data-track-id]').first().waitFor();
  }, 200_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('uploads a dropped MP4 and PNG with a progress tile, into their tabs, then onto the timeline', async () => {
    await recordTiles();
    await openTab('Images');
    // Over the Images tab, a video says where it goes.
    const hover = await dragFiles(
      [{ name: 'clip.mp4', type: 'video/mp4', base64: clip.toString('base64') }],
      { drop: false },
    );
    expect(hover).toContain('Drop to upload video');
    expect(hover).toContain('Will switch to Videos tab');
    await poll(() => page.getByTestId('drop-overlay').count()).toBe(0);

    await dragFiles([{ name: 'clip.mp4', type: 'video/mp4', base64: clip.toString('base64') }]);
    await poll(() => page.locator('[data-active-tab]').getAttribute('data-active-tab')).toBe(
      'video',
    );
    const video = pane().locator(
      '[data-testid="media-asset"][data-asset-type="video"][title="clip.mp4"]',
    );
    await video.waitFor({ timeout: 30_000 });
    // The asset shows as soon as it is added; its tile turns completed once the server has it.
    await poll(tileStates).toContain('clip.mp4:completed:100');
    const states = await tileStates();
    expect(states[0]).toMatch(/^clip\.mp4:uploading:/);
    expect(states).toContain('clip.mp4:processing:100');
    expect(states).toContain('clip.mp4:completed:100');
    // A thumbnail drawn by the server, and the clip's probed facts, on the server too.
    await poll(() =>
      video.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(320);
    const videoId = (await video.getAttribute('data-asset-id'))!;
    const stored = (await resources()).find((r) => r.id === videoId)!;
    expect(stored).toMatchObject({ resource_type: 'video', title: 'clip.mp4' });
    expect(stored.metadata).toMatchObject({ width: 640, height: 360, fps: 25 });
    expect(stored.metadata!.duration).toBeCloseTo(3, 0);

    await dragFiles([
      { name: 'picture.png', type: 'image/png', base64: picture.toString('base64') },
    ]);
    await poll(() => page.locator('[data-active-tab]').getAttribute('data-active-tab')).toBe(
      'image',
    );
    const image = pane().locator(
      '[data-testid="media-asset"][data-asset-type="image"][title="picture.png"]',
    );
    await image.waitFor({ timeout: 30_000 });
    await poll(tileStates).toContain('picture.png:completed:100');
    const imageId = (await image.getAttribute('data-asset-id'))!;
    expect((await resources()).map((r) => r.id)).toEqual(
      expect.arrayContaining([videoId, imageId]),
    );
    await saveScreenshot(page, 'media-images-tab');

    // Onto the timeline: the picture before the second shot, the clip after the last.
    const before = await primaryAssets();
    const second = primaryRow().locator('[data-item-id]').nth(1);
    const secondBox = (await second.boundingBox())!;
    await image.dragTo(second, { targetPosition: { x: 6, y: secondBox.height / 2 } });
    await poll(primaryAssets).toEqual([before[0], imageId, ...before.slice(1)]);
    await openTab('Videos');
    const last = primaryRow().locator('[data-item-id]').last();
    const lastBox = (await last.boundingBox())!;
    await video.dragTo(last, { targetPosition: { x: lastBox.width - 4, y: lastBox.height / 2 } });
    await poll(primaryAssets).toEqual([before[0], imageId, ...before.slice(1), videoId]);
    await saveScreenshot(page, 'media-videos-tab');

    // In use: the video cannot be deleted.
    await video.hover();
    await video.getByTestId('delete-asset').click();
    await poll(() => page.getByText('This video is in use and cannot be deleted.').count()).toBe(1);
  }, 120_000);

  it("refuses a 12 MB PNG and a program renamed .png with the spec's messages, storing nothing", async () => {
    const before = await resources();
    const history = async () =>
      (await api<{ media_resources: ResourceJson[] }>('GET', '/api/media/history?type=image')).body
        .media_resources;
    const historyBefore = await history();
    await openTab('Images');

    await dragFiles([
      {
        name: 'big.png',
        type: 'image/png',
        base64: picture.toString('base64'),
        padTo: 12 * 2 ** 20,
      },
    ]);
    await poll(() => page.getByTestId('upload-error-message').textContent()).toBe(
      'big.png is too large (max 10MB)',
    );
    await expect(page.getByTestId('upload-error-overlay').textContent()).resolves.toContain(
      'Upload Error',
    );
    await page.getByRole('button', { name: 'Got it' }).click();
    await poll(() => page.getByTestId('upload-error-overlay').count()).toBe(0);

    await recordTiles();
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(8192, 0x90),
    ]);
    await dragFiles([{ name: 'setup.png', type: 'image/png', base64: program.toString('base64') }]);
    const failed = pane().locator('[data-testid="upload-tile"][data-status="error"]');
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('Upload Failed');
    expect(await failed.getByTestId('upload-error').textContent()).toBe(
      'setup.png type not supported for image',
    );
    await saveScreenshot(page, 'media-upload-failed');
    await failed.getByRole('button', { name: 'Got it' }).click();
    await poll(() => failed.count()).toBe(0);

    // Nothing stored: the story's media and the user's uploads are as before.
    expect(await resources()).toEqual(before);
    expect(await history()).toEqual(historyBefore);

    // Two files at once: one at a time.
    const two = await dragFiles(
      [
        { name: 'a.png', type: 'image/png', base64: picture.toString('base64') },
        { name: 'b.png', type: 'image/png', base64: picture.toString('base64') },
      ],
      { drop: false },
    );
    expect(two).toContain('Invalid file');
    expect(two).toContain('Only one file can be uploaded at a time');
  }, 60_000);

  it('adds earlier uploads from History and generated pictures from the media picker', async () => {
    await openTab('Images');
    const images = pane().locator('[data-testid="media-asset"][data-asset-type="image"]');
    const count = await images.count();
    await pane().getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByTestId('history-picker');
    await poll(() => history.getByTestId('pick-item').count()).toBe(1);
    await history.getByTestId('pick-item').first().click();
    await history.getByRole('button', { name: 'Add', exact: true }).click();
    await poll(() => images.count()).toBe(count + 1);

    // The media picker: albums for pictures, not for videos; generated pictures of the story.
    await pane().getByRole('button', { name: 'Create' }).click();
    const picker = page.getByTestId('media-picker');
    const tabs = () =>
      picker.getByRole('tab').evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    await poll(tabs).toEqual(['Generated', 'Albums', 'This story']);
    await poll(() => picker.getByTestId('pick-item').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'media-picker');
    await picker.getByTestId('pick-item').first().click();
    await picker.getByRole('button', { name: 'Add', exact: true }).click();
    await poll(() => images.count()).toBe(count + 2);
    await openTab('Videos');
    await pane().getByRole('button', { name: 'Create' }).click();
    await poll(tabs).toEqual(['Generated', 'This story']);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('filters the music library by two genres and one mood', async () => {
    const catalogue = (
      await api<{ tracks: TrackJson[]; genres: string[]; moods: string[] }>(
        'GET',
        '/api/music/tracks',
      )
    ).body;
    // Two genres and one mood that together keep some tracks and drop others.
    const moodsOf = (t: TrackJson) => t.mood.split(',').map((m) => m.trim().toLowerCase());
    let choice: { genres: string[]; mood: string; expected: string[] } | null = null;
    outer: for (const g1 of catalogue.genres)
      for (const g2 of catalogue.genres)
        for (const mood of catalogue.moods) {
          if (g1 >= g2) continue;
          const expected = catalogue.tracks
            .filter((t) => [g1, g2].includes(t.genre) && moodsOf(t).includes(mood.toLowerCase()))
            .map((t) => t.name);
          const genreOnly = catalogue.tracks.filter((t) => [g1, g2].includes(t.genre)).length;
          if (expected.length >= 2 && expected.length < genreOnly) {
            choice = { genres: [g1, g2], mood, expected };
            break outer;
          }
        }
    expect(choice).not.toBeNull();

    await openTab('Music');
    await saveScreenshot(page, 'media-music-home');
    await pane().getByRole('button', { name: 'Browse' }).click();
    // The search counts the songs that exist, each listed under its own name.
    await poll(() => pane().getByTestId('music-result').count()).toBe(catalogue.tracks.length);
    await expect(pane().getByRole('searchbox').getAttribute('placeholder')).resolves.toBe(
      `Search ${catalogue.tracks.length} songs`,
    );
    expect(new Set(catalogue.tracks.map((t) => t.name)).size).toBe(catalogue.tracks.length);
    const pick = async (filter: string, values: string[]) => {
      await pane().getByTestId(`music-filter-${filter}`).click();
      for (const value of values)
        await page.getByRole('menuitemcheckbox', { name: value, exact: true }).click();
      await page.keyboard.press('Escape');
    };
    await pick('genre', choice!.genres);
    await pick('mood', [choice!.mood]);
    const names = () =>
      pane()
        .getByTestId('music-result')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.trackName ?? ''));
    await poll(async () => (await names()).sort()).toEqual([...choice!.expected].sort());
    // A played preview shows its waveform (the server renders a composed track first).
    const first = pane().getByTestId('music-result').first();
    await first.getByRole('button', { name: /^Play / }).click();
    await expect
      .poll(() => first.getByTestId('audio-waveform').getAttribute('data-ready'), {
        timeout: 60_000,
      })
      .toBe('true');
    await first.getByRole('button', { name: /^Pause / }).click();
    await saveScreenshot(page, 'media-music-search');
    // A search with no match.
    await pane().getByRole('searchbox').fill('zzzz no such song');
    await poll(() => pane().getByText('No music found').count()).toBe(1);
    await pane().getByRole('button', { name: 'Back' }).click();
  }, 60_000);

  it('changes volume, speed and fades in the Audio Editor', async () => {
    // The longest item of the music track.
    const saved = await storyNow();
    const musicItems = saved.video_editor_timeline!.tracks.find(
      (t) => t.subtype === 'music',
    )!.items;
    const itemId = musicItems.reduce((a, b) =>
      b.durationInFrames > a.durationInFrames ? b : a,
    ).id;
    const music = page.locator(`[data-item-id="${itemId}"]`);
    await music.click();
    await poll(() => page.getByTestId('property-pane').locator('h2').textContent()).toBe(
      'Audio Editor',
    );
    const width = async () => (await music.boundingBox())!.width;
    const widthBefore = await width();

    const type = async (field: string, value: string) => {
      const input = page.getByTestId(`property-${field}-input`);
      await input.fill(value);
      await input.press('Enter');
    };
    await type('volume', '40');
    await poll(() => music.getAttribute('data-volume')).toBe('0.4');
    await expect(page.getByTestId('property-volume').textContent()).resolves.toBe('40%');
    // Out of bounds: not applied.
    await type('speed', '3');
    await expect(page.getByTestId('property-speed-input').inputValue()).resolves.toBe('1');
    await type('speed', '2');
    await poll(width).toBeLessThan(widthBefore * 0.6);
    await type('fade-in', '1');
    await type('fade-out', '0.5');
    await saveScreenshot(page, 'media-audio-editor');

    const item = async () =>
      (await storyNow())
        .video_editor_timeline!.tracks.flatMap((t) => t.items)
        .find((i) => i.id === itemId);
    await poll(async () => {
      const saved = await item();
      return (
        saved && {
          volume: saved.volume,
          speed: saved.speed,
          effects: [...(saved.effects ?? [])].sort((a, b) => a.type.localeCompare(b.type)),
        }
      );
    }).toEqual({
      volume: 0.4,
      speed: 2,
      effects: [
        { type: 'fade-in', durationInFrames: 30 },
        { type: 'fade-out', durationInFrames: 15 },
      ],
    });
    // Each change is one undoable step: undo takes back the fade out only.
    await page.getByTestId('property-pane').locator('h2').click();
    await page.keyboard.press('Control+z');
    await poll(() => page.getByTestId('property-fade-out-input').inputValue()).toBe('0');
    await expect(page.getByTestId('property-fade-in-input').inputValue()).resolves.toBe('1');
  }, 60_000);

  it('shows each tab on desktop and phone', async () => {
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      for (const tab of ['Videos', 'Images', 'Music', 'Voiceover', 'Captions']) {
        if (await pane().isVisible()) await openTab(tab);
        await saveScreenshot(page, `media-tab-${tab.toLowerCase()}-${name}`);
      }
    }
    await page.setViewportSize(DESKTOP);
  }, 60_000);
});
