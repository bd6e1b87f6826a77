// What the journey suite (journeys.e2e.test.ts) shares: the account's credits as the server
// tells them, the order in which journeys of one account are charged, and the checks of a
// finished story's MP4 (size, pictures, sound) and timeline (voice-over, captions).

import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page, Request } from 'playwright-core';
import {
  calculateCredits,
  fitWithinSide,
  OUTPUT_SIZES,
  parseWireStory,
  type AspectRatio,
  type GeneratingCreditInput,
  type Story,
} from '@storyloom/core';

const run = promisify(execFile);

export interface Credits {
  balance: number;
  freeStoriesLeft: number;
}

/** GET /api/credits as the context's user. */
export async function creditsOf(context: BrowserContext, baseUrl: string): Promise<Credits> {
  const res = await context.request.get(`${baseUrl}/api/credits`);
  if (res.status() !== 200) throw new Error(`/api/credits answered ${res.status()}`);
  const body = (await res.json()) as Credits;
  return { balance: body.balance, freeStoriesLeft: body.freeStoriesLeft };
}

/**
 * What starting a run charges a new user's account (docs/decisions.md, "Free-story promo"): a
 * full story — or a preview's continuation — uses a free story while the account has one
 * (0 credits); a preview never does; otherwise the calculator's price.
 */
export function expectedCharge(args: { price: number; full: boolean; freeStoriesLeft: number }): {
  credits: number;
  usesFreeStory: boolean;
} {
  const usesFreeStory = args.full && args.freeStoriesLeft > 0;
  return { credits: usesFreeStory ? 0 : args.price, usesFreeStory };
}

/**
 * The order in which the journeys of one account start their runs, so each one's balance
 * before and after is its own and the free stories go to the same journeys every time; and
 * the account's generation quota (LIMITS.concurrentGenerations runs at once), so no journey is
 * refused with 429 for starting while three others run.
 */
export class ChargeOrder {
  private next = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly order: readonly string[],
    private readonly slots: number,
  ) {}

  private wake() {
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Waits until every journey before `name` has started its run and a run slot is free. */
  async turn(name: string): Promise<void> {
    const index = this.order.indexOf(name);
    if (index < 0) throw new Error(`${name} is not in the charge order`);
    while (this.next !== index || this.running >= this.slots) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
  }

  /** `name`'s run has started (or will not): the next journey may start its own. */
  started(name: string): void {
    const index = this.order.indexOf(name);
    if (this.next === index) this.next++;
    this.wake();
  }

  /** A run finished or paused: its slot is free. */
  release(): void {
    this.running = Math.max(0, this.running - 1);
    this.wake();
  }
}

/** The story as GET /stories/:id answers it, parsed by core's schema. */
export async function storyOf(
  context: BrowserContext,
  baseUrl: string,
  storyId: string,
): Promise<Story> {
  const res = await context.request.get(`${baseUrl}/stories/${storyId}`);
  if (res.status() !== 200) throw new Error(`/stories/${storyId} answered ${res.status()}`);
  return parseWireStory(await res.json());
}

/** Items of a story's timeline by kind: pictures/clips, voice-over, captions. */
export function timelineContents(story: Story): {
  visuals: number;
  voiceOvers: number;
  captions: number;
} {
  const tracks = story.video_editor_timeline?.tracks ?? [];
  const items = tracks.flatMap((track) => track.items.map((item) => ({ track, item })));
  return {
    visuals: items.filter(({ item }) => item.type === 'image' || item.type === 'video').length,
    voiceOvers: items.filter(
      ({ track, item }) => track.subtype === 'voiceover' && item.type === 'audio',
    ).length,
    captions: items.filter(({ item }) => item.type === 'caption' && item.caption?.data.text.trim())
      .length,
  };
}

/** The export size of a ratio on the test server (`EXPORT_MAX_SIDE`), by core's rule. */
export function exportSize(ratio: AspectRatio, maxSide: number): { width: number; height: number } {
  return fitWithinSide(OUTPUT_SIZES[ratio], maxSide);
}

export interface VideoFacts {
  width: number;
  height: number;
  duration: number;
  audioStreams: number;
  /** Mean luma (0–255) and its spread (max − min) of frames at 20 %, 50 % and 80 %. */
  frames: { at: number; meanLuma: number; lumaSpread: number }[];
  /** volumedetect's mean level of the whole audio, in dB (−91 is digital silence). */
  meanVolumeDb: number | null;
  maxVolumeDb: number | null;
}

