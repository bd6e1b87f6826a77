import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textWords } from '@storyloom/pipeline';
import { unseenVoiceWav, wordAccuracy } from '@storyloom/pipeline/test-speech';
import { apiOf, generateExplainer, signUpByApi } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const DESKTOP = { width: 1440, height: 900 };
const SCRIPT =
  'The old lighthouse stands on the rocks. Every night its lamp guides the boats home.';
/** A sentence the story does not contain, read by a voice Storyloom never uses, padded by 1 s. */
const UNSEEN_SENTENCE = 'The farmer sold fresh apples and warm bread at the market every morning.';
const PAD_SECONDS = 1;

interface CaptionItemJson {
  id: string;
  type: string;
  startTimeInFrames: number;
  durationInFrames: number;
  mediaAssetId?: string | null;
  caption?: { data: { text: string }; style?: Record<string, unknown> };
}
interface StoryJson {
  id: string;
  video_editor_timeline: {
    tracks: { id: string; type: string; items: CaptionItemJson[] }[];
    globalConfig: { fps: number; captions: { enabled: boolean; style?: Record<string, unknown> } };
  } | null;
}

describe('captions in the video editor', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let storyId: string;
  let speech: { wav: Buffer; seconds: number };

  let api: ReturnType<typeof apiOf>;

  const captionsOf = (story: StoryJson) =>
    story.video_editor_timeline!.tracks.filter((t) => t.type === 'caption').flatMap((t) => t.items);

  async function waitSaved(page: Page) {
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('saved');
  }

  /** Sum of the canvas's pixels in a grid of samples: changes when the picture changes. */
  async function canvasSignature(page: Page) {
    return page.getByTestId('editor-canvas').evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4 * 331)
        sum += data[i]! + 3 * data[i + 1]! + 7 * data[i + 2]!;
      return sum;
    });
  }

  /** Moves the playhead onto caption `index` (its time button) and waits for the frame. */
  async function showCaption(page: Page, index: number) {
    await page.getByTestId('caption-row').nth(index).getByRole('button').first().click();
    await expect
      .poll(() => page.getByTestId('caption-row').nth(index).getAttribute('data-current'))
      .toBe('true');
    await page.waitForTimeout(300); // two animation frames and the font swap
    return canvasSignature(page);
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    api = apiOf(context, server.baseUrl);
    await signUpByApi(context, server.baseUrl, 'Cap');
    [storyId, speech] = await Promise.all([
      generateExplainer(api, SCRIPT),
      unseenVoiceWav(UNSEEN_SENTENCE, PAD_SECONDS),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('detects captions, then restyles every caption from the Caption Editor', async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/editor?story_id=${storyId}&view=video-editor`);
    await page.getByTestId('video-editor').waitFor();
    await page.getByRole('tab', { name: 'Captions' }).click();

    // Detection: the price is on the button; the detected captions replace the old ones.
    const detect = page.getByTestId('detect-caption');
    await expect.poll(() => detect.textContent()).toMatch(/^(Redetect|Detect) Caption\d+$/);
    const before = captionsOf((await api<StoryJson>('GET', `/stories/${storyId}`)).body).map(
      (c) => c.id,
    );
    await saveScreenshot(page, 'captions-tab-1440');
    await detect.click();
    await expect
      .poll(() => detect.textContent(), { timeout: 60_000 })
      .toMatch(/^Redetect Caption\d+$/);
    await waitSaved(page);
    const detected = captionsOf((await api<StoryJson>('GET', `/stories/${storyId}`)).body);
    expect(detected.length).toBeGreaterThanOrEqual(2);
    expect(detected.map((c) => c.id).some((id) => before.includes(id))).toBe(false);
    const words = detected.map((c) => c.caption!.data.text.toLowerCase()).join(' ');
    for (const word of ['lighthouse', 'rocks', 'lamp', 'boats']) expect(words).toContain(word);

    // Two captions as the player shows them now.
    const first = await showCaption(page, 0);
    const second = await showCaption(page, 1);
    await expect.poll(() => page.getByTestId('caption-editor').isVisible()).toBe(true);

    // 'Apply to all captions' is on: font, size and preset go to every caption.
    await page.getByLabel('Font family').selectOption('Oswald');
    await page.getByTestId('size-input').fill('40');
    await page.getByLabel('Caption preset').selectOption('white_blue_bg');
    await waitSaved(page);
    await saveScreenshot(page, 'caption-editor-1440');
    expect(await showCaption(page, 1)).not.toBe(second);
    expect(await showCaption(page, 0)).not.toBe(first);
    const styled = (await api<StoryJson>('GET', `/stories/${storyId}`)).body;
    for (const caption of captionsOf(styled))
      expect(caption.caption?.style).toMatchObject({
        fontFamily: 'Oswald',
        fontSize: 40,
        backgroundColor: 'rgba(37, 99, 235, 1.00)',
      });
    expect(styled.video_editor_timeline!.globalConfig.captions.style).toMatchObject({
      fontFamily: 'Oswald',
    });

    // Undo puts the previous style back on every caption.
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await waitSaved(page);
    const undone = (await api<StoryJson>('GET', `/stories/${storyId}`)).body;
    for (const caption of captionsOf(undone))
      expect(caption.caption?.style?.backgroundColor).not.toBe('rgba(37, 99, 235, 1.00)');

    // Any language and emoji: click the text to edit it, Enter commits; the player fetches the
    // bundled Noto fonts (the exporter's files) and draws the glyphs with them.
    await page.getByTestId('caption-text').first().click();
    await page.getByLabel('Caption text').first().fill('東京の夜 مرحبا 🎉');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('caption-text').first().textContent())
      .toBe('東京の夜 مرحبا 🎉');
    await showCaption(page, 0);
    for (const family of ['Noto Sans JP', 'Noto Sans Arabic', 'Noto Color Emoji'])
      await expect
        .poll(
          () =>
            page.evaluate((f) => {
              let loaded = false;
              document.fonts.forEach((face) => {
                if (face.family.replaceAll('"', '') === f && face.status === 'loaded')
                  loaded = true;
              });
              return loaded;
            }, family),
          // Megabytes of font on a shared machine.
          { timeout: 30_000 },
        )
        .toBe(true);
    await saveScreenshot(page, 'captions-languages-1440');
    // Escape puts the text back.
    await page.getByTestId('caption-text').nth(1).click();
    await page.getByLabel('Caption text').first().fill('not kept');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('caption-text').nth(1).textContent()).not.toBe('not kept');
  });
  it('recognises an uploaded voice-over it has never heard and places its captions in time', async () => {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/editor?story_id=${storyId}&view=video-editor`);
    await page.getByTestId('video-editor').waitFor();
    await page.locator('[data-track-id]').first().waitFor();

    // Upload the WAV in the Voiceover tab, then drop it below the last track: a new track.
    const pane = page.getByTestId('media-pane');
    await pane.getByRole('tab', { name: 'Voiceover' }).click();
    await page
      .getByTestId('media-file-input')
      .setInputFiles({ name: 'market.wav', mimeType: 'audio/wav', buffer: speech.wav });
    const voice = pane.locator('[data-testid="media-asset"][data-asset-type="audio"]', {
      hasText: 'market.wav',
    });
    await voice.waitFor({ timeout: 30_000 });
    await expect.poll(() => pane.getByTestId('upload-tile').count(), { timeout: 30_000 }).toBe(0);
    const assetId = (await voice.getAttribute('data-asset-id'))!;
    await voice.dragTo(page.locator('[data-insert-index]').last());
    await expect
      .poll(() => page.locator(`[data-item-id][data-asset-id="${assetId}"]`).count())
      .toBe(1);
    await waitSaved(page);

    // Detect: the story's own voice-over is aligned to its script; the upload is recognised.
    await pane.getByRole('tab', { name: 'Captions' }).click();
    const detect = page.getByTestId('detect-caption');
    await expect.poll(() => detect.isEnabled()).toBe(true);
    await detect.click();
    await expect
      .poll(() => detect.textContent(), { timeout: 90_000 })
      .toMatch(/^Redetect Caption\d+$/);
    await waitSaved(page);

    const { tracks, globalConfig } = (await api<StoryJson>('GET', `/stories/${storyId}`)).body
      .video_editor_timeline!;
    const source = tracks.findIndex((t) => t.items.some((i) => i.mediaAssetId === assetId));
    expect(source).toBeGreaterThanOrEqual(0);
    const voiceItem = tracks[source]!.items[0]!;
    const captions = tracks[source + 1]!;
    expect(captions.type).toBe('caption');
    const heard = captions.items.flatMap((c) => textWords(c.caption!.data.text));
    expect(wordAccuracy(textWords(UNSEEN_SENTENCE), heard)).toBeGreaterThanOrEqual(0.8);
    // Every caption lies inside the speech: after the leading and before the trailing silence.
    const fps = globalConfig.fps;
    for (const caption of captions.items) {
      expect(caption.startTimeInFrames).toBeGreaterThanOrEqual(
        voiceItem.startTimeInFrames + (PAD_SECONDS - 0.2) * fps,
      );
      expect(caption.startTimeInFrames + caption.durationInFrames).toBeLessThanOrEqual(
        voiceItem.startTimeInFrames + (speech.seconds - PAD_SECONDS + 0.2) * fps,
      );
    }
    await saveScreenshot(page, 'captions-uploaded-voice-1440');
  }, 180_000);
});
