import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { signUpThroughForm } from './accounts';
import { e2eSession, saveScreenshot } from './harness';

const run = promisify(execFile);
// Uploads are read, probed and given thumbnails on the server: allow for a busy machine.
const poll = <T>(fn: () => Promise<T> | T, timeout = 60_000) => expect.poll(fn, { timeout });

/**
 * The action video (spec 3 §3, §5) from the editor: a picture and a reference video are
 * uploaded in the dialog, the run's progress shows, and the finished clip joins the story's
 * videos and goes onto the timeline.
 */
describe('an action video from the editor', () => {
  const session = e2eSession({ viewport: { width: 1440, height: 900 } });

  it('moves an uploaded picture after a reference video and places the clip on the timeline', async () => {
    const { server, context } = session;
    const dir = await mkdtemp(join(tmpdir(), 'storyloom-action-'));
    try {
      const picture = join(dir, 'character.png');
      const short = join(dir, 'short.mp4');
      const reference = join(dir, 'reference.mp4');
      const ffmpeg = (args: string[]) =>
        run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
      await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=s=320x320:d=1', '-frames:v', '1', picture]);
      await ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc=s=320x240:d=2:r=24',
        '-pix_fmt',
        'yuv420p',
        short,
      ]);
      // A bright square crossing a dark field from left to right in 4 s.
      await ffmpeg([
        ...['-f', 'lavfi', '-i', 'color=c=0x202020:s=320x240:d=4:r=24'],
        ...['-f', 'lavfi', '-i', 'color=c=white:s=60x60:d=4:r=24'],
        ...['-filter_complex', "[0][1]overlay=x='20+60*t':y=90", '-pix_fmt', 'yuv420p', reference],
      ]);

      const home = await context.newPage();
      await signUpThroughForm(home, server.baseUrl, 'Actor');
      await home.waitForURL(/\/story$/);
      await home.getByRole('button', { name: 'OK, I Got it !' }).click();
      const [page] = await Promise.all([
        context.waitForEvent('page'),
        home.getByRole('button', { name: MESSAGES.home.openEditor }).click(),
      ]);
      await page.waitForURL(/\/story\/editor\?story_id=.+&view=video-editor/);
      const storyId = new URL(page.url()).searchParams.get('story_id')!;

      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('menuitem', { name: 'Action video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Action video' });
      const create = dialog.getByRole('button', { name: 'Create action video' });
      expect(await create.isDisabled()).toBe(true);

      await dialog.getByTestId('action-character-file').setInputFiles(picture);
      await poll(() => dialog.getByRole('img', { name: 'Uploaded picture' }).count()).toBe(1);
      // A reference shorter than 3 s is refused with the spec's message.
      await dialog.getByTestId('action-reference-file').setInputFiles(short);
      await poll(() => dialog.getByRole('alert').textContent()).toBe(
        MESSAGES.editor.referenceDuration,
      );
      expect(await create.isDisabled()).toBe(true);
      await dialog.getByTestId('action-reference-file').setInputFiles(reference);
      await poll(() => dialog.getByTestId('action-reference-picked').count()).toBe(1);
      await dialog.getByRole('combobox').selectOption('960:960');
      await saveScreenshot(page, 'action-video-dialog-1440');

      await create.click();
      await dialog.getByRole('progressbar', { name: 'Action video progress' }).waitFor();
      await dialog.waitFor({ state: 'detached', timeout: 90_000 });

      // The clip is one of the story's videos, stored on the server, square as asked.
      const asset = page.locator('[data-testid="media-asset"][title="Action video"]');
      await poll(() => asset.count()).toBe(1);
      const resources = (
        await page.evaluate(async (id) => {
          const res = await fetch(`/stories/${id}/media_resources`, { credentials: 'same-origin' });
          return (await res.json()) as {
            media_resources: { title?: string; url: string; metadata?: { duration?: number } }[];
          };
        }, storyId)
      ).media_resources;
      const made = resources.find((r) => r.title === 'Action video');
      expect(made?.url).toMatch(/\.mp4$/);
      expect(made?.metadata?.duration).toBeGreaterThan(3);
      const file = join(dir, 'made.mp4');
      const bytes = await page.evaluate(async (url) => {
        const res = await fetch(url);
        return Array.from(new Uint8Array(await res.arrayBuffer()));
      }, made!.url);
      await writeFile(file, Buffer.from(bytes));
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
      ]);
      expect(stdout.trim()).toBe('960,960');

      // Onto the empty timeline it goes.
      await asset.dragTo(page.getByText(MESSAGES.editor.emptyTimeline));
      await poll(() => page.getByTestId('timeline-item').count()).toBe(1);
      // Saved with the story, and no error shown on the way.
      await poll(() => page.getByTestId('sync-status').textContent()).toBe('Saved');
      expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
      await saveScreenshot(page, 'action-video-placed-1440');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
