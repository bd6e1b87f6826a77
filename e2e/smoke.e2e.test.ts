import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

describe('smoke', () => {
  let server: StartedServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers /healthz with status ok', async () => {
    const res = await fetch(`${server!.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the story home to a browser', async () => {
    const page = await browser!.newPage();
    try {
      const response = await page.goto(`${server!.baseUrl}/story`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Storyloom');
      await saveScreenshot(page, 'smoke-story');
    } finally {
      await page.close();
    }
  });
});
