import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, generateExplainer, signUpByApi } from './accounts';
import {
  launchBrowser,
  resultsDir,
  saveScreenshot,
  startServer,
  type StartedServer,
} from './harness';

const run = promisify(execFile);
const DESKTOP = { width: 1440, height: 900 };
/** The machine is shared: give the page up to 10 s to show a change. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

const SCRIPT =
  'A lighthouse keeper climbs the stairs at dusk. She lights the great lamp for the ships. A small boat finds its way home through the fog.';

interface TimelineItemJson {
  id: string;
  type: string;
  startTimeInFrames: number;
  durationInFrames: number;
  volume?: number;
  mediaAssetId?: string | null;
}
interface TrackJson {
  id: string;
  type: string;
  subtype?: string;
  isPrimary?: boolean;
  items: TimelineItemJson[];
}
interface StoryJson {
  id: string;
  status: string;
  version: number;
  video_editor_timeline: {
    tracks: TrackJson[];
    mediaAssets: { id: string; url: string; resource_type: string }[];
    globalConfig: { fps: number };
  } | null;
}

/** A track's items as [type, start, duration] rounded, to compare exact states. */
const layout = (tracks: TrackJson[]) =>
  tracks.map((t) =>
    t.items.map((i) => [
      i.id,
      Math.round(i.startTimeInFrames),
      Math.round(i.durationInFrames),
      i.volume ?? 1,
    ]),
  );