/** Downloads a story's MP4 as the context's user and measures it with ffprobe and ffmpeg. */
export async function downloadAndProbe(
  context: BrowserContext,
  baseUrl: string,
  url: string,
  dir: string,
  name: string,
): Promise<VideoFacts> {
  const res = await context.request.get(new URL(url, baseUrl).toString());
  if (res.status() !== 200) throw new Error(`${url} answered ${res.status()}`);
  const file = join(dir, `${name}.mp4`);
  await writeFile(file, await res.body());

  const probe = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_type,width,height:format=duration'],
    ...['-of', 'json', file],
  ]);
  const facts = JSON.parse(probe.stdout) as {
    streams: { codec_type: string; width?: number; height?: number }[];
    format: { duration: string };
  };
  const video = facts.streams.find((stream) => stream.codec_type === 'video');
  const duration = Number(facts.format.duration);
  const frames: VideoFacts['frames'] = [];
  for (const at of [0.2, 0.5, 0.8]) {
    const stats = await run('ffmpeg', [
      ...['-hide_banner', '-ss', (duration * at).toFixed(2), '-i', file, '-frames:v', '1'],
      ...['-vf', 'signalstats,metadata=print:file=-', '-f', 'null', '-'],
    ]);
    const value = (key: string) =>
      Number(new RegExp(`lavfi\\.signalstats\\.${key}=([\\d.]+)`).exec(stats.stdout)?.[1]);
    frames.push({ at, meanLuma: value('YAVG'), lumaSpread: value('YMAX') - value('YMIN') });
  }
  const audioStreams = facts.streams.filter((stream) => stream.codec_type === 'audio').length;
  let meanVolumeDb: number | null = null;
  let maxVolumeDb: number | null = null;
  if (audioStreams > 0) {
    const volume = await run('ffmpeg', [
      ...['-hide_banner', '-i', file, '-map', '0:a:0', '-af', 'volumedetect', '-f', 'null', '-'],
    ]);
    meanVolumeDb = Number(/mean_volume: (-?[\d.]+) dB/.exec(volume.stderr)?.[1] ?? NaN);
    maxVolumeDb = Number(/max_volume: (-?[\d.]+) dB/.exec(volume.stderr)?.[1] ?? NaN);
  }
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    duration,
    audioStreams,
    frames,
    meanVolumeDb,
    maxVolumeDb,
  };
}

/**
 * A 20 s song with words, as a WAV the test makes: a sung-like spoken verse (espeak-ng) over a
 * quiet chord, so a lyrics video has words to hear.
 */
export async function makeWordsSong(dir: string): Promise<string> {
  const voice = join(dir, 'verse.wav');
  const song = join(dir, 'sunny-morning.wav');
  await run('espeak-ng', [
    ...['-s', '130', '-w', voice],
    'Good morning sunshine. The river is singing. We walk to the hills. The sky is open and blue. Good morning sunshine.',
  ]);
  const chord = '0.05*sin(2*PI*196*t)+0.04*sin(2*PI*246.94*t)+0.03*sin(2*PI*293.66*t)';
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', voice],
    ...['-f', 'lavfi', '-i', `aevalsrc=${chord}:s=22050:d=20`],
    ...[
      '-filter_complex',
      '[0:a]aresample=22050,apad[v];[v][1:a]amix=inputs=2:duration=shortest:normalize=0[out]',
    ],
    ...['-map', '[out]', '-t', '20', '-ac', '1', '-c:a', 'pcm_s16le', song],
  ]);
  return song;
}

/** A run's price in credits, full and as a preview. */
export function creditPrices(input: GeneratingCreditInput): { full: number; preview: number } {
  return {
    full: calculateCredits(input).totalCredits,
    preview: calculateCredits({ ...input, preview: true }).totalCredits,
  };
}

/** The generate request a form sends to `/stories/workflow/<endpoint>`, from now on. */
export function generateRequest(page: Page, endpoint: string): Promise<Request> {
  return page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(`/stories/workflow/${endpoint}`),
  );
}

/** Waits for the workflow page of a started run of `category`. */
export async function waitForWorkflow(page: Page, category: string): Promise<void> {
  await page.waitForURL(
    new RegExp(`/story/create/workflow/[0-9a-f-]{36}\\?category_id=${category}$`),
  );
}
