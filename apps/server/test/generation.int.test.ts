import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_STORIES_PER_ACCOUNT,
  MESSAGES,
  orderedShots,
  STARTING_CREDIT_BALANCE,
  type Story,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { LocalTranscriber, type ImageProvider } from '@storyloom/pipeline';
import { integratedLoudness } from '@storyloom/render/test-inspect';
import { creditAccounts, creditLedger } from '../src/db/schema.js';
import {
  Client,
  DATABASES,
  finishRun,
  signUp,
  startTestServer,
  type RunPoll,
  type TestServer,
} from './helpers.js';

const run = promisify(execFile);

const SCRIPT =
  'Cats are curious creatures. Every morning, our cat hosts a tiny webinar about the garden. ' +
  'She explains the birds, the trees and the sunlight. Then she takes a well deserved nap.';

async function download(client: Client, url: string, dir: string, name: string) {
  const res = await client.request('GET', url);
  expect(res.status).toBe(200);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

async function mediaDuration(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(stdout.trim());
}

/** One frame of a video at a time, as 64×36 RGB bytes. */
async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=64:36',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  return stdout;
}

/** Mean absolute difference of two frames, 0..255. */
function frameDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Mean loudness (dB) of a stretch of a file's sound. */
async function meanVolume(file: string, from: number, to: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    file,
    '-af',
    'volumedetect',
    '-vn',
    '-f',
    'null',
    '-',
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? -100);
}