describe('the video editor', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let workDir: string;
  let story: StoryJson;
  let imageAssetId: string;

  let api: ReturnType<typeof apiOf>;

  async function storyNow(): Promise<StoryJson> {
    return (await api<StoryJson>('GET', `/stories/${story.id}`)).body;
  }

  /** The timeline the page holds, read from its store through the DOM it renders. */
  async function domLayout(page: Page) {
    return page.locator('[data-track-id]').evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll<HTMLElement>('[data-item-id]')).map((el) => ({
          id: el.dataset.itemId!,
          volume: el.dataset.volume,
          left: Math.round(el.getBoundingClientRect().left),
          width: Math.round(el.getBoundingClientRect().width),
        })),
      ),
    );
  }

  async function openEditor(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/editor?story_id=${story.id}&view=video-editor`);
    await page.getByTestId('video-editor').waitFor();
    await page.locator('[data-track-id]').first().waitFor();
    return page;
  }

  async function waitSaved(page: Page) {
    const status = page.getByTestId('sync-status');
    await expect
      .poll(
        async () => {
          const state = await status.getAttribute('data-state');
          // An error says why, in the failure message.
          return state === 'error' ? `error: ${await status.textContent()}` : state;
        },
        { timeout: 15_000 },
      )
      .toBe('saved');
  }

  /** Sum of the canvas's pixels in a grid of samples: changes when the picture changes. */
  async function canvasSignature(page: Page) {
    return page.getByTestId('editor-canvas').evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d')!;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4 * 997)
        sum += data[i]! + 3 * data[i + 1]! + 7 * data[i + 2]!;
      return sum;
    });
  }

  const primaryRow = (page: Page) => page.locator('[data-track-id][data-primary="true"]');
  const primaryAssets = (page: Page) =>
    primaryRow(page)
      .locator('[data-item-id]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.assetId ?? ''));

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'storyloom-e2e-editor-'));
    server = await startServer({ env: { EXPORT_MAX_SIDE: '1920' } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    api = apiOf(context, server.baseUrl);
    await signUpByApi(context, server.baseUrl, 'Edith');
    await context.addInitScript(() => {
      // A taller timeline, so every track is on screen.
      window.localStorage.setItem('storyloom.editor.timelineHeight', '420');
    });
    // Measures the sound each item's GainNode lets through (the player's own Web Audio graph):
    // the page's media-element sources are recorded with the gain they feed.
    await context.addInitScript(`
      const gains = new Map();
      const sources = new WeakMap();
      const create = AudioContext.prototype.createMediaElementSource;
      AudioContext.prototype.createMediaElementSource = function (element) {
        const node = create.call(this, element);
        sources.set(node, element.dataset.mediaFor);
        return node;
      };
      const connect = AudioNode.prototype.connect;
      AudioNode.prototype.connect = function (destination, ...rest) {
        const item = sources.get(this);
        if (item && destination instanceof GainNode) gains.set(item, destination);
        return connect.call(this, destination, ...rest);
      };
      window.__soundLevel = async (itemId) => {
        const gain = gains.get(itemId);
        if (!gain) return 0;
        const analyser = gain.context.createAnalyser();
        gain.connect(analyser);
        const data = new Float32Array(analyser.fftSize);
        let sum = 0;
        let count = 0;
        for (let i = 0; i < 8; i++) {
          await new Promise((resolve) => setTimeout(resolve, 40));
          analyser.getFloatTimeDomainData(data);
          for (const value of data) sum += value * value;
          count += data.length;
        }
        gain.disconnect(analyser);
        return Math.sqrt(sum / count);
      };
    `);
    const storyId = await generateExplainer(api, SCRIPT);
    story = (await api<StoryJson>('GET', `/stories/${storyId}`)).body;
    // A picture of our own for the media pane: the first shot's picture, mirrored and
    // recoloured by ffmpeg (a natural picture: flat synthetic colour bars lose more than 3 %
    // SSIM to the H.264 encoding's chroma subsampling alone).
    const firstPicture = story.video_editor_timeline!.mediaAssets.find(
      (a) => a.resource_type === 'image',
    )!;
    const source = join(workDir, 'source.jpg');
    const picture = await context.request.get(`${server.baseUrl}${firstPicture.url}`);
    expect(picture.status()).toBe(200);
    await writeFile(source, await picture.body());
    const png = join(workDir, 'pattern.png');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', source],
      ...['-vf', 'hflip,hue=h=150:s=1.4,scale=960:-2', '-frames:v', '1', png],
    ]);
    const upload = await context.request.post(`${server.baseUrl}/api/media/upload_image`, {
      headers: { origin: server.baseUrl },
      multipart: {
        file: { name: 'pattern.png', mimeType: 'image/png', buffer: await readFile(png) },
      },
    });
    expect(upload.status()).toBe(200);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    // The picture joins the story's media library.
    imageAssetId = 'pattern-upload';
    const timeline = story.video_editor_timeline!;
    const added = await api<{ version: number }>('POST', `/stories/${story.id}/sync`, {
      base_version: story.version,
      shots_map: {},
      video_editor_timeline: {
        ...timeline,
        // Watermark off, so the export can be compared with the preview (which never has it);
        // the second shot fades in.
        globalConfig: {
          ...timeline.globalConfig,
          watermark: { enabled: false, type: 'storyloom' },
        },
        tracks: timeline.tracks.map((track) =>
          track.isPrimary
            ? {
                ...track,
                items: track.items.map((item, index) =>
                  index === 1
                    ? { ...item, effects: [{ type: 'fade-in', durationInFrames: 20 }] }
                    : item,
                ),
              }
            : track,
        ),
        mediaAssets: [
          ...timeline.mediaAssets,
          { id: imageAssetId, url: imageUrl, resource_type: 'image', title: 'Mirrored picture' },
        ],
      },
    });
    expect(added.status).toBe(200);
    story = await storyNow();
  }, 200_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('plays, edits by pointer and keyboard, undoes, syncs, refuses a stale save and exports', async () => {
    const page = await openEditor();
    const clock = page.getByTestId('editor-clock');
    const primary = story.video_editor_timeline!.tracks.find((t) => t.isPrimary)!;
    expect(primary.items.length).toBeGreaterThanOrEqual(2);
    const totalBefore = Number(await clock.getAttribute('data-total-frames'));
    expect(totalBefore).toBe(
      Math.max(
        ...story.video_editor_timeline!.tracks.flatMap((t) =>
          t.items.map((i) => i.startTimeInFrames + i.durationInFrames),
        ),
      ),
    );
    await saveScreenshot(page, 'editor-desktop');

    // Play: the clock advances and the canvas changes.
    await poll(() => canvasSignature(page)).toBeGreaterThan(0);
    const before = await canvasSignature(page);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await poll(() => clock.getAttribute('data-frame').then(Number)).toBeGreaterThan(45);
    await poll(() => canvasSignature(page)).not.toBe(before);
    await page.keyboard.press('Space');
    await poll(() => page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
    const paused = Number(await clock.getAttribute('data-frame'));
    await page.keyboard.press('ArrowRight');
    await poll(() => clock.getAttribute('data-frame').then(Number)).toBe(paused + 1);

    // Drop the picture between the two shots (left quarter of the second: insert before).
    const asset = page.getByTestId('media-pane').getByRole('tab', { name: 'Images' });
    await asset.click();
    const tile = page.locator(`[data-testid="media-asset"][data-asset-id="${imageAssetId}"]`);
    const second = primaryRow(page).locator('[data-item-id]').nth(1);
    const secondBox = (await second.boundingBox())!;
    await tile.dragTo(second, { targetPosition: { x: 6, y: secondBox.height / 2 } });
    const shotAssets = primary.items.map((i) => i.mediaAssetId ?? '');
    await poll(() => primaryAssets(page)).toEqual([
      shotAssets[0],
      imageAssetId,
      ...shotAssets.slice(1),
    ]);
    expect((await domLayout(page)).flat()).toHaveLength(
      story.video_editor_timeline!.tracks.flatMap((t) => t.items).length + 1,
    );

    // Drop it onto the middle of the first shot: it replaces it.
    const first = primaryRow(page).locator('[data-item-id]').first();
    const firstBox = (await first.boundingBox())!;
    await tile.dragTo(first, {
      targetPosition: { x: firstBox.width / 2, y: firstBox.height / 2 },
    });
    await poll(() => primaryAssets(page)).toEqual([
      imageAssetId,
      imageAssetId,
      ...shotAssets.slice(1),
    ]);
    const afterReplace = await domLayout(page);

    // Trim the last shot from its left edge: it gets shorter and what follows moves left.
    const pIndex = await page
      .locator('[data-track-id]')
      .evaluateAll((rows) => rows.findIndex((r) => (r as HTMLElement).dataset.primary === 'true'));
    const target = primaryRow(page).locator('[data-item-id]').nth(1);
    const handle = target.getByTestId('trim-start');
    const hb = (await handle.boundingBox())!;
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
    await page.mouse.down();
    await page.mouse.move(hb.x + 30, hb.y + hb.height / 2, { steps: 5 });
    await page.mouse.move(hb.x + 60, hb.y + hb.height / 2, { steps: 5 });
    await page.mouse.up();
    const afterTrim = await domLayout(page);
    const rowBefore = afterReplace[pIndex]!;
    const rowAfter = afterTrim[pIndex]!;
    expect(rowAfter[1]!.width).toBeLessThan(rowBefore[1]!.width - 40);
    expect(rowAfter[1]!.left).toBe(rowBefore[1]!.left);
    const shift = rowBefore[2]!.left - rowAfter[2]!.left;
    expect(shift).toBeGreaterThan(40);
    expect(rowBefore[1]!.width - rowAfter[1]!.width).toBeCloseTo(shift, -1);

    // The music sounds through Web Audio at its volume: halving the volume with Down lowers the
    // level its gain lets through, measured while playing the same moment.
    const musicTrack = story.video_editor_timeline!.tracks.find((t) => t.subtype === 'music')!;
    const musicPiece = musicTrack.items.reduce((a, b) =>
      b.durationInFrames > a.durationInFrames ? b : a,
    );
    const musicId = musicPiece.id;
    const musicItem = page.locator(`[data-item-id="${musicId}"]`);
    const musicFrame = Math.round(musicPiece.startTimeInFrames + musicPiece.durationInFrames / 2);
    const soundLevel = async () => {
      const ruler = page.getByTestId('timeline-ruler');
      const perFrame = Number(await ruler.getAttribute('data-pixels-per-frame'));
      const originX = Number(await ruler.getAttribute('data-origin-x'));
      const rb = (await ruler.boundingBox())!;
      await page.mouse.click(rb.x + originX + (musicFrame + 0.5) * perFrame, rb.y + 20);
      await poll(() => clock.getAttribute('data-frame').then(Number)).toBeGreaterThan(
        musicFrame - 3,
      );
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      const measure = () =>
        page.evaluate(
          (id) =>
            (window as unknown as { __soundLevel(id: string): Promise<number> }).__soundLevel(id),
          musicId,
        );
      await poll(measure).toBeGreaterThan(0.002);
      // The loudest of four windows: a busy machine may stall the element in one of them.
      let level = 0;
      for (let i = 0; i < 4; i++) level = Math.max(level, await measure());
      await page.getByRole('button', { name: 'Pause' }).click();
      return level;
    };
    const levelVolume = () => page.getByTestId('property-volume').textContent();
    await musicItem.click();
    await poll(levelVolume).toMatch(/^\d+%$/);
    const fullVolume = parseInt((await levelVolume())!, 10);
    const loud = await soundLevel();
    await musicItem.click();
    let presses = 0;
    while (parseInt((await levelVolume())!, 10) > fullVolume / 2) {
      await page.keyboard.press('ArrowDown');
      presses++;
      await poll(levelVolume).toBe(`${fullVolume - presses * 5}%`);
    }
    const quiet = await soundLevel();
    const ratio = (fullVolume - presses * 5) / fullVolume;
    console.log(
      `music level ${loud.toFixed(4)} at ${fullVolume}%, ${quiet.toFixed(4)} at ${fullVolume - presses * 5}%`,
    );
    expect(quiet).toBeLessThan(loud * (ratio + 0.2));
    expect(quiet).toBeGreaterThan(loud * (ratio - 0.2));
    await musicItem.click();
    for (let i = 1; i <= presses; i++) {
      await page.keyboard.press('ArrowUp');
      await poll(levelVolume).toBe(`${fullVolume - (presses - i) * 5}%`);
    }

    // Volume of the music with Up/Down.
    const music = page.locator('[data-track-id][data-track-type="audio"] [data-item-id]').last();
    await music.click();
    const volumeText = () => page.getByTestId('property-volume').textContent();
    await poll(volumeText).toMatch(/^\d+%$/);
    const startVolume = parseInt((await volumeText())!, 10);
    expect(startVolume).toBeGreaterThanOrEqual(20);
    await page.keyboard.press('ArrowDown');
    await poll(volumeText).toBe(`${startVolume - 5}%`);
    const afterDown1 = await domLayout(page);
    await page.keyboard.press('ArrowDown');
    await poll(volumeText).toBe(`${startVolume - 10}%`);
    const afterDown2 = await domLayout(page);
    await page.keyboard.press('ArrowUp');
    await poll(volumeText).toBe(`${startVolume - 5}%`);
    const afterVolume = await domLayout(page);

    // Delete the inserted picture with the context menu.
    const inserted = primaryRow(page).locator('[data-item-id]').nth(1);
    const deletedId = await inserted.getAttribute('data-item-id');
    await inserted.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await poll(() => page.locator(`[data-item-id="${deletedId}"]`).count()).toBe(0);
    const afterDelete = await domLayout(page);

    // Undo three times, redo twice: exact states (then redo the delete again).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await poll(() => domLayout(page)).toEqual(afterVolume);
    await page.keyboard.press('Control+z');
    await poll(() => domLayout(page)).toEqual(afterDown2);
    await page.keyboard.press('Control+z');
    await poll(() => domLayout(page)).toEqual(afterDown1);
    await page.keyboard.press('Control+y');
    await poll(() => domLayout(page)).toEqual(afterDown2);
    await page.keyboard.press('Control+Shift+Z');
    await poll(() => domLayout(page)).toEqual(afterVolume);
    await page.keyboard.press('Control+y');
    await poll(() => domLayout(page)).toEqual(afterDelete);
    expect(afterTrim).not.toEqual(afterDown1);
    await saveScreenshot(page, 'editor-after-edits');

    // Saved on the server: a reload shows every edit.
    await waitSaved(page);
    const saved = await storyNow();
    expect(saved.version).toBeGreaterThan(story.version);
    await page.reload();
    await page.locator('[data-track-id]').first().waitFor();
    await poll(() => domLayout(page)).toEqual(afterDelete);
    const savedLayout = layout(saved.video_editor_timeline!.tracks);

    // Two pages: the second's save is stale and refused; nothing is lost.
    const other = await openEditor();
    await poll(() => domLayout(other)).toEqual(afterDelete);
    const musicA = page.locator('[data-track-id][data-track-type="audio"] [data-item-id]').last();
    await musicA.click();
    await page.keyboard.press('ArrowDown');
    await waitSaved(page);
    const afterA = await storyNow();
    const musicB = other.locator('[data-track-id][data-track-type="audio"] [data-item-id]').last();
    await musicB.click();
    await other.keyboard.press('ArrowUp');
    await other.keyboard.press('ArrowUp');
    await expect
      .poll(() => other.getByTestId('sync-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('conflict');
    expect(await other.getByTestId('sync-status').textContent()).toContain(
      'This story was changed in another tab. Reload to get the latest version.',
    );
    expect(await other.getByTestId('property-volume').textContent()).toBe(`${startVolume + 5}%`);
    const server = await storyNow();
    expect(server.version).toBe(afterA.version);
    expect(layout(server.video_editor_timeline!.tracks)).toEqual(
      layout(afterA.video_editor_timeline!.tracks),
    );
    expect(layout(afterA.video_editor_timeline!.tracks)).not.toEqual(savedLayout);
    await saveScreenshot(other, 'editor-conflict');
    // "Keep my changes": the second page's nudges go again on the newer version and save.
    await other.getByRole('button', { name: 'Keep my changes', exact: true }).click();
    await expect
      .poll(() => other.getByTestId('sync-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('saved');
    const kept = await storyNow();
    expect(kept.version).toBe(afterA.version + 1);
    const keptMusic = kept
      .video_editor_timeline!.tracks.filter((t) => t.type === 'audio')
      .at(-1)!
      .items.at(-1)!;
    expect(await other.getByTestId('property-volume').textContent()).toBe(
      `${Math.round((keptMusic.volume ?? 1) * 100)}%`,
    );
    await saveScreenshot(other, 'editor-conflict-kept');
    await other.close();
    // The first page takes the kept version before it edits again.
    await page.reload();
    await page.locator('[data-track-id]').first().waitFor();

    // Export from the editor: the MP4 lasts as long as the timeline.
    const total = Number(await clock.getAttribute('data-total-frames'));
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByTestId('export-button').click();
    await poll(() => page.getByTestId('export-progress').count()).toBe(1);
    const file = await download;
    expect(file.suggestedFilename()).toBe('download.mp4');
    const mp4 = join(workDir, 'download.mp4');
    await file.saveAs(mp4);
    const probe = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
      ...['-show_entries', 'stream=nb_read_frames,r_frame_rate', '-of', 'json', mp4],
    ]);
    const stream = (JSON.parse(probe.stdout) as { streams: { nb_read_frames: string }[] })
      .streams[0]!;
    expect(Number(stream.nb_read_frames)).toBe(total);

    // Preview equals export: the canvas and the MP4 at the same frames (moving pictures,
    // captions, the fade) agree with SSIM ≥ 0.97 (watermark off in the timeline).
    const ruler = page.getByTestId('timeline-ruler');
    const perFrame = Number(await ruler.getAttribute('data-pixels-per-frame'));
    const originX = Number(await ruler.getAttribute('data-origin-x'));
    const rulerBox = (await ruler.boundingBox())!;
    const scores: number[] = [];
    for (const fraction of [0.08, 0.3, 0.52, 0.61, 0.9]) {
      const frame = Math.round(total * fraction);
      await page.mouse.click(rulerBox.x + originX + (frame + 0.5) * perFrame, rulerBox.y + 20);
      const at = Number(await clock.getAttribute('data-frame'));
      for (let i = 0; i < Math.abs(frame - at); i++)
        await page.keyboard.press(frame > at ? 'ArrowRight' : 'ArrowLeft');
      const canvas = page.getByTestId('editor-canvas');
      await poll(() => canvas.getAttribute('data-frame').then(Number)).toBe(frame);
      await poll(() => canvas.getAttribute('data-ready')).toBe('true');
      const dataUrl = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL('image/png'));
      // Kept with the screenshots, to look at when a score is low.
      const preview = join(resultsDir, `editor-preview-${frame}.png`);
      await writeFile(preview, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
      const exported = join(resultsDir, `editor-export-${frame}.png`);
      await run('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-i', mp4],
        ...['-vf', `select=eq(n\\,${frame})`, '-frames:v', '1', exported],
      ]);
      const ssim = await run('ffmpeg', [
        ...['-hide_banner', '-i', preview, '-i', exported],
        // SSIM on luma, as the measure is defined: the 4:2:0 export keeps a quarter of the
        // colour resolution, which the browser's RGB canvas does not lose.
        ...['-lavfi', '[0]format=gray[a];[1]format=gray[b];[a][b]ssim', '-f', 'null', '-'],
      ]);
      const score = Number(/All:([0-9.]+)/.exec(ssim.stderr)?.[1]);
      scores.push(score);
    }
    console.log(`preview vs export SSIM: ${scores.map((s) => s.toFixed(4)).join(', ')}`);
    for (const score of scores) expect(score).toBeGreaterThanOrEqual(0.97);

    // Dragging a multi-selection shows at most 5 thumbnails and the count of items moved.
    const rows = await page
      .locator('[data-track-id]')
      .evaluateAll((els) => els.map((el) => el.querySelectorAll('[data-item-id]').length));
    const busiest = page.locator('[data-track-id]').nth(rows.indexOf(Math.max(...rows)));
    const picked = Math.min(6, Math.max(...rows));
    expect(picked).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Escape');
    await busiest.locator('[data-item-id]').first().click();
    for (let i = 1; i < picked; i++)
      await busiest
        .locator('[data-item-id]')
        .nth(i)
        .click({ modifiers: ['Shift'] });
    await poll(() => page.locator('[data-item-id][aria-selected="true"]').count()).toBe(picked);
    const grab = (await busiest.locator('[data-item-id]').first().boundingBox())!;
    await page.mouse.move(grab.x + grab.width / 2, grab.y + grab.height / 2);
    await page.mouse.down();
    await page.mouse.move(grab.x + grab.width / 2 + 60, grab.y + grab.height / 2 + 30, {
      steps: 6,
    });
    const preview = page.getByTestId('multi-drag-preview');
    await poll(() => preview.count()).toBe(1);
    expect(await preview.getByTestId('multi-drag-thumbnail').count()).toBe(Math.min(5, picked));
    expect(await preview.getByTestId('multi-drag-count').textContent()).toBe(String(picked));
    await saveScreenshot(page, 'editor-multi-drag');
    await page.mouse.up();
    await poll(() => preview.count()).toBe(0);
  });
});
