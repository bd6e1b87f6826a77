import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, generateExplainer, signUpByApi } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';

const DESKTOP = { width: 1440, height: 900 };
const SCRIPT =
  'A girl flies a red kite on the hill. The kite dips and climbs in the wind. A small fishing boat sails home at sunset.';

interface ItemJson {
  id: string;
  type: string;
  shotId?: string | null;
  startTimeInFrames: number;
  durationInFrames: number;
  caption?: { data: { text: string } };
}
interface TrackJson {
  id: string;
  type: string;
  subtype?: string;
  isPrimary?: boolean;
  items: ItemJson[];
}
interface StoryJson {
  id: string;
  version: number;
  video_editor_timeline: { tracks: TrackJson[] } | null;
}

const end = (item: ItemJson) => item.startTimeInFrames + item.durationInFrames;

/** The shots, voice-overs and captions of a stored timeline. */
function unitsOf(tracks: TrackJson[]) {
  const shots = tracks.find((t) => t.isPrimary)!.items;
  const voices = tracks
    .filter((t) => t.type === 'audio' && t.subtype === 'voiceover')
    .flatMap((t) => t.items);
  const captions = tracks.filter((t) => t.type === 'caption').flatMap((t) => t.items);
  return { shots, voices, captions };
}

/**
 * What the issue asks, on the stored timeline: every caption made from a voice-over lies inside
 * that shot's voice-over, and the shot under a caption's middle is the caption's own shot (its
 * words are heard over its own picture); a voice-over lies inside its shot; captions never
 * overlap; every frame is whole.
 */
function unitProblems(tracks: TrackJson[]): string[] {
  const { shots, voices, captions } = unitsOf(tracks);
  const problems: string[] = [];
  for (const voice of voices) {
    const shot = shots.find((s) => s.shotId === voice.shotId);
    if (shot && (voice.startTimeInFrames < shot.startTimeInFrames || end(voice) > end(shot)))
      problems.push(`voice-over ${voice.id} leaves its shot`);
  }
  const ordered = [...captions].sort((a, b) => a.startTimeInFrames - b.startTimeInFrames);
  ordered.forEach((caption, index) => {
    if (!Number.isInteger(caption.startTimeInFrames) || !Number.isInteger(caption.durationInFrames))
      problems.push(`caption ${caption.id} is not on whole frames`);
    const previous = ordered[index - 1];
    if (previous && end(previous) > caption.startTimeInFrames)
      problems.push(`captions ${previous.id} and ${caption.id} overlap`);
    if (!caption.shotId) return;
    const spoken = voices.filter((v) => v.shotId === caption.shotId);
    if (
      spoken.length &&
      !spoken.some(
        (v) => caption.startTimeInFrames >= v.startTimeInFrames && end(caption) <= end(v),
      )
    )
      problems.push(`caption "${caption.caption?.data.text}" is outside its voice-over`);
    const middle = caption.startTimeInFrames + caption.durationInFrames / 2;
    const under = shots.find((s) => middle >= s.startTimeInFrames && middle < end(s));
    if (under?.shotId !== caption.shotId)
      problems.push(`caption "${caption.caption?.data.text}" is over shot ${under?.shotId}`);
  });
  return problems;
}