describe.each(DATABASES)('explainer generation on %s', (database) => {
  let server: TestServer;
  let failing: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const brokenIllustrator: ImageProvider = {
      name: 'broken-illustrator',
      generate: () => Promise.reject(new Error('the illustrator ran out of ink')),
    };
    failing = await startTestServer(database, { providers: { image: brokenIllustrator } });
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-generation-'));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await failing?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns a script into a completed story with an MP4 timed to its voice-over', async () => {
    const { client, id } = await signUp(server.baseUrl);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
      freeStoriesLeft: FREE_STORIES_PER_ACCOUNT,
    });
    // A paid story: the free stories of the promo are used up.
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, id));
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      auto_rewrite: false,
      visual_style: 'animation',
      voiceover_voice: 'calm_male',
    });
    expect(start.status).toBe(200);
    const { workflowRunId } = start.body as { workflowRunId: string };
    const poll = await finishRun(client, workflowRunId);
    expect(poll.status).toBe('RUN_SUCCESS');
    const story = poll.output.story!;
    expect(story).toMatchObject({ status: 'completed', category_id: 'script_to_video' });
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 1100,
    });

    // Storyboard: shots in lexorank order with their active image and voice-over.
    const shots = orderedShots(story.storyboard!.shots_map);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    expect(shots.map((s) => s.shot_id)).toEqual(
      shots.map((_, i) => `shot-${String(i + 1).padStart(3, '0')}`),
    );
    for (const shot of shots) {
      expect(shot.active_image_id).toBe(`image-${shot.shot_id}`);
      expect(shot.active_image_url).toMatch(/^\/media\/media\/.+\.jpg$/);
      expect(shot.active_voice_over_audio_url).toMatch(/^\/media\/media\/.+\.wav$/);
      expect(shot.image_prompt).toContain('3D animated feature film style');
    }
    const scripts = shots.map((s) => s.script).join(' ');
    expect(scripts).toBe(SCRIPT);

    // Timeline: primary shots, voice-over, captions, music; the workflow defaults.
    const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
    expect(timeline.globalConfig).toMatchObject({
      fps: 30,
      watermark: { enabled: true },
      captions: { enabled: true },
    });
    const primary = timeline.tracks.find((t) => t.isPrimary)!;
    expect(primary.items.map((i) => i.shotId)).toEqual(shots.map((s) => s.shot_id));
    const voice = timeline.tracks.find((t) => t.subtype === 'voiceover')!;
    const music = timeline.tracks.find((t) => t.subtype === 'music')!;
    const captions = timeline.tracks.find((t) => t.type === 'caption')!;
    expect(voice.items).toHaveLength(shots.length);
    expect(captions.items.length).toBeGreaterThan(shots.length);
    expect(music.items.map((i) => i.volume)).toEqual([0.5, 0.12, 0.5]);

    // The export: an MP4 as long as the voice-over, and a thumbnail.
    expect(story.last_export_url).toMatch(/^\/media\/exports\/.+\.mp4$/);
    expect(story.last_export_thumbnail_url).toMatch(/^\/media\/thumbnails\/.+\.jpg$/);
    const mp4 = await download(client, story.last_export_url!, dir, `${database}.mp4`);
    const voiceSeconds = shots.reduce(
      (sum, s) => sum + Number((s as Record<string, unknown>).voice_duration),
      0,
    );
    expect(Math.abs((await mediaDuration(mp4)) - voiceSeconds)).toBeLessThan(0.1);
    // Loudness-normalised for a voice-led story: -14 LUFS integrated, within 1.5 LU.
    const lufs = await integratedLoudness(mp4);
    console.log(`exported explainer: ${lufs} LUFS integrated`);
    expect(Math.abs(lufs - -14)).toBeLessThanOrEqual(1.5);

    // Captions sit on their words in the voice files within 150 ms (pocketsphinx alignment).
    const fps = 30;
    const transcriber = new LocalTranscriber();
    for (const item of voice.items) {
      const asset = timeline.mediaAssets.find((a) => a.id === item.mediaAssetId)!;
      const res = await client.request('GET', asset.url);
      const shot = shots.find((s) => s.shot_id === item.shotId)!;
      const spoken = await transcriber.transcribe({
        audio: Buffer.from(await res.arrayBuffer()),
        knownText: shot.script ?? '',
      });
      const mine = captions.items.filter((c) => c.shotId === item.shotId);
      expect(mine.map((c) => c.caption?.data.text)).toEqual(spoken.map((p) => p.text));
      mine.forEach((caption, i) => {
        const from = caption.startTimeInFrames / fps;
        const to = from + caption.durationInFrames / fps;
        const offset = item.startTimeInFrames / fps;
        expect(Math.abs(spoken[i]!.start + offset - from), spoken[i]!.text).toBeLessThanOrEqual(
          0.15,
        );
        expect(Math.abs(spoken[i]!.end + offset - to), spoken[i]!.text).toBeLessThanOrEqual(0.15);
      });
    }

    // Music alone in the intro is audible.
    expect(await meanVolume(mp4, 0.1, 0.9)).toBeGreaterThan(-40);

    // Every shot's picture in the MP4 differs from the next one's.
    const frames = await Promise.all(
      primary.items.map((i) => frameAt(mp4, (i.startTimeInFrames + i.durationInFrames / 2) / fps)),
    );
    expect(frames.length).toBeGreaterThan(1);
    for (let i = 1; i < frames.length; i++) {
      expect(frameDifference(frames[i - 1]!, frames[i]!), `shot ${i} vs ${i + 1}`).toBeGreaterThan(
        8,
      );
    }

    // Recover rebuilds the same timeline and exports again, for free.
    const recover = await client.post('/stories/workflow/rebuild_timeline_and_export', {
      story_id: story.id,
    });
    expect(recover.status).toBe(200);
    const recovered = await finishRun(
      client,
      (recover.body as { workflowRunId: string }).workflowRunId,
    );
    expect(recovered.status).toBe('RUN_SUCCESS');
    const again = recovered.output.story!;
    expect(again.video_editor_timeline).toEqual(story.video_editor_timeline);
    expect(again.last_export_url).not.toBe(story.last_export_url);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 1100,
    });

    // Regenerating one shot's image swaps it on the timeline and charges the image price.
    const first = shots[0]!;
    const regen = await client.post(
      `/stories/workflow/regenerate_shot?storyId=${story.id}&shotId=${first.shot_id}`,
      { media_types: ['image'], image_prompt: 'A rocket over the city at night' },
    );
    expect(regen.status).toBe(200);
    const regenRun = (regen.body as { workflowRunId: string }).workflowRunId;
    expect((await finishRun(client, regenRun)).status).toBe('RUN_SUCCESS');
    const afterRegen = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    const newShot = afterRegen.storyboard!.shots_map[first.shot_id]!;
    expect(newShot.active_image_id).not.toBe(first.active_image_id);
    expect(newShot.image_prompt).toBe('A rocket over the city at night');
    const newTimeline = afterRegen.video_editor_timeline as unknown as VideoEditorTimeline;
    expect(newTimeline.tracks.find((t) => t.isPrimary)!.items[0]!.mediaAssetId).toBe(
      newShot.active_image_id,
    );
    expect(afterRegen.status).toBe('completed');
    expect(afterRegen.is_export_outdated).toBe(true);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 1100 - 15,
    });
    // A batch over every shot's voice-over (free) rebuilds the timing.
    const batch = await client.post(`/stories/workflow/batch_generate?storyId=${story.id}`, {
      media_types: ['voiceover'],
    });
    expect(
      (await finishRun(client, (batch.body as { workflowRunId: string }).workflowRunId)).status,
    ).toBe('RUN_SUCCESS');
    expect(
      (
        await client.post(`/stories/workflow/batch_generate?storyId=${story.id}`, {
          media_types: ['image'],
          shot_ids: ['nope'],
        })
      ).status,
    ).toBe(400);
  }, 180_000);

  it('pauses a preview after its images, charged at the preview price, and resumes it', async () => {
    const { client } = await signUp(server.baseUrl);
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      is_preview: true,
      background_music: '',
      visual_style: 'cyberpunk',
    });
    const { workflowRunId } = start.body as { workflowRunId: string };
    let poll: RunPoll;
    for (;;) {
      poll = (await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] }))
        .body as unknown as RunPoll;
      if (poll.output.story?.status === 'paused') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const paused = poll.output.story;
    expect(paused.is_preview).toBe(true);
    expect(orderedShots(paused.storyboard!.shots_map).every((s) => s.active_image_url)).toBe(true);
    expect(
      orderedShots(paused.storyboard!.shots_map).some((s) => s.active_voice_over_audio_url),
    ).toBe(false);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 100,
    });
    expect((await client.post('/stories/workflow/resume', { workflowRunId })).status).toBe(200);
    const done = await finishRun(client, workflowRunId);
    expect(done.output.story).toMatchObject({ status: 'completed' });
    const timeline = done.output.story!.video_editor_timeline as unknown as VideoEditorTimeline;
    expect(timeline.tracks.some((t) => t.subtype === 'music')).toBe(false);
  }, 120_000);

  it('rewrites scripts and writes one from an idea', async () => {
    const { client } = await signUp(server.baseUrl);
    const rewrite = await client.post('/stories/rewrite_script', { story: 'cats are are great' });
    expect(rewrite.body.enhancedScript).toMatch(/Cats are great\./);
    const idea = await client.post('/stories/idea_to_script', { topic: 'How bees make honey' });
    // A script about the topic, not a template around its text.
    expect(String(idea.body.script).match(/\bbees\b/g)?.length).toBeGreaterThanOrEqual(3);
    expect(String(idea.body.script)).toMatch(/\bhoney\b/);
    const tooLong = await client.post('/stories/idea_to_script', { topic: 'x'.repeat(101) });
    expect(tooLong.body.message).toContain(MESSAGES.generate.ideaTooLong);
    const sample = await client.request('GET', '/api/voices/deep_male/sample');
    expect(sample.headers.get('content-type')).toBe('audio/wav');
    expect((await sample.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });

  it('refuses a bad payload with the spec messages', async () => {
    const { client } = await signUp(server.baseUrl);
    const empty = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: ' \n ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(MESSAGES.generate.scriptRequired);
    const long = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: 'a'.repeat(901),
    });
    expect(long.body.message).toContain(MESSAGES.generate.scriptTooLong);
    const ratio = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      aspect_ratio: '1:1',
    });
    expect(ratio.status).toBe(400);
    const voice = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      voiceover_voice: 'robot',
    });
    expect(voice.body.message).toContain(MESSAGES.generate.unknownVoice);
    expect(
      (
        await new Client(server.baseUrl).post('/stories/workflow/generate_script_to_video', {
          script_content: SCRIPT,
        })
      ).status,
    ).toBe(401);
    // Nothing was charged for refused requests.
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
    });
  });

  it('refuses clearly when the balance is short', async () => {
    const { client, id } = await signUp(server.baseUrl);
    await client.get('/api/credits');
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ balance: 50, freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, id));
    const res = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(MESSAGES.credits.notEnough(1100, 50));
  });

  it('ends in failed:generating_images with the spec message and refunds exactly once', async () => {
    const { client, id } = await signUp(failing.baseUrl);
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      is_preview: false,
    });
    const { workflowRunId } = start.body as { workflowRunId: string };
    const poll = await finishRun(client, workflowRunId);
    expect(poll.status).toBe('RUN_FAILED');
    expect(poll.output.story?.status).toBe('failed:generating_images');
    expect(poll.error).toBe('Generating images failed. The credits has been refunded.');
    // Give any straggling retry a moment, then count.
    await new Promise((r) => setTimeout(r, 1500));
    const ledger = await failing.ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id));
    expect(ledger.filter((e) => e.kind === 'charge')).toHaveLength(1);
    expect(ledger.filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
    });
  }, 60_000);
  it('makes the first full stories free ("N FREE Story Left"); previews never use one', async () => {
    const { client, id } = await signUp(server.baseUrl);
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      auto_rewrite: false,
      background_music: '',
    });
    expect(start.status).toBe(200);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
      freeStoriesLeft: FREE_STORIES_PER_ACCOUNT - 1,
    });
    const { workflowRunId } = start.body as { workflowRunId: string };
    expect((await finishRun(client, workflowRunId)).status).toBe('RUN_SUCCESS');
    const ledger = await server.ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workflowRunId, workflowRunId));
    expect(ledger.map((e) => [e.kind, e.amount, e.freeStory, e.creditType])).toEqual([
      ['charge', 0, true, 'story.script_to_video'],
    ]);
    // A preview never uses a free story.
    const preview = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      is_preview: true,
    });
    expect(preview.status).toBe(200);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 100,
      freeStoriesLeft: FREE_STORIES_PER_ACCOUNT - 1,
    });
    // With none left, a full story is paid again.
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, id));
    const paid = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      auto_rewrite: false,
    });
    expect(paid.status).toBe(200);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - 100 - 1100,
      freeStoriesLeft: 0,
    });
  }, 120_000);

  it('gives a failed free story back, refunding no credits, exactly once', async () => {
    const { client, id } = await signUp(failing.baseUrl);
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
    });
    const { workflowRunId } = start.body as { workflowRunId: string };
    const poll = await finishRun(client, workflowRunId);
    expect(poll.status).toBe('RUN_FAILED');
    await new Promise((r) => setTimeout(r, 1500));
    const ledger = await failing.ctx.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id));
    expect(
      ledger.filter((e) => e.workflowRunId === workflowRunId).map((e) => [e.kind, e.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['charge', 0],
        ['refund', 0],
      ]),
    );
    expect(ledger.filter((e) => e.workflowRunId === workflowRunId)).toHaveLength(2);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
      freeStoriesLeft: FREE_STORIES_PER_ACCOUNT,
    });
  }, 60_000);
  it('offers the local providers as the only model choices when no vendor is configured', async () => {
    const models = await new Client(server.baseUrl).get('/api/models');
    expect(models.body).toEqual({
      image: [{ value: null, label: 'local-illustrator', provider: 'local-illustrator' }],
      video: [{ value: null, label: 'local-motion', provider: 'local-motion' }],
      defaults: { image: null, video: null },
    });
  });
});
