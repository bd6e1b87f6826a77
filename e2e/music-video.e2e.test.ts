import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { signUpThroughForm } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const run = promisify(execFile);

/** A 40 s song the test makes: a click every beat at 110 BPM over a quiet chord, as WAV. */
async function makeSong(file: string) {
  const beat = 60 / 110;
  const click = `0.6*sin(2*PI*1000*t)*exp(-50*mod(t\\,${beat}))`;
  const chord = '0.06*sin(2*PI*196*t)+0.05*sin(2*PI*246.94*t)+0.04*sin(2*PI*293.66*t)';
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `aevalsrc=${click}+${chord}:s=22050:d=40`, '-c:a', 'pcm_s16le', file],
  ]);
}

describe('a music video, from the type chooser to a playable MP4', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-mv-e2e-'));
    await makeSong(path.join(dir, 'click-song.wav'));
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('chooses a type, uploads and trims a song, creates and plays the video', async () => {
    const page = await context.newPage();
    await signUpThroughForm(page, server.baseUrl, 'Musician');
    await page.waitForURL(/\/story$/);
    await page.goto(`${server.baseUrl}/story/create/mv`);
    await page.getByRole('heading', { name: MESSAGES.generate.chooseMusicVideoType }).waitFor();
    await saveScreenshot(page, 'music-video-chooser');
    await page.getByRole('button', { name: /Consistent Style/ }).click();
    await page.waitForURL(/\/music-video\/consistent-style$/);
    expect(await page.getByTestId('music-video-type').textContent()).toBe('Consistent Style');

    // Re-select replaces the address without a reload; the form stays.
    await page.getByRole('button', { name: 'Re-select' }).click();
    await page.getByRole('button', { name: /Singing and Dancing/ }).click();
    await page.waitForURL(/\/music-video\/singing-dancing$/);
    await page.getByLabel('Set the Scene').waitFor();
    expect(await page.getByRole('radio', { name: '1:1' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Re-select' }).click();
    await page.getByRole('button', { name: /Consistent Style/ }).click();
    await page.waitForURL(/\/music-video\/consistent-style$/);
    await expect.poll(() => page.getByRole('radio', { name: '1:1' }).count()).toBe(0);
    const create = page.getByRole('button', { name: 'Create', exact: true });
    expect(await create.isDisabled()).toBe(true);

    // A music link is checked as it is typed, before anything is asked of the server.
    await page.getByRole('button', { name: MESSAGES.musicUrl.dialogTitle }).click();
    const grab = page.getByRole('button', { name: MESSAGES.musicUrl.grab });
    expect(await grab.isDisabled()).toBe(true);
    await page.getByLabel('Music link').fill('https://example.com/song/1');
    await grab.click();
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.musicUrl.unsupportedHost);
    await saveScreenshot(page, 'music-link-dialog');
    await page.getByRole('button', { name: MESSAGES.musicUrl.cancel }).click();

    // The song: checked, decoded in the browser, drawn, and a segment picked with the keys.
    await page.getByRole('button', { name: /Upload your song/ }).click();
    await page.getByRole('heading', { name: 'Upload Your Song (Up to 25 MB)' }).waitFor();
    await page.getByLabel('Song file').setInputFiles(path.join(dir, 'click-song.wav'));
    // The server's default longest segment is 60 s: the title says so.
    await page.getByRole('heading', { name: MESSAGES.generate.selectSegmentUpTo(60) }).waitFor();
    expect(MESSAGES.generate.selectSegmentUpTo(60)).toBe('Select a Song Segment (Up to 1 minute)');
    // The waveform is drawn: some of its pixels are not the background.
    await expect
      .poll(() =>
        page
          .getByTestId('song-waveform')
          .locator('canvas')
          .evaluate((canvas: HTMLCanvasElement) => {
            const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
            let drawn = 0;
            for (let i = 3; i < data.data.length; i += 4) if (data.data[i]! > 0) drawn++;
            return drawn;
          }),
      )
      .toBeGreaterThan(1000);
    const times = page.getByTestId('segment-times');
    expect(await times.textContent()).toContain('(40.0 s)');
    const start = page.getByRole('slider', { name: 'Segment start' });
    const end = page.getByRole('slider', { name: 'Segment end' });
    await start.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await times.textContent()).toContain('(29.0 s)');
    await end.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+ArrowLeft');
    // 11 s to 19.9 s: too short, with the spec's message, and it cannot be used.
    expect(await times.textContent()).toContain('(8.9 s)');
    expect(await page.getByRole('alert').textContent()).toBe(
      MESSAGES.generate.trimTooShort('0:08'),
    );
    expect(await page.getByRole('button', { name: 'Use this segment' }).isDisabled()).toBe(true);
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+ArrowRight');
    expect(await times.textContent()).toContain('(14.0 s)');
    await page.getByTestId('song-segment').focus();
    await page.keyboard.press('ArrowRight');
    expect(await times.textContent()).toContain('0:12 – 0:26 (14.0 s)');
    await saveScreenshot(page, 'music-video-song-segment');
    await page.getByRole('button', { name: 'Use this segment' }).click();
    const chosen = page.getByTestId('chosen-song');
    await chosen.waitFor();
    expect(await chosen.textContent()).toContain('(14.0 s)');

    await page.getByRole('radio', { name: 'Watercolor' }).click();
    await page.getByRole('radio', { name: '9:16' }).click();
    // 14 s: 3 shots and a B-roll cutaway; 25 + 20 + 10 for one analysis unit, 15 a picture,
    // 100 a clip.
    expect(await page.getByTestId('credit-estimate').textContent()).toBe(
      'Create: 515 credits · Preview: 115 credits',
    );
    await saveScreenshot(page, 'music-video-form');
    expect(await create.isDisabled()).toBe(false);
    await create.click();

    await page.waitForURL(/\/story\/create\/workflow\/[0-9a-f-]{36}\?category_id=music_video$/);
    const runId = /workflow\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.getByText(MESSAGES.generate.musicVideoStarted(runId)).waitFor();
    await page.getByRole('list', { name: 'Progress' }).waitFor();
    await page.getByRole('heading', { name: 'Your story is ready' }).waitFor({ timeout: 90_000 });
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
    expect(Math.abs(duration - 14)).toBeLessThan(0.1);
    // It plays: time moves on.
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0.2);
    await saveScreenshot(page, 'music-video-ready');

    // The lyrics form with an uploaded song and Animated Video on: its estimate.
    await page.goto(`${server.baseUrl}/story/create/lyrics`);
    await page.getByRole('heading', { name: 'Lyrics Video' }).waitFor();
    await page.getByRole('button', { name: /Upload your song/ }).click();
    await page.getByLabel('Song file').setInputFiles(path.join(dir, 'click-song.wav'));
    await page.getByRole('slider', { name: 'Segment end' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Use this segment' }).click();
    await page.getByTestId('chosen-song').waitFor();
    await page.getByRole('switch', { name: 'Animated Video' }).check();
    // 15 s: 3 shots of seedream4 pictures (15) and seedance-v1 clips (100), as the server charges.
    expect(await page.getByTestId('credit-estimate').textContent()).toBe(
      'Create: 400 credits · Preview: 100 credits',
    );
    await saveScreenshot(page, 'lyrics-form');
    // Its story, from the defaults, is made by the lyrics journey (journeys.e2e.test.ts).

    // The form on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.baseUrl}/music-video/consistent-character`);
    await page.getByLabel('Write Storyline').waitFor();
    await saveScreenshot(page, 'music-video-form-mobile');
    await page.goto(`${server.baseUrl}/story/create/mv`);
    await page.getByRole('heading', { name: MESSAGES.generate.chooseMusicVideoType }).waitFor();
    await saveScreenshot(page, 'music-video-chooser-mobile');
  }, 150_000);
});
