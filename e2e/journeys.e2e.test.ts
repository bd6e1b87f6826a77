// The journey suite (issue 20 part 6): a new user signs up and walks every creation journey of
// spec 2 with its defaults — explainer, character vlog with a built-in character, music video
// with a trending song, lyrics video, ASMR, preview then "Create full story". Each journey
// checks the balance before and after its run against core's calculator, waits for the story,
// and checks the finished MP4: its size for its ratio, pictures that are not black, sound, and
// the voice-over and captions of its timeline where its kind has them.
//
// One server, one account; the journeys run at once in their own browser contexts. They start
// their runs in a fixed order (so each balance is its own and the account's free stories go
// to the same journeys every time) and at most LIMITS.concurrentGenerations at a time.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import {
  ASMR_DEFAULT_SHOTS,
  asmrPayloadSchema,
  calculateCredits,
  continuationCharge,
  FREE_STORIES_PER_ACCOUNT,
  LIMITS,
  lyricsVideoPayloadSchema,
  MESSAGES,
  musicVideoPayloadSchema,
  musicVideoSkipsVideo,
  STARTING_CREDIT_BALANCE,
  type AspectRatio,
  type GeneratingCreditInput,
} from '@storyloom/core';
import { signUpThroughForm } from './accounts';
import { launchBrowser, saveScreenshot, startServer, type StartedServer } from './harness';
import {
  ChargeOrder,
  creditPrices,
  creditsOf,
  downloadAndProbe,
  expectedCharge,
  exportSize,
  generateRequest,
  makeWordsSong,
  storyOf,
  timelineContents,
  waitForWorkflow,
} from './journey-kit';

/** The longest side of exports on the test server (core's rule scales 1920×1080 down to it). */
const EXPORT_SIDE = 640;
/** How long one story may take while the others are made on the same two cores. */
const STORY_TIMEOUT_MS = 540_000;
const JOURNEY_TIMEOUT_MS = 660_000;

/** The order in which the journeys start their runs (the continuation is the preview's second). */
const ORDER = ['preview', 'explainer', 'vlog', 'asmr', 'music', 'lyrics', 'continuation'] as const;
type Step = (typeof ORDER)[number];

/** The topic of the explainer journey, whose script the writer makes. */
const EXPLAINER_TOPIC = 'How bees make honey in the hive';

const EXPLAINER_SCRIPT =
  'A small robot wakes up in a quiet city. It rolls through the empty streets and waters every tree it finds. By sunset, the whole city is green again.';
const PREVIEW_SCRIPT =
  'A lighthouse keeper climbs the stairs every evening. He lights the lamp for the ships. At dawn he sleeps.';

/** The account as a form should show it when a run starts, and whether the run uses a free story. */
interface FormAccount {
  balance: number;
  freeStoriesLeft: number;
  usesFreeStory: boolean;
}

interface Kind {
  ratio: AspectRatio;
  voice: boolean;
  captions: boolean;
}

