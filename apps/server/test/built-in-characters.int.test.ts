import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generationCharge,
  musicVideoPayloadSchema,
  orderedShots,
  startCharge,
  type Character,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { creditAccounts } from '../src/db/schema.js';
import { musicVideoCreditInput } from '../src/generation/music-video-workflows.js';
import { patchPortrait, patchShare, uploadMedia, uploadPicture } from './character-fixtures.js';
import { finishRun, signUp, startTestServer, type Client, type TestServer } from './helpers.js';
import { frameAt, LYRICS, sungTrack, uploadAudio } from './song-fixtures.js';

const run = promisify(execFile);

/**
 * Every flow that takes a character, with a built-in (premade) character, as a new user takes
 * it: the run finishes and charges exactly the price (issue 20: a vlog with a premade character
 * failed in 6 s, its picture refused by the ownership rule). And Singing & Dancing shows its
 * artist in every shot, captioned with the song's words.
 */
describe('built-in characters in every flow', () => {
  let server: TestServer;
  let dir: string;
  let song: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-builtin-'));
    song = (await sungTrack(dir, 'sung.wav')).bytes;
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new paying user (the promo's free stories used up), and their balance. */
  async function payingUser() {
    const user = await signUp(server.baseUrl);
    await user.client.get('/api/credits');
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, user.id));
    return user;
  }

  const balance = async (client: Client) =>
    ((await client.get('/api/credits')).body as { balance: number }).balance;

  async function premade(client: Client, id: string) {
    const { data } = (await client.get('/api/characters/premade')).body as unknown as {
      data: Character[];
    };
    const found = data.find((c) => c.id === id)!;
    return { type: 'premade', id: found.id, name: found.model_name, image_url: found.image_url };
  }

  async function uploadSong(client: Client) {
    const uploaded = await uploadAudio(client, song, 'sung.wav');
    expect(uploaded.status).toBe(200);
    return uploaded.body;
  }

  /** Waits for the run that `start` (the answer to its POST) began, which must succeed. */
  async function succeeded(client: Client, start: { status: number; body: unknown }) {
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
    expect(poll.error).toBeUndefined();
    expect(poll.status).toBe('RUN_SUCCESS');
    return poll;
  }

  /**
   * Uploads the sung track and starts a music video of it with `fields`, waits for it, and
   * checks the charge against the calculator.
   */
  async function musicVideo(client: Client, fields: Record<string, unknown>) {
    const { url, duration } = await uploadSong(client);
    const body = { music_url: url, music_duration: duration, ...fields };
    const before = await balance(client);
    const poll = await succeeded(
      client,
      await client.post('/stories/workflow/generate_music_video', body),
    );
    const price = startCharge(
      musicVideoCreditInput(musicVideoPayloadSchema.parse(body), duration),
      false,
    ).amount;
    expect(price).toBeGreaterThan(0);
    expect(before - (await balance(client))).toBe(price);
    return poll.output.story!;
  }

  it('makes a character vlog with a premade character, charged the vlog price', async () => {
    const { client } = await payingUser();
    const before = await balance(client);
    const maya = await premade(client, 'premade-maya');
    const poll = await succeeded(
      client,
      await client.post('/stories/workflow/generate_character_vlog', {
        title: 'Painting day',
        character: maya,
        vlog_topic: '@Maya is painting in her studio',
        aspect_ratio: '16:9',
      }),
    );
    const story = poll.output.story!;
    expect(story).toMatchObject({ status: 'completed', category_id: 'character_vlog' });
    expect(story.last_export_url).toMatch(/^\/media\/exports\//);
    expect(before - (await balance(client))).toBe(generationCharge('character_vlog', false).amount);
    const script = orderedShots(story.storyboard!.shots_map)
      .map((s) => s.script)
      .join(' ');
    expect(script).toContain("I'm Maya");
  }, 180_000);

  it('makes a consistent-character music video with a premade character', async () => {
    const { client } = await payingUser();
    const story = await musicVideo(client, {
      video_type: 'consistent-character',
      character: await premade(client, 'premade-biscuit'),
      enable_broll: false,
      auto_captions: false,
    });
    expect(story.status).toBe('completed');
  }, 200_000);

  it('makes Singing & Dancing with a premade artist, who is named in every shot', async () => {
    const { client } = await payingUser();
    const story = await musicVideo(client, {
      video_type: 'singing-dancing',
      character: await premade(client, 'premade-leo'),
    });
    const shots = orderedShots(story.storyboard!.shots_map);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    for (const shot of shots) expect(shot.image_prompt, shot.shot_id).toContain('Leo');
  }, 200_000);

  it('shows the chosen artist in every Singing & Dancing shot, captioned with the sung words', async () => {
    const { client } = await payingUser();
    const picture = await uploadPicture(client, patchPortrait());
    const mia = (await client.post('/api/characters', { name: 'Mia', image_url: picture.imageUrl }))
      .body as unknown as Character;
    const story = await musicVideo(client, {
      video_type: 'singing-dancing',
      character: { type: 'custom-quick', id: mia.id, name: 'Mia', image_url: mia.image_url },
      video_scenes: 'on a rooftop at night',
    });
    const shots = orderedShots(story.storyboard!.shots_map);
    // B-roll is on by default: the cutaway shows the artist close up too.
    expect(shots.some((s) => (s as { broll?: boolean }).broll)).toBe(true);
    for (const shot of shots) {
      expect(shot.image_prompt, shot.shot_id).toContain('Mia');
      expect(shot.image_prompt ?? '').not.toMatch(/\b(a|the) singer\b/i);
    }

    // Every shot of the export shows the artist's own picture (its magenta patch).
    const res = await client.request('GET', story.last_export_url!);
    expect(res.status).toBe(200);
    const mp4 = path.join(dir, 'singing.mp4');
    writeFileSync(mp4, Buffer.from(await res.arrayBuffer()));
    const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
    const fps = timeline.globalConfig.fps;
    const primary = timeline.tracks.find((t) => t.isPrimary)!;
    expect(primary.items).toHaveLength(shots.length);
    const shares = await Promise.all(
      primary.items.map(async (item) =>
        patchShare(await frameAt(mp4, (item.startTimeInFrames + item.durationInFrames / 2) / fps)),
      ),
    );
    console.log(
      'artist patch per shot:',
      shares,
      shots.map((s) => s.image_prompt),
    );
    for (const [index, share] of shares.entries())
      expect(share, `artist in ${primary.items[index]!.shotId}`).toBeGreaterThan(0.005);

    // The captions are the song's words, heard and timed — not descriptions of the shots.
    const captions = timeline.tracks
      .filter((t) => t.type === 'caption')
      .flatMap((t) => t.items)
      .map((item) => item.caption!.data.text.toLowerCase());
    expect(captions.length).toBeGreaterThan(0);
    const known = LYRICS.join(' ')
      .toLowerCase()
      .match(/[a-z']+/g)!;
    const heard = new Set(captions.flatMap((c) => c.match(/[a-z']+/g) ?? []));
    expect(known.filter((word) => heard.has(word)).length / known.length).toBeGreaterThanOrEqual(
      0.7,
    );
    for (const caption of captions) expect(caption).not.toMatch(/rooftop|mia|sings on|dances/);
    for (const shot of shots) expect(shot.script ?? '').not.toContain('rooftop');
  }, 240_000);

  it('makes an action video from a premade character’s picture', async () => {
    const { client } = await signUp(server.baseUrl);
    const pan = path.join(dir, 'pan.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=s=320x240:r=24:d=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', pan],
    ]);
    const reference = await uploadMedia(client, readFileSync(pan), 'dance.mp4');
    expect(reference.status).toBe(200);
    const pip = await premade(client, 'premade-pip');
    const poll = await succeeded(
      client,
      await client.post('/action-video/create', {
        characterUrl: `${server.baseUrl}${pip.image_url}`,
        characterType: 'image',
        referenceUrl: `${server.baseUrl}${reference.body.url as string}`,
        referenceType: 'video',
        model: 'runway-act2',
      }),
    );
    expect((await client.request('GET', poll.output.url!)).status).toBe(200);
  }, 180_000);
});
