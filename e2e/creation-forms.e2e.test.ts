import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { signUpByApi } from './accounts';
import { e2eSession, saveScreenshot } from './harness';

const run = promisify(execFile);

/** A 20 s tone the test uploads as its song. */
async function makeSong(file: string) {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'sine=frequency=330:sample_rate=22050:duration=20', '-c:a', 'pcm_s16le', file],
  ]);
}

/** Uploads the song in the open form and keeps the whole of it. */
async function uploadSong(page: Page, file: string) {
  // Signed in once the balance shows (a click before the session loads asks to sign in).
  await page.getByText(/^Balance: \d+ credits$/).waitFor();
  await page.getByRole('button', { name: /Upload your song/ }).click();
  await page.getByLabel('Song file').setInputFiles(file);
  await page.getByRole('heading', { name: MESSAGES.generate.selectSegmentUpTo(60) }).waitFor();
  await page.getByRole('button', { name: 'Use this segment' }).click();
  await page.getByTestId('chosen-song').waitFor();
}

describe('the creation forms as a new user meets them', () => {
  const session = e2eSession({ viewport: { width: 1440, height: 900 } });
  let dir: string;
  let song: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-forms-e2e-'));
    song = path.join(dir, 'tone.wav');
    await makeSong(song);
    await signUpByApi(session.context, session.server.baseUrl, 'Former');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never sends a character a draft left behind to a consistent-style video', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story`);
    // A draft of the old shared form holding a singing-dancing artist, as a returning user has.
    await page.evaluate(() => {
      const artist = { type: 'premade', id: 'ava', name: 'Ava', image_url: '/media/a.jpg' };
      localStorage.setItem(
        'storyloom:music-video-draft',
        JSON.stringify({ videoType: 'consistent-style', character: artist, scene: 'Rooftop' }),
      );
      localStorage.setItem(
        'storyloom:music-video-draft:consistent-style',
        JSON.stringify({ videoType: 'consistent-style', character: artist }),
      );
    });
    await page.goto(`${server.baseUrl}/music-video/consistent-style`);
    await page.getByRole('radiogroup', { name: 'Visual style' }).waitFor();
    await uploadSong(page, song);
    await page.getByRole('radio', { name: /^(Photorealistic|Flat illustration)$/ }).click();
    // The request is read, then stopped before it reaches the server: no video is made.
    const sent = new Promise<Record<string, unknown>>((resolve) => {
      void page.route('**/stories/workflow/generate_music_video', async (route) => {
        resolve(route.request().postDataJSON() as Record<string, unknown>);
        await route.abort();
      });
    });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const body = await sent;
    expect(body).toMatchObject({
      video_type: 'consistent-style',
      video_consistent_style: 'photorealistic',
    });
    expect(body).not.toHaveProperty('character');
    expect(body).not.toHaveProperty('video_scenes');
    // The label of every style fits its card.
    const clipped = await page
      .getByRole('radiogroup', { name: 'Visual style' })
      .locator('span')
      .evaluateAll((spans) =>
        spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent),
      );
    expect(clipped).toEqual([]);
    // Each style shows its picture.
    const photo = page
      .getByRole('radio', { name: /^(Photorealistic|Flat illustration)$/ })
      .locator('img');
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'forms-consistent-style');
    await page.close();
  });

  it('shows a song pick at once, and the latest pick replaces the one before', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    // A type whose draft holds no song yet (the consistent-style one has the upload above).
    await page.goto(`${server.baseUrl}/music-video/lyrics-video`);
    const featured = page.getByRole('list', { name: 'Featured songs' });
    await featured.waitFor();
    await page.getByText(/^Balance: \d+ credits$/).waitFor();
    const names = await featured
      .locator('li')
      .evaluateAll((items) =>
        items.map((item) => item.querySelectorAll('button')[1]?.textContent ?? ''),
      );
    expect(names.length).toBeGreaterThan(1);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => aborted.push(request.url()));
    await featured.getByRole('button', { name: names[0], exact: true }).click();
    const pending = page.getByTestId('pending-song');
    await pending.waitFor({ timeout: 1000 });
    expect(await pending.textContent()).toContain(MESSAGES.generate.preparingSong(names[0]!));
    await featured.getByRole('button', { name: names[1], exact: true }).click();
    await expect.poll(() => pending.textContent(), { timeout: 1000 }).toContain(names[1]);
    expect(await pending.textContent()).toContain(MESSAGES.generate.librarySongFirstUse);
    await saveScreenshot(page, 'forms-song-pick-pending');
    // The first pick's download was abandoned.
    await expect.poll(() => aborted.some((url) => url.includes('/api/music/tracks/'))).toBe(true);
    // One segment step opens, for the latest pick (a library track is made on first use).
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 240_000 });
    expect(await page.getByRole('dialog').count()).toBe(1);
    await expect.poll(() => dialog.textContent(), { timeout: 30_000 }).toContain(names[1]);
    expect(await dialog.textContent()).not.toContain(names[0]);
    await page.getByRole('button', { name: 'Use this segment' }).click();
    await page.getByTestId('chosen-song').waitFor();
    expect(await page.getByTestId('chosen-song').textContent()).toContain(names[1]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  }, 300_000);

  it('gives the lyrics form a Suno link and the model choices', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/create/lyrics`);
    await page.getByRole('button', { name: MESSAGES.musicUrl.sunoDialogTitle }).click();
    await page.getByLabel('Music link').fill('https://www.tiktok.com/music/song-7234');
    await page.getByRole('button', { name: MESSAGES.musicUrl.grab }).click();
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.musicUrl.sunoOnly);
    await page.getByRole('button', { name: MESSAGES.musicUrl.cancel }).click();
    await page.getByRole('button', { name: 'Advanced Options' }).click();
    expect(await page.getByTestId('image-model').inputValue()).toBe('seedream4');
    expect(await page.getByTestId('video-model').inputValue()).toBe('seedance-v1');
    await page.getByTestId('image-model').selectOption('qwen-image');
    await uploadSong(page, song);
    await page.getByRole('switch', { name: 'Animated Video' }).check();
    const sent = new Promise<Record<string, unknown>>((resolve) => {
      void page.route('**/stories/workflow/generate_lyrics_to_video', async (route) => {
        resolve(route.request().postDataJSON() as Record<string, unknown>);
        await route.abort();
      });
    });
    await saveScreenshot(page, 'forms-lyrics');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await sent).toMatchObject({
      skip_video_generation: false,
      advanced_settings: { image_model_config: { model: 'qwen-image' } },
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(page, 'forms-lyrics-mobile');
    await page.close();
  });

  it('plays the chooser card clips on hover and shows pictures and messages in the forms', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/create/mv`);
    const card = page.getByRole('button', { name: /Consistent Character/ });
    await card.hover();
    const clip = card.locator('video');
    await expect
      .poll(() => clip.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2), {
        timeout: 15_000,
      })
      .toBe(true);
    await saveScreenshot(page, 'forms-chooser-hover');

    await page.goto(`${server.baseUrl}/story/create/script`);
    const script = page.getByLabel('Voice-over Script');
    await script.fill('A fox.');
    await script.fill('');
    expect(await page.getByText(MESSAGES.generate.scriptRequired).count()).toBeGreaterThan(0);
    // The narrow style grid of the settings column: every name fits its card, uncut.
    const names = page.getByRole('radiogroup', { name: 'Visual style' }).locator('button > span');
    expect(await names.count()).toBe(20);
    const cut = await names.evaluateAll((spans) =>
      spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent),
    );
    expect(cut).toEqual([]);
    await saveScreenshot(page, 'forms-explainer');

    await page.goto(`${server.baseUrl}/story/create/asmr`);
    const slime = page.getByRole('radio', { name: /Slime Play/ }).locator('img');
    await expect
      .poll(() => slime.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await slime.getAttribute('src')).toBe('/previews/asmr/Slime.jpg');
    await saveScreenshot(page, 'forms-asmr');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.baseUrl}/story/create/script`);
    await page.getByLabel('Voice-over Script').waitFor();
    await saveScreenshot(page, 'forms-explainer-mobile');
    await page.goto(`${server.baseUrl}/story/create/mv`);
    await page.getByRole('heading', { name: MESSAGES.generate.chooseMusicVideoType }).waitFor();
    await saveScreenshot(page, 'forms-chooser-mobile');
    await page.close();
  });
});