describe('a new user walks every creation journey of spec 2 with its defaults', () => {
  let server: StartedServer;
  let browser: Browser;
  let account: Awaited<ReturnType<BrowserContext['storageState']>>;
  let dir: string;
  let wordsSong: string;
  const order = new ChargeOrder(ORDER, LIMITS.concurrentGenerations);
  /** Credits each journey's run took, for the account's final balance. */
  const charged = new Map<Step, number>();
  const startedAt = Date.now();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'storyloom-journeys-'));
    [server, browser, wordsSong] = await Promise.all([
      startServer({ env: { EXPORT_MAX_SIDE: String(EXPORT_SIDE) } }),
      launchBrowser(),
      makeWordsSong(dir),
    ]);
  });
  afterAll(async () => {
    console.log(`journey suite: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A browser context signed in as the journeys' account. */
  const signedIn = () =>
    browser.newContext({ storageState: account, viewport: { width: 1440, height: 900 } });

  /**
   * Starts a run in `step`'s turn: the balance before, the submit (which opens and fills the
   * form too, so the form shows the account as it is), the balance after against `price`.
   */
  async function chargedRun(args: {
    /** The test's own expect (concurrent tests). */
    expect: ExpectStatic;
    step: Step;
    context: BrowserContext;
    page: Page;
    full: boolean;
    /** Fills the form and submits it; answers the run's price, from the request it sent. */
    submit: (account: FormAccount) => Promise<number>;
  }): Promise<void> {
    await order.turn(args.step);
    let ok = false;
    try {
      const before = await creditsOf(args.context, server.baseUrl);
      const uses = expectedCharge({
        price: 0,
        full: args.full,
        freeStoriesLeft: before.freeStoriesLeft,
      });
      const price = await args.submit({ ...before, usesFreeStory: uses.usesFreeStory });
      const expected = expectedCharge({
        price,
        full: args.full,
        freeStoriesLeft: before.freeStoriesLeft,
      });
      const after = await creditsOf(args.context, server.baseUrl);
      args.expect(after, `${args.step}: the balance after its run started`).toEqual({
        balance: before.balance - expected.credits,
        freeStoriesLeft: before.freeStoriesLeft - (expected.usesFreeStory ? 1 : 0),
      });
      charged.set(args.step, expected.credits);
      ok = true;
    } finally {
      if (!ok) order.release();
      order.started(args.step);
    }
  }

  /** The form's balance and free-story promo, once its credits are in, as the account has them. */
  async function checkAccountShown(expect: ExpectStatic, page: Page, account: FormAccount) {
    await page.getByText(`Balance: ${account.balance} credits`, { exact: true }).waitFor();
    const promo = page.getByTestId('free-stories');
    if (account.usesFreeStory)
      expect
        .soft(
          (await promo.textContent({ timeout: 5_000 }).catch(() => null)) ?? '(no promo shown)',
          'the free-story promo',
        )
        .toContain(MESSAGES.credits.freeStoriesLeft(account.freeStoriesLeft));
    else expect(await promo.count(), 'no free-story promo').toBe(0);
  }

  /** The form's estimate (from core's calculator), balance and free-story promo. */
  async function checkSubmitBox(
    expect: ExpectStatic,
    page: Page,
    labels: { create: string; preview: string },
    prices: { full: number; preview: number },
    account: FormAccount,
  ) {
    await expect
      .poll(() => page.getByTestId('credit-estimate').textContent())
      .toBe(`${labels.create}: ${prices.full} credits · Preview: ${prices.preview} credits`);
    await checkAccountShown(expect, page, account);
  }

  /** Waits for the wait screen's end; frees the run's slot; answers the story's id. */
  async function storyIsReady(page: Page, step: string): Promise<string> {
    const end = page.getByRole('heading', {
      name: /^(Your story is ready|Your story could not be created)$/,
    });
    try {
      await end.waitFor({ timeout: STORY_TIMEOUT_MS });
    } finally {
      order.release();
    }
    await saveScreenshot(page, `journey-${step}-end`);
    if ((await end.textContent()) !== 'Your story is ready') {
      const stage = await page
        .getByTestId('workflow-status')
        .textContent()
        .catch(() => '');
      const log = server
        .output()
        .split('\n')
        .filter((line) => /error|fail/i.test(line))
        .slice(-8)
        .join('\n');
      throw new Error(`${step}: the story could not be created (${stage})\n${log}`);
    }
    const href = await page.getByRole('link', { name: 'Open Editor' }).getAttribute('href');
    return new URLSearchParams(href!.split('?')[1]).get('story_id')!;
  }

  /** The finished story: its MP4's size, pictures and sound; its voice-over and captions. */
  async function checkFinishedStory(
    expect: ExpectStatic,
    context: BrowserContext,
    storyId: string,
    step: string,
    kind: Kind,
  ) {
    const story = await storyOf(context, server.baseUrl, storyId);
    expect(story.last_export_url, `${step}: the story's video`).toMatch(/\.mp4$/);
    const video = await downloadAndProbe(
      context,
      server.baseUrl,
      story.last_export_url!,
      dir,
      step,
    );
    expect({ width: video.width, height: video.height }, `${step}: the video's size`).toEqual(
      exportSize(kind.ratio, EXPORT_SIDE),
    );
    expect(video.duration, `${step}: the video's length`).toBeGreaterThan(3);
    for (const frame of video.frames) {
      // Not black, not one flat colour: a picture.
      expect(frame.meanLuma, `${step}: mean luma at ${frame.at * 100}%`).toBeGreaterThan(20);
      expect(frame.lumaSpread, `${step}: luma spread at ${frame.at * 100}%`).toBeGreaterThan(40);
    }
    expect(video.audioStreams, `${step}: an audio stream`).toBe(1);
    expect(video.meanVolumeDb, `${step}: the sound's mean level (dB)`).toBeGreaterThan(-45);
    const contents = timelineContents(story);
    expect(contents.visuals, `${step}: pictures on the timeline`).toBeGreaterThan(0);
    if (kind.voice) expect(contents.voiceOvers, `${step}: voice-over items`).toBeGreaterThan(0);
    if (kind.captions) expect(contents.captions, `${step}: caption items`).toBeGreaterThan(0);
  }

  /** Waits for the story of `step` to be ready on `page`, then checks it; answers its id. */
  async function finishedStory(
    expect: ExpectStatic,
    context: BrowserContext,
    page: Page,
    step: string,
    kind: Kind,
  ): Promise<string> {
    const storyId = await storyIsReady(page, step);
    await checkFinishedStory(expect, context, storyId, step, kind);
    return storyId;
  }

  /** One journey, walked in a signed-in browser context of its own, closed when it ends. */
  function journey(
    name: string,
    walk: (expect: ExpectStatic, context: BrowserContext, page: Page) => Promise<void>,
  ) {
    it(
      name,
      async ({ expect }) => {
        const context = await signedIn();
        const page = await context.newPage();
        await walk(expect, context, page);
        await context.close();
      },
      JOURNEY_TIMEOUT_MS,
    );
  }

  /**
   * The explainer form's choices besides the defaults: a visual style, a voice actor, and a
   * stock track of the library previewed by its 17-bar waveform. Nothing is submitted.
   */
  async function explainerChoices(expect: ExpectStatic) {
    const context = await signedIn();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/story/create/script`);
    await page.getByLabel('Voice-over Script').fill(EXPLAINER_SCRIPT);
    await page.getByRole('radio', { name: 'Crayon' }).click();
    expect(await page.getByRole('radio', { name: 'Crayon' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByLabel('Voice Actor').selectOption('storyteller');
    await page.getByRole('button', { name: 'Background music' }).click();
    await page.getByRole('radio', { name: 'Stock track' }).check();
    await page.getByLabel('Search music').fill('ambient');
    const track = page.getByRole('list', { name: 'Music tracks' }).getByRole('listitem').first();
    await track.waitFor();
    await track.getByRole('button').nth(1).click();
    await page.getByTestId('chosen-music-track').waitFor();
    await expect
      // The first waveform of a track decodes its whole audio; allow for a busy machine.
      .poll(() => page.getByTestId('music-waveform').locator('span.bg-brand-500').count(), {
        timeout: 120_000,
      })
      .toBe(17);
    await saveScreenshot(page, 'journey-explainer-choices');
    await context.close();
  }

  it('signs up through the form: a new account with the starting credits and free stories', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signUpThroughForm(page, server.baseUrl, 'Newcomer');
    await page.waitForURL(/\/story$/);
    const promo = page.getByRole('dialog', { name: 'Edit Seamlessly on Web' });
    await promo.getByRole('button', { name: 'OK, I Got it !' }).click();
    await expect.poll(() => promo.count()).toBe(0);
    expect(await creditsOf(context, server.baseUrl)).toEqual({
      balance: STARTING_CREDIT_BALANCE,
      freeStoriesLeft: FREE_STORIES_PER_ACCOUNT,
    });
    account = await context.storageState();
    await context.close();
  });

  describe.concurrent('journeys', () => {
    journey('explainer preview, then "Create full story"', async (expect, context, page) => {
      const input: GeneratingCreditInput = { category: 'script_to_video' };
      await chargedRun({
        expect,
        step: 'preview',
        context,
        page,
        full: false,
        submit: async () => {
          await page.goto(`${server.baseUrl}/story/create/script`);
          await page.getByLabel('Voice-over Script').fill(PREVIEW_SCRIPT);
          await page.getByRole('button', { name: 'Create preview', exact: true }).click();
          await page.waitForURL(/\/story\/editor\?story_id=.+&view=list$/, { timeout: 60_000 });
          return calculateCredits({ ...input, preview: true }).totalCredits;
        },
      });
      // The preview's pictures arrive, then it waits for the creator.
      const banner = page.getByTestId('preview-banner');
      try {
        await banner.waitFor({ timeout: STORY_TIMEOUT_MS });
      } finally {
        order.release();
      }
      await saveScreenshot(page, 'journey-preview-paused');
      await chargedRun({
        expect,
        step: 'continuation',
        context,
        page,
        full: true,
        submit: async () => {
          await banner.getByRole('button', { name: 'Create full story' }).click();
          await waitForWorkflow(page, 'script_to_video');
          return continuationCharge(input).amount;
        },
      });
      await finishedStory(expect, context, page, 'continuation', {
        ratio: '16:9',
        voice: true,
        captions: true,
      });
    });
    journey('explainer from a topic with its defaults', async (expect, context, page) => {
      const prices = creditPrices({ category: 'script_to_video' });
      await chargedRun({
        expect,
        step: 'explainer',
        context,
        page,
        full: true,
        submit: async (account) => {
          await page.goto(`${server.baseUrl}/story/create/script`);
          await page.getByRole('heading', { name: 'Explainer Video' }).waitFor();
          const create = page.getByRole('button', { name: 'Create story', exact: true });
          expect(await create.isDisabled()).toBe(true);
          // The script from a topic: "Create Script with AI", a topic, "Generate script".
          await page.getByRole('button', { name: MESSAGES.generate.createScriptWithAi }).click();
          const idea = page.getByRole('dialog', { name: MESSAGES.generate.ideaToVideo });
          await idea.getByLabel('Topic').fill(EXPLAINER_TOPIC);
          await idea.getByRole('button', { name: MESSAGES.generate.generateScript }).click();
          await idea.waitFor({ state: 'hidden', timeout: 60_000 });
          const script = await page.getByLabel('Voice-over Script').inputValue();
          expect(script.length).toBeGreaterThan(EXPLAINER_TOPIC.length);
          await expect.poll(() => create.isDisabled()).toBe(false);
          await expect
            .poll(() => page.getByTestId('script-counter').textContent())
            .toMatch(/^\d+\/900$/);
          // The defaults: 16:9, photorealistic, captions on.
          expect(await page.getByRole('radio', { name: '16:9' }).isChecked()).toBe(true);
          expect(await page.getByTestId('provider-notice').textContent()).toContain(
            'Offline providers in use: pictures by the offline illustrator',
          );
          await checkSubmitBox(
            expect,
            page,
            { create: 'Create story', preview: 'Create preview' },
            prices,
            account,
          );
          await saveScreenshot(page, 'journey-explainer-form');
          await create.click();
          await waitForWorkflow(page, 'script_to_video');
          return prices.full;
        },
      });
      // While it is made: the form's other choices, in a context of their own (its draft).
      const choices = explainerChoices(expect).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      // The stage in words with its progress, never a raw status string.
      await page.getByRole('list', { name: 'Progress' }).waitFor();
      const stage = page.getByTestId('workflow-status');
      await stage.waitFor();
      expect(await stage.textContent()).not.toMatch(/processing|RUN_|_/);
      const storyId = await storyIsReady(page, 'explainer');
      const steps = await page
        .locator('ol[aria-label="Progress"] li')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')));
      expect(steps).toEqual(['done', 'done', 'done']);
      expect(await page.getByTestId('made-with').textContent()).toContain(
        'Pictures: the offline illustrator',
      );
      const choicesFailed = await choices;
      if (choicesFailed) throw choicesFailed;
      await checkFinishedStory(expect, context, storyId, 'explainer', {
        ratio: '16:9',
        voice: true,
        captions: true,
      });
      // The story's page lists each shot with the provider of its picture and voice.
      await page.goto(`${server.baseUrl}/story/my/${storyId}`);
      const shots = page.getByRole('region', { name: 'Shots' }).getByRole('listitem');
      await shots.first().waitFor();
      expect(await shots.first().getByTestId('shot-providers').textContent()).toMatch(
        /^Picture: the offline illustrator · Voice: the offline voice \(/,
      );
    });

    journey('character vlog with a built-in character', async (expect, context, page) => {
      const prices = creditPrices({ category: 'character_vlog' });
      await chargedRun({
        expect,
        step: 'vlog',
        context,
        page,
        full: true,
        submit: async (account) => {
          await page.goto(`${server.baseUrl}/story/create/vlog`);
          await page.getByRole('heading', { name: 'Character Vlog', exact: true }).waitFor();
          // The first character of the premade library, shown inline under "By the provider".
          const library = page
            .getByTestId('character-picker')
            .locator('div', {
              has: page.getByRole('heading', { name: MESSAGES.generate.byTheProvider }),
            })
            .last();
          const premade = library.getByRole('button').first();
          await premade.waitFor();
          const name = (await premade.getAttribute('aria-label'))!;
          await premade.click();
          const topic = page.getByRole('textbox', { name: 'Vlog topic' });
          await topic.locator(`[data-mention="${name}"]`).waitFor();
          await topic.click();
          await page.keyboard.press('End');
          await page.keyboard.type('is watering the plants on the balcony');
          expect(await page.getByLabel('Title').inputValue()).toBe('My Character Vlog');
          await checkSubmitBox(
            expect,
            page,
            { create: 'Create', preview: 'Preview' },
            prices,
            account,
          );
          await saveScreenshot(page, 'journey-vlog-form');
          await page.getByRole('button', { name: 'Create', exact: true }).click();
          await waitForWorkflow(page, 'character_vlog');
          return prices.full;
        },
      });
      await finishedStory(expect, context, page, 'vlog', {
        ratio: '16:9',
        voice: true,
        captions: true,
      });
    });

    journey('ASMR with its defaults', async (expect, context, page) => {
      await chargedRun({
        expect,
        step: 'asmr',
        context,
        page,
        full: true,
        submit: async (account) => {
          await page.goto(`${server.baseUrl}/story/create/asmr`);
          await page.getByRole('heading', { name: 'ASMR Video' }).waitFor();
          const create = page.getByRole('button', { name: 'Create story', exact: true });
          expect(await create.isDisabled()).toBe(true);
          await page.getByRole('radio', { name: 'Cutting' }).click();
          // The scene shows the style's template; Create waits for a material.
          const scene = page.getByLabel('Scene');
          expect(await scene.inputValue()).toBe('A knife cutting Material Object');
          expect(await create.isDisabled()).toBe(true);
          await page.getByRole('button', { name: 'Fruit' }).click();
          expect(await scene.inputValue()).toBe('A knife cutting Fruit');
          expect(await page.getByLabel('Number of Shots').inputValue()).toBe(
            String(ASMR_DEFAULT_SHOTS),
          );
          // Each style's picture is drawn for the grid (made on first use: allow for a busy
          // machine).
          await expect
            .poll(
              () =>
                page
                  .getByRole('radio', { name: 'Cutting' })
                  .locator('img')
                  .evaluate((img: HTMLImageElement) => img.naturalWidth),
              { timeout: 60_000 },
            )
            .toBe(480);
          const input: GeneratingCreditInput = {
            category: 'asmr_video',
            numShots: ASMR_DEFAULT_SHOTS,
          };
          const prices = creditPrices(input);
          await checkSubmitBox(
            expect,
            page,
            { create: 'Create story', preview: 'Preview storyboard' },
            prices,
            account,
          );
          await saveScreenshot(page, 'journey-asmr-form');
          const request = generateRequest(page, 'generate_asmr_video');
          await create.click();
          const payload = asmrPayloadSchema.parse((await request).postDataJSON());
          await waitForWorkflow(page, 'asmr_video');
          return calculateCredits({ category: 'asmr_video', numShots: payload.num_shots })
            .totalCredits;
        },
      });
      const storyId = await storyIsReady(page, 'asmr');
      // A successful submit clears the draft.
      expect(await page.evaluate(() => localStorage.getItem('storyloom:asmr-draft'))).toBeNull();
      await checkFinishedStory(expect, context, storyId, 'asmr', {
        ratio: '16:9',
        voice: false,
        captions: false,
      });
    });

    journey(
      'music video (the default type, singing and dancing) with a built-in artist and a trending song',
      async (expect, context, page) => {
        await page.goto(`${server.baseUrl}/story/create/mv`);
        await page.getByRole('heading', { name: MESSAGES.generate.chooseMusicVideoType }).waitFor();
        await page.getByRole('button', { name: /Singing and Dancing/ }).click();
        await page.waitForURL(/\/music-video\/singing-dancing$/);
        // The song: one of the trending songs, with lyrics when the server has any.
        await page.getByRole('button', { name: MESSAGES.generate.trendingSongs }).click();
        const dialog = page.getByRole('dialog', { name: MESSAGES.generate.trendingSongs });
        const withLyrics = dialog.getByRole('radiogroup', { name: 'With lyrics' });
        const withoutLyrics = dialog.getByRole('radiogroup', { name: 'Without lyrics' });
        await withoutLyrics.or(withLyrics).first().waitFor();
        const lyricsSongs = await withLyrics.getByRole('radio').count();
        expect.soft(lyricsSongs, 'songs in the "With lyrics" list').toBeGreaterThan(0);
        // Captions are the song's words: an instrumental has none.
        const songHasWords = lyricsSongs > 0;
        // Each sung song shows a line of its words under its name; an instrumental shows none.
        if (songHasWords) {
          const words = withLyrics.getByRole('radio').first().getByTestId('song-words');
          expect((await words.textContent())?.trim().length ?? 0).toBeGreaterThan(0);
        }
        expect(await withoutLyrics.getByTestId('song-words').count()).toBe(0);
        const song = (songHasWords ? withLyrics : withoutLyrics).getByRole('radio').first();
        await song.click();
        await dialog.getByRole('button', { name: 'Use this song' }).click();
        // Progress shows at once, then the segment step opens for the picked song.
        await page.getByTestId('pending-song').waitFor({ timeout: 5_000 });
        await page.getByRole('button', { name: 'Use this segment' }).waitFor({ timeout: 240_000 });
        await page.getByRole('button', { name: 'Use this segment' }).click();
        await page.getByTestId('chosen-song').waitFor();
        // The artist: the first built-in character.
        const picker = page.getByTestId('character-picker');
        const premade = picker
          .locator('div', {
            has: page.getByRole('heading', { name: MESSAGES.generate.byTheProvider }),
          })
          .last()
          .getByRole('button')
          .first();
        await premade.click();
        await picker.getByRole('list', { name: 'Selected characters' }).waitFor();

        await chargedRun({
          expect,
          step: 'music',
          context,
          page,
          full: true,
          submit: async (account) => {
            // The draft keeps the song and the artist; reloaded, the form shows the account now.
            await page.reload();
            await page.getByTestId('chosen-song').waitFor();
            const request = generateRequest(page, 'generate_music_video');
            const create = page.getByRole('button', { name: 'Create', exact: true });
            await expect.poll(() => create.isDisabled()).toBe(false);
            await checkAccountShown(expect, page, account);
            const estimate = await page.getByTestId('credit-estimate').textContent();
            await saveScreenshot(page, 'journey-music-form');
            await create.click();
            const payload = musicVideoPayloadSchema.parse((await request).postDataJSON());
            expect(payload.video_type).toBe('singing-dancing');
            expect(payload.aspect_ratio).toBe('16:9');
            const input: GeneratingCreditInput = {
              category: 'music_video',
              videoType: payload.video_type,
              style: payload.video_consistent_style,
              musicDuration: payload.music_duration,
              imageModelConfig: payload.advanced_settings.image_model_config ?? null,
              videoModelConfig: payload.advanced_settings.video_model_config ?? null,
              skipVideoGeneration: musicVideoSkipsVideo(payload),
              broll: payload.enable_broll,
            };
            const prices = creditPrices(input);
            expect(estimate).toBe(
              `Create: ${prices.full} credits · Preview: ${prices.preview} credits`,
            );
            await waitForWorkflow(page, 'music_video');
            return prices.full;
          },
        });
        await finishedStory(expect, context, page, 'music', {
          ratio: '16:9',
          voice: false,
          captions: songHasWords,
        });
      },
    );

    journey('lyrics video from an uploaded song with words', async (expect, context, page) => {
      await chargedRun({
        expect,
        step: 'lyrics',
        context,
        page,
        full: true,
        submit: async (account) => {
          await page.goto(`${server.baseUrl}/story/create/lyrics`);
          await page.getByRole('heading', { name: 'Lyrics Video' }).waitFor();
          await page.getByRole('button', { name: /Upload your song/ }).click();
          await page.getByLabel('Song file').setInputFiles(wordsSong);
          await page.getByRole('button', { name: 'Use this segment' }).click();
          await page.getByTestId('chosen-song').waitFor();
          const request = generateRequest(page, 'generate_lyrics_to_video');
          const estimate = await page.getByTestId('credit-estimate').textContent();
          await checkAccountShown(expect, page, account);
          await saveScreenshot(page, 'journey-lyrics-form');
          await page.getByRole('button', { name: 'Create', exact: true }).click();
          const payload = lyricsVideoPayloadSchema.parse((await request).postDataJSON());
          const input: GeneratingCreditInput = {
            category: 'music_video',
            videoType: 'lyrics-video',
            musicDuration: payload.music_duration,
            imageModelConfig: payload.advanced_settings.image_model_config ?? null,
            videoModelConfig: payload.advanced_settings.video_model_config ?? null,
            skipVideoGeneration: payload.skip_video_generation,
          };
          const prices = creditPrices(input);
          expect(estimate).toBe(
            `Create: ${prices.full} credits · Preview: ${prices.preview} credits`,
          );
          await waitForWorkflow(page, 'lyrics_video');
          return prices.full;
        },
      });
      await finishedStory(expect, context, page, 'lyrics', {
        ratio: '16:9',
        voice: false,
        captions: true,
      });
    });
  });

  it('charged the account exactly what its journeys cost, once each', async () => {
    const context = await signedIn();
    const total = [...charged.values()].reduce((sum, credits) => sum + credits, 0);
    expect(charged.size).toBe(ORDER.length);
    expect(await creditsOf(context, server.baseUrl)).toEqual({
      balance: STARTING_CREDIT_BALANCE - total,
      freeStoriesLeft: 0,
    });
    await context.close();
  });
});