describe('linked shot edits in the editor', () => {
  let server: StartedServer;
  let browser: Browser;
  let context: BrowserContext;
  let api: ReturnType<typeof apiOf>;
  let storyId: string;

  const storyNow = async () => (await api<StoryJson>('GET', `/stories/${storyId}`)).body;
  const tracksNow = async () => (await storyNow()).video_editor_timeline!.tracks;
  const primaryRow = (page: Page) => page.locator('[data-track-id][data-primary="true"]');

  async function openEditor(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/editor?story_id=${storyId}&view=video-editor`);
    await page.getByTestId('video-editor').waitFor();
    await primaryRow(page).locator('[data-item-id]').first().waitFor();
    return page;
  }

  /** Waits until the page's edits are on the server ('Saved'), then answers the stored tracks. */
  async function savedTracks(page: Page): Promise<TrackJson[]> {
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('saved');
    return tracksNow();
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    api = apiOf(context, server.baseUrl);
    await signUpByApi(context, server.baseUrl, 'Lina');
    await context.addInitScript(() => {
      window.localStorage.setItem('storyloom.editor.timelineHeight', '420');
    });
    storyId = await generateExplainer(api, SCRIPT);
  }, 200_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('reordering shots and trimming a picture shorter keep each caption with its shot', async () => {
    const start = await storyNow();
    const tracks = start.video_editor_timeline!.tracks;
    const before = unitsOf(tracks);
    expect(before.shots.length).toBeGreaterThanOrEqual(2);
    expect(before.captions.filter((c) => c.shotId).length).toBeGreaterThanOrEqual(2);
    expect(unitProblems(tracks)).toEqual([]);
    const page = await openEditor();

    // Reorder: drag the first shot onto the right half of the last one (insert after).
    const items = primaryRow(page).locator('[data-item-id]');
    const count = await items.count();
    const firstBox = (await items.first().boundingBox())!;
    const lastBox = (await items.nth(count - 1).boundingBox())!;
    await page.mouse.move(firstBox.x + firstBox.width / 2, firstBox.y + firstBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(lastBox.x + lastBox.width * 0.5, lastBox.y + lastBox.height / 2, {
      steps: 8,
    });
    await page.mouse.move(lastBox.x + lastBox.width * 0.85, lastBox.y + lastBox.height / 2, {
      steps: 4,
    });
    await page.mouse.up();
    const reordered = await savedTracks(page);
    const afterMove = unitsOf(reordered);
    const movedShot = before.shots[0]!.shotId;
    expect(afterMove.shots.map((s) => s.shotId)).toEqual([
      ...before.shots.slice(1).map((s) => s.shotId),
      movedShot,
    ]);
    expect(unitProblems(reordered)).toEqual([]);
    // The first shot's captions moved with it to the end, in the same order and spacing.
    const texts = (captions: ItemJson[], shotId: string | null | undefined) =>
      captions.filter((c) => c.shotId === shotId).map((c) => c.caption?.data.text);
    expect(texts(afterMove.captions, movedShot)).toEqual(texts(before.captions, movedShot));
    const movedStart = afterMove.shots.at(-1)!.startTimeInFrames;
    for (const caption of afterMove.captions.filter((c) => c.shotId === movedShot)) {
      const original = before.captions.find((c) => c.id === caption.id)!;
      expect(caption.startTimeInFrames - movedStart).toBe(original.startTimeInFrames);
    }
    await saveScreenshot(page, 'linked-shots-reordered');

    // Trim the (new) first picture shorter from its right edge, to 40% of its length.
    const shot = afterMove.shots[0]!;
    const voice = afterMove.voices.find((v) => v.shotId === shot.shotId)!;
    const handle = primaryRow(page).locator('[data-item-id]').first().getByTestId('trim-end');
    const box = (await handle.boundingBox())!;
    const shotWidth = (await primaryRow(page).locator('[data-item-id]').first().boundingBox())!
      .width;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - shotWidth * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x - shotWidth * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const trimmed = await savedTracks(page);
    const afterTrim = unitsOf(trimmed);
    const shorter = afterTrim.shots[0]!;
    expect(shorter.durationInFrames).toBeLessThan(shot.durationInFrames * 0.6);
    expect(shorter.durationInFrames).toBeLessThan(end(voice) - shot.startTimeInFrames);
    // Its voice-over now ends with the picture, and every later shot's voice-over starts
    // where it did within its shot: no drift, no gap, nothing over black.
    const shortVoice = afterTrim.voices.find((v) => v.shotId === shot.shotId)!;
    expect(end(shortVoice)).toBe(end(shorter));
    for (const later of afterTrim.shots.slice(1)) {
      const then = afterMove.shots.find((s) => s.shotId === later.shotId)!;
      const laterVoice = afterTrim.voices.find((v) => v.shotId === later.shotId);
      const thenVoice = afterMove.voices.find((v) => v.shotId === later.shotId);
      if (!laterVoice || !thenVoice) continue;
      expect(laterVoice.startTimeInFrames - later.startTimeInFrames).toBe(
        thenVoice.startTimeInFrames - then.startTimeInFrames,
      );
    }
    const total = Math.max(...trimmed.flatMap((t) => t.items.map(end)));
    // No narration or caption plays after the last picture.
    const lastPicture = end(afterTrim.shots.at(-1)!);
    for (const spoken of [...afterTrim.voices, ...afterTrim.captions.filter((c) => c.shotId)])
      expect(end(spoken)).toBeLessThanOrEqual(lastPicture);
    expect(unitProblems(trimmed)).toEqual([]);
    // The timeline's clock shows the new length.
    await expect
      .poll(() => page.getByTestId('editor-clock').getAttribute('data-total-frames'))
      .toBe(String(total));
    await page.close();
  });

  it('splits at the playhead with S and the button, undoably; unlinks and relinks a caption', async () => {
    const page = await openEditor();
    const shots = primaryRow(page).locator('[data-item-id]');
    const count = await shots.count();

    // Put the playhead in the middle of the second shot and press S.
    const second = (await shots.nth(1).boundingBox())!;
    const ruler = page.getByTestId('timeline-ruler');
    const rulerBox = (await ruler.boundingBox())!;
    await page.mouse.click(second.x + second.width / 2, rulerBox.y + rulerBox.height / 2);
    await page.keyboard.press('s');
    await expect.poll(() => shots.count()).toBe(count + 1);
    const split = await savedTracks(page);
    expect(unitsOf(split).shots).toHaveLength(count + 1);
    expect(unitProblems(split)).toEqual([]);
    // One undo step brings the shot back whole.
    await page.keyboard.press('Control+z');
    await expect.poll(() => shots.count()).toBe(count);
    // The toolbar button does the same.
    await page.getByTestId('timeline-split').click();
    await expect.poll(() => shots.count()).toBe(count + 1);

    // Unlink a caption from the context menu, then link it again.
    const tracks = await savedTracks(page);
    const linked = unitsOf(tracks).captions.find((c) => c.shotId)!;
    const captionBox = page.locator(`[data-item-id="${linked.id}"]`);
    await captionBox.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Unlink caption' }).click();
    const unlinked = await savedTracks(page);
    expect(unitsOf(unlinked).captions.find((c) => c.id === linked.id)!.shotId ?? null).toBeNull();
    await captionBox.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Link caption to shot' }).click();
    const relinked = await savedTracks(page);
    expect(unitsOf(relinked).captions.find((c) => c.id === linked.id)!.shotId).toBe(linked.shotId);
    expect(unitProblems(relinked)).toEqual([]);
    await page.close();
  });
});
