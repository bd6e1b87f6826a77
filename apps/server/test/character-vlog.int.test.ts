import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generationCharge,
  MESSAGES,
  orderedShots,
  STARTING_CREDIT_BALANCE,
  type Character,
  type Story,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { creditAccounts } from '../src/db/schema.js';
import { finishRun, signUp, startTestServer, type TestServer } from './helpers.js';
import { patchPortrait, patchShare, uploadPicture } from './character-fixtures.js';

const run = promisify(execFile);
const TOPIC = '@Mia is baking bread in her kitchen';
/** Frames are sampled at this size: 64×36 pixels. */
const SAMPLE = { w: 64, h: 36 };

/** One frame of a video (at `seconds`) or a picture (without), as 64×36 RGB bytes. */
async function frameAt(file: string, seconds?: number): Promise<Buffer> {
  const seek = seconds === undefined ? [] : ['-ss', String(seconds)];
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      ...seek,
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=${SAMPLE.w}:${SAMPLE.h}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  expect(stdout.length).toBe(SAMPLE.w * SAMPLE.h * 3);
  return stdout;
}

async function meanVolume(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
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

// What a vlog adds to the generation engine, which generation.int.test.ts runs on both databases.
describe('character vlog', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-vlog-'));
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a vlog whose every shot shows the character and whose voice tells the topic', async () => {
    const { client, id } = await signUp(server.baseUrl);
    // The account is opened on first use; then the promo's free stories are used up.
    await client.get('/api/credits');
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, id));
    const upload = await uploadPicture(client, patchPortrait());
    const created = await client.post('/api/characters', {
      name: 'Mia',
      image_url: upload.imageUrl,
    });
    const mia = created.body as unknown as Character;
    const character = { type: 'custom-quick', id: mia.id, name: 'Mia', image_url: mia.image_url };

    const start = await client.post('/stories/workflow/generate_character_vlog', {
      title: 'A day of baking',
      character,
      vlog_topic: TOPIC,
      aspect_ratio: '16:9',
    });
    expect(start.status).toBe(200);
    const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
    expect(poll.status).toBe('RUN_SUCCESS');
    const story = poll.output.story!;
    expect(story).toMatchObject({
      status: 'completed',
      category_id: 'character_vlog',
      title: 'A day of baking',
    });
    const { amount } = generationCharge('character_vlog', false);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - amount,
    });

    // The voice-over is the character's, in the first person, and says the topic.
    const shots = orderedShots(story.storyboard!.shots_map);
    expect(shots.length).toBeGreaterThanOrEqual(3);
    const script = shots.map((s) => s.script).join(' ');
    expect(script).toContain("I'm Mia");
    expect(script).toContain('I am baking bread in my kitchen');
    expect(script).not.toContain('@');
    const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
    const captions = timeline.tracks.find((t) => t.type === 'caption')!;
    const captionText = captions.items.map((c) => c.caption?.data.text ?? '').join(' ');
    expect(captionText).toContain('I am baking bread in my kitchen');
    const voice = timeline.tracks.find((t) => t.subtype === 'voiceover')!;
    expect(voice.items.map((i) => i.shotId)).toEqual(shots.map((s) => s.shot_id));
    for (const item of voice.items) {
      const asset = timeline.mediaAssets.find((a) => a.id === item.mediaAssetId)!;
      const res = await client.request('GET', asset.url);
      const file = path.join(dir, `${item.shotId}.wav`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      expect(await meanVolume(file), `voice of ${item.shotId}`).toBeGreaterThan(-40);
    }
    expect(timeline.tracks.some((t) => t.subtype === 'music')).toBe(true);

    // Every shot of the exported MP4 shows the character's own picture (its magenta patch).
    const res = await client.request('GET', story.last_export_url!);
    expect(res.status).toBe(200);
    const mp4 = path.join(dir, 'vlog.mp4');
    writeFileSync(mp4, Buffer.from(await res.arrayBuffer()));
    const fps = timeline.globalConfig.fps;
    const primary = timeline.tracks.find((t) => t.isPrimary)!;
    expect(primary.items).toHaveLength(shots.length);
    for (const item of primary.items) {
      const frame = await frameAt(mp4, (item.startTimeInFrames + item.durationInFrames / 2) / fps);
      const share = patchShare(frame);
      expect(share, `patch in ${item.shotId}`).toBeGreaterThan(0.03);
    }

    // A regenerated picture shows the character too.
    const second = shots[1]!;
    const regenerate = await client.post(
      `/stories/workflow/regenerate_shot?storyId=${story.id}&shotId=${second.shot_id}`,
      { media_types: ['image'] },
    );
    expect(regenerate.status).toBe(200);
    const regenerated = await finishRun(
      client,
      (regenerate.body as { workflowRunId: string }).workflowRunId,
    );
    expect(regenerated.status).toBe('RUN_SUCCESS');
    const after = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    const newShot = after.storyboard!.shots_map[second.shot_id]!;
    expect(newShot.active_image_url).not.toBe(second.active_image_url);
    const picture = await client.request('GET', newShot.active_image_url!);
    const pictureFile = path.join(dir, 'regenerated.jpg');
    writeFileSync(pictureFile, Buffer.from(await picture.arrayBuffer()));
    expect(patchShare(await frameAt(pictureFile))).toBeGreaterThan(0.03);
  }, 180_000);

  it('refuses a vlog without a character, without the mention, or with someone else’s character', async () => {
    const { client } = await signUp(server.baseUrl);
    const { client: owner } = await signUp(server.baseUrl, 'Owner');
    const upload = await uploadPicture(owner, patchPortrait());
    const theirs = (
      await owner.post('/api/characters', { name: 'Rex', image_url: upload.imageUrl })
    ).body as unknown as Character;
    const premade = { type: 'premade', id: 'premade-maya', name: 'Maya', image_url: '/x' };
    const first = (body: unknown) =>
      (body as { issues?: { message: string }[] }).issues?.[0]?.message;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'T', vlog_topic: 'cooking' }, MESSAGES.generate.characterRequired],
      [
        { title: 'T', character: premade, vlog_topic: 'Maya is cooking' },
        MESSAGES.generate.mentionRequired,
      ],
      [{ title: 'T', character: premade, vlog_topic: '  ' }, MESSAGES.generate.activityRequired],
      [
        { title: ' ', character: premade, vlog_topic: '@Maya cooks' },
        MESSAGES.generate.titleRequired,
      ],
      [
        {
          title: 'T',
          character: premade,
          additional_characters: [premade],
          vlog_topic: '@Maya cooks',
        },
        MESSAGES.generate.duplicateCharacter,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/stories/workflow/generate_character_vlog', body);
      expect(res.status, message).toBe(400);
      expect(first(res.body)).toBe(message);
    }
    const tooLong = await client.post('/stories/workflow/generate_character_vlog', {
      title: 'T',
      character: premade,
      vlog_topic: `@Maya ${'x'.repeat(1000)}`,
    });
    expect(tooLong.status).toBe(400);
    const stolen = await client.post('/stories/workflow/generate_character_vlog', {
      title: 'T',
      character: { type: 'custom-quick', id: theirs.id, name: 'Rex', image_url: theirs.image_url },
      vlog_topic: '@Rex goes hiking',
    });
    expect(stolen.status).toBe(400);
    // Nothing was charged for the refused requests.
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
    });
  });
});
