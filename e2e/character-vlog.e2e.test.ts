import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { signUpThroughForm } from './accounts';
import { collectPageErrors, e2eSession, saveScreenshot } from './harness';

/** A real 120×180 RGB PNG: a teal card with an orange face-like patch. */
function portraitPng(): Buffer {
  const [w, h] = [120, 180];
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inPatch = (x - 60) ** 2 + (y - 80) ** 2 < 40 ** 2;
      rows.set(inPatch ? [250, 140, 40] : [30, 150, 140], y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a character vlog, from a quick character to a playing video', () => {
  const session = e2eSession({ viewport: { width: 1440, height: 900 } });

  it('creates a quick character, makes a vlog with it and plays the finished story', async () => {
    const { server, context } = session;
    const page = await context.newPage();
    await signUpThroughForm(page, server.baseUrl, 'Vlogger');
    await page.waitForURL(/\/story$/);
    // Signed in from here: every screen runs without an error.
    const errors = collectPageErrors(page);

    // /characters: both a name and a picture are needed.
    await page.goto(`${server.baseUrl}/characters`);
    await page.getByRole('heading', { name: 'Characters', exact: true }).waitFor();
    await page.getByLabel('Character name').fill('Mia');
    await page.getByRole('button', { name: 'Create character' }).click();
    await page.getByText(MESSAGES.generate.quickCharacterRequired).waitFor();
    await page.getByLabel('Character picture').setInputFiles({
      name: 'mia.png',
      mimeType: 'image/png',
      buffer: portraitPng(),
    });
    await page.getByRole('button', { name: 'Create character' }).click();
    const card = page.getByTestId('my-character');
    await card.waitFor();
    expect(await card.textContent()).toContain('Mia');
    await saveScreenshot(page, 'characters-page');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'characters-page-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The vlog form: the mention list needs a character first.
    await page.goto(`${server.baseUrl}/story/create/vlog`);
    await page.getByRole('heading', { name: 'Character Vlog', exact: true }).waitFor();
    const topic = page.getByRole('textbox', { name: 'Vlog topic' });
    await topic.click();
    await page.keyboard.type('@');
    await page.getByRole('listbox').getByText(MESSAGES.generate.selectCharacterFirst).waitFor();
    await page.keyboard.press('Backspace');

    // The premade library, grouped by type, in the All Characters dialog.
    await page.getByRole('button', { name: 'All Characters' }).click();
    const dialog = page.getByRole('dialog', { name: 'All Characters' });
    await dialog.getByRole('heading', { name: 'By the provider' }).waitFor();
    for (const group of ['People', 'Animals', 'Fantasy'])
      await dialog.getByRole('region', { name: group }).getByRole('button').first().waitFor();
    await saveScreenshot(page, 'vlog-all-characters');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Picking the character inserts it as a mention token.
    await page.getByTestId('character-picker').getByRole('button', { name: 'Mia' }).click();
    const token = topic.locator('[data-mention="Mia"]');
    await token.waitFor();
    expect(await token.getAttribute('contenteditable')).toBe('false');
    await topic.click();
    await page.keyboard.press('End');
    await page.keyboard.type('is baking bread in her kitchen @zz');
    await page.getByRole('listbox').getByText(MESSAGES.generate.noMatches).waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    expect(await page.getByLabel('Title').inputValue()).toBe('My Character Vlog');
    await saveScreenshot(page, 'vlog-form');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'vlog-form-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/story\/create\/workflow\/[0-9a-f-]{36}\?category_id=character_vlog$/);
    await page.getByRole('heading', { name: 'Your story is ready' }).waitFor({ timeout: 150_000 });
    const video = page.locator('video');
    await video.waitFor();
    // It plays: once its metadata is in, time moves on.
    await page.waitForFunction(() => {
      const element = document.querySelector('video');
      return Boolean(element?.currentSrc) && (element?.readyState ?? 0) >= 1;
    });
    const duration = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      return element.duration;
    });
    expect(duration).toBeGreaterThan(5);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);
    await saveScreenshot(page, 'vlog-ready');
    expect(errors).toEqual([]);
  }, 240_000);
});
