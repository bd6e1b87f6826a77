import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calculateCredits,
  EDITOR_CONSTANTS,
  DEFAULT_MODEL_CONFIGS,
  MESSAGES,
  orderedShots,
  STARTING_CREDIT_BALANCE,
  type Character,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { creditAccounts } from '../src/db/schema.js';
import { patchPortrait, patchShare, uploadPicture } from './character-fixtures.js';
import { finishRun, signUp, startTestServer, type Client, type TestServer } from './helpers.js';
import { CHORD, frameAt, LYRICS, sungTrack, uploadAudio } from './song-fixtures.js';

const run = promisify(execFile);
const FPS = 30;
/** A tempo whose beats (0.625 s, 18.75 frames) do not fall on whole seconds or on even cuts. */
const BPM = 96;
const BEAT = 60 / BPM;
/** The first click of the song, and the segment the creator keeps. */
const FIRST_CLICK = 0.2;
const SEGMENT = { start: 3.1, end: 26.4 };

/** A click on every beat over a quiet A-minor chord, 40 s, as MP3 (made by ffmpeg's lavfi). */
async function clickTrack(file: string) {
  const click = `0.7*sin(2*PI*1200*t)*exp(-60*mod(t+${BEAT - FIRST_CLICK}\\,${BEAT}))`;
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `aevalsrc=${click}+${CHORD}:s=44100:d=40`],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', file],
  ]);
  return readFileSync(file);
}

/**
 * How much the picture changes across each cut: the largest scene-change score (0–1, ffmpeg's
 * `scene`) of the frames within 1.5 frames of it.
 */
async function jumpsAt(file: string, cutFrames: readonly number[]): Promise<number[]> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-i', file, '-an'],
    ...['-vf', "select='gte(scene,0)',metadata=print", '-f', 'null', '-'],
  ]);
  const scores: { time: number; score: number }[] = [];
  let time = 0;
  for (const line of stderr.split('\n')) {
    const at = /pts_time:([\d.]+)/.exec(line);
    if (at) time = Number(at[1]);
    const score = /lavfi\.scene_score=([\d.]+)/.exec(line);
    if (score) scores.push({ time, score: Number(score[1]) });
  }
  return cutFrames.map((cut) =>
    Math.max(
      0,
      ...scores.filter((s) => Math.abs(s.time - cut / FPS) <= 1.5 / FPS).map((s) => s.score),
    ),
  );
}

/** Times (s) where the picture changes by more than `threshold` (ffmpeg scene detection; 0.3 = 30 %). */
async function sceneCuts(file: string, threshold = 0.3): Promise<number[]> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-i', file, '-an'],
    ...['-vf', `select='gt(scene,${threshold})',showinfo`, '-f', 'null', '-'],
  ]);
  return [...stderr.matchAll(/pts_time:\s*([\d.]+)/g)].map((m) => Number(m[1]));
}

async function videoSeconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim());
}

/**
 * A music video from a song the test makes: uploaded and trimmed through the real routes,
 * analysed, generated with beat sync on by the real workflow and exported by ffmpeg; then
 * the exported MP4's cuts, found by scene detection, must sit on the song's beats.
 */
describe('music videos', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-mv-'));
    server = await startTestServer('pglite');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A paying account: the free stories of the promo are used up. */
  const withoutFreeStories = async (client: Client, userId: string) => {
    await client.get('/api/credits');
    await server.ctx.database.db
      .update(creditAccounts)
      .set({ freeStoriesLeft: 0 })
      .where(eq(creditAccounts.userId, userId));
  };

  it('refuses bad music video requests with clear messages and charges nothing', async () => {
    const { client } = await signUp(server.baseUrl);
    const refusals: [Record<string, unknown>, string][] = [
      [{ music_duration: 20, video_type: 'consistent-style' }, MESSAGES.generate.musicUrlRequired],
      [
        { music_url: 'not a url', music_duration: 20, video_type: 'consistent-style' },
        MESSAGES.generate.musicUrlInvalid,
      ],
      [
        { music_url: '/media/uploads/x.mp3', music_duration: 20, video_type: 'singing-dancing' },
        MESSAGES.generate.characterRequired,
      ],
      [
        {
          music_url: '/media/uploads/x.mp3',
          music_duration: 20,
          video_type: 'consistent-style',
          aspect_ratio: '1:1',
        },
        MESSAGES.generate.aspectRatioNotAllowed,
      ],
      [
        {
          music_url: '/media/uploads/x.mp3',
          music_duration: 20,
          video_type: 'consistent-character',
          character: { type: 'premade', id: 'c1', name: 'Ava', image_url: '/media/a.png' },
          video_topic: 'x'.repeat(501),
        },
        MESSAGES.generate.storylineTooLong,
      ],
      // A song that is not the user's own.
      [
        { music_url: '/media/uploads/x.mp3', music_duration: 20, video_type: 'consistent-style' },
        'The song must be one you uploaded or a stock track',
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await client.post('/stories/workflow/generate_music_video', body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body), message).toContain(message);
    }
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
    });
  });

  it('cuts a beat-synced music video on the beats of the trimmed song, as long as it', async () => {
    const { client, id } = await signUp(server.baseUrl);
    await withoutFreeStories(client, id);
    const song = await clickTrack(path.join(dir, 'click.mp3'));
    const uploaded = await uploadAudio(client, song, 'click.mp3', {
      trim_start: String(SEGMENT.start),
      trim_end: String(SEGMENT.end),
    });
    expect(uploaded.status).toBe(200);
    const { url, duration } = uploaded.body;
    const trimmed = SEGMENT.end - SEGMENT.start;
    expect(Math.abs(duration - trimmed)).toBeLessThan(0.1);
    // A character the user does not have is refused before anything is charged; the picture
    // URL a request carries is never used (the server holds each character's picture).
    const notMine = await client.post('/stories/workflow/generate_music_video', {
      music_url: url,
      music_duration: duration,
      video_type: 'consistent-character',
      character: { type: 'custom-quick', id: 'local-not-mine', name: 'Ava', image_url: url },
    });
    expect(notMine.status).toBe(400);
    expect(JSON.stringify(notMine.body)).toContain('The selected character was not found');

    const analysed = await client.post('/api/media/analyze_audio', {
      music_url: url,
      video_type: 'consistent-style',
    });
    expect(analysed.status).toBe(200);
    const { tempo, beats, num_shots } = analysed.body as {
      tempo: number;
      beats: number[];
      num_shots: number;
    };
    expect(Math.abs(tempo - BPM)).toBeLessThanOrEqual(1);

    // Someone else cannot make a video of this song.
    const stranger = await signUp(server.baseUrl);
    const refused = await stranger.client.post('/stories/workflow/generate_music_video', {
      music_url: url,
      music_duration: duration,
      video_type: 'consistent-style',
    });
    expect(refused.status).toBe(400);

    // Consistent character with start/end frame off: stills, hard cuts (consistent-style
    // would join its shots by motion, with no cut to find).
    const picture = await uploadPicture(client, patchPortrait());
    const ava = (await client.post('/api/characters', { name: 'Ava', image_url: picture.imageUrl }))
      .body as unknown as Character;
    const start = await client.post('/stories/workflow/generate_music_video', {
      music_url: url,
      music_duration: duration,
      video_type: 'consistent-character',
      character: { type: 'custom-quick', id: ava.id, name: 'Ava', image_url: picture.imageUrl },
      video_consistent_style: 'pixelart',
      enable_beat_sync: true,
      enable_broll: false,
      auto_captions: false,
    });
    expect(start.status).toBe(200);
    const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
    expect(poll.error).toBeUndefined();
    expect(poll.status).toBe('RUN_SUCCESS');
    const story = poll.output.story!;
    expect(story).toMatchObject({ status: 'completed', category_id: 'music_video' });

    // Charged the calculator's price for the song's length: base, script, two analysis
    // units (consistent character), and flux_kontext pictures and default-priced clips per shot.
    const price = calculateCredits({
      category: 'music_video',
      videoType: 'consistent-character',
      style: 'pixelart',
      musicDuration: duration,
      imageModelConfig: DEFAULT_MODEL_CONFIGS.musicVideo.image,
    }).totalCredits;
    expect(price).toBe(25 + 20 + 20 + num_shots * 15 + num_shots * 100);
    expect((await client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE - price,
    });

    const shots = orderedShots(story.storyboard!.shots_map);
    expect(shots).toHaveLength(num_shots);
    for (const shot of shots) expect(shot.image_prompt).toContain('pixel');
    const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
    const music = timeline.tracks.find((t) => t.subtype === 'music')!;
    expect(timeline.tracks.some((t) => t.subtype === 'voiceover')).toBe(false);
    expect(timeline.tracks.some((t) => t.type === 'caption')).toBe(false);
    expect(music.items).toHaveLength(1);
    expect(music.items[0]).toMatchObject({ startTimeInFrames: 0, volume: 1 });

    const res = await client.request('GET', story.last_export_url!);
    expect(res.status).toBe(200);
    const mp4 = path.join(dir, 'music-video.mp4');
    writeFileSync(mp4, Buffer.from(await res.arrayBuffer()));
    const seconds = await videoSeconds(mp4);
    expect(Math.abs(seconds - trimmed)).toBeLessThanOrEqual(0.1);

    // A cut between two pictures of the same character scores about 0.17; moving stills, under 0.02.
    // The branded logo intro and outro (spec 3 §9: 1.5 s each) veil the first and last
    // seconds and so read as cuts; the shots' cuts lie between them.
    const logo = EDITOR_CONSTANTS.logoIntroSeconds + 2 / FPS;
    const cuts = (await sceneCuts(mp4, 0.08)).filter((cut) => cut > logo && cut < seconds - logo);
    const offBeat = cuts.map((cut) => Math.min(...beats.map((beat) => Math.abs(beat - cut))));
    // The clicks of the song itself, in the segment's time.
    const offClick = cuts.map((cut) => {
      const k = Math.round((cut + SEGMENT.start - FIRST_CLICK) / BEAT);
      return Math.abs(FIRST_CLICK + k * BEAT - SEGMENT.start - cut);
    });
    console.log('music video:', { tempo, num_shots, seconds, cuts, offBeat, offClick });
    expect(cuts).toHaveLength(num_shots - 1);
    for (const distance of offBeat) expect(distance).toBeLessThanOrEqual(1 / FPS + 1e-3);
  }, 200_000);

  it('adds B-roll cutaways, and joins shots without a hard cut with start/end frame or One-Take', async () => {
    const { client, id } = await signUp(server.baseUrl);
    await withoutFreeStories(client, id);
    const song = await clickTrack(path.join(dir, 'click-short.mp3'));
    const uploaded = await uploadAudio(client, song, 'click.mp3', {
      trim_start: '3.1',
      trim_end: '13.6',
    });
    expect(uploaded.status).toBe(200);
    const { url, duration } = uploaded.body;
    const picture = await uploadPicture(client, patchPortrait());
    const created = (
      await client.post('/api/characters', { name: 'Mia', image_url: picture.imageUrl })
    ).body as unknown as Character;
    const character = {
      type: 'custom-quick',
      id: created.id,
      name: 'Mia',
      image_url: picture.imageUrl,
    };

    // 10.5 s of song: two shots of the song (core's shot-count rule), cut on its beats.
    const generate = async (options: Record<string, boolean>, name: string) => {
      const start = await client.post('/stories/workflow/generate_music_video', {
        music_url: url,
        music_duration: duration,
        video_type: 'consistent-character',
        character,
        auto_captions: false,
        ...options,
      });
      expect(start.status).toBe(200);
      const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
      expect(poll.error).toBeUndefined();
      const story = poll.output.story!;
      const res = await client.request('GET', story.last_export_url!);
      const mp4 = path.join(dir, `${name}.mp4`);
      writeFileSync(mp4, Buffer.from(await res.arrayBuffer()));
      const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
      const visuals = timeline.tracks.find((t) => t.isPrimary)!.items;
      const kinds = visuals.map(
        (item) => timeline.mediaAssets.find((a) => a.id === item.mediaAssetId)?.resource_type,
      );
      const middles = visuals.map(
        (item) => (item.startTimeInFrames + item.durationInFrames / 2) / FPS,
      );
      const jumps = await jumpsAt(
        mp4,
        visuals.slice(1).map((item) => item.startTimeInFrames),
      );
      return {
        story,
        shots: orderedShots(story.storyboard!.shots_map),
        kinds,
        middles,
        mp4,
        jumps,
      };
    };

    // B-roll: a cutaway of the place between the two shots of the song, without the
    // character; start/end frame off, so the shots are stills with hard cuts.
    const balance = async () =>
      ((await client.get('/api/credits')).body as { balance: number }).balance;
    const before = await balance();
    const broll = await generate({ enable_broll: true }, 'broll');
    expect(broll.shots).toHaveLength(3);
    // The cutaway is charged like the song's shots: three pictures and three clips.
    expect(before - (await balance())).toBe(25 + 20 + 20 + 3 * 15 + 3 * 100);
    expect(broll.shots.map((s) => Boolean((s as { broll?: boolean }).broll))).toEqual([
      false,
      true,
      false,
    ]);
    expect(broll.kinds).toEqual(['image', 'image', 'image']);
    const patches = await Promise.all(
      broll.middles.map(async (at) => patchShare(await frameAt(broll.mp4, at))),
    );
    console.log('character patch per shot:', patches);
    expect(patches[0]).toBeGreaterThan(0.008);
    expect(patches[1]).toBeLessThan(0.002);
    expect(patches[2]).toBeGreaterThan(0.008);
    // Hard cuts: the picture jumps at each one.
    console.log('jumps at the cuts:', broll.jumps);
    for (const jump of broll.jumps) expect(jump).toBeGreaterThan(0.05);
    expect(Math.abs((await videoSeconds(broll.mp4)) - duration)).toBeLessThanOrEqual(0.1);

    // Start/end frame: each shot is a clip that moves from its picture into the next one's,
    // so the export has no hard cut.
    const morph = await generate({ enable_broll: false, enable_start_end_frame: true }, 'morph');
    expect(morph.shots).toHaveLength(2);
    expect(morph.kinds).toEqual(['video', 'video']);
    expect(morph.story.metadata).toMatchObject({ transitions: 'morph' });
    console.log('jumps with start/end frame:', morph.jumps);
    for (const jump of morph.jumps) expect(jump).toBeLessThan(0.02);
    expect(await sceneCuts(morph.mp4)).toEqual([]);

    // One-Take: one camera move through every shot, the cutaway included: no hard cut either.
    const oneTake = await generate({ enable_broll: true, enable_one_take: true }, 'one-take');
    expect(oneTake.shots).toHaveLength(3);
    expect(oneTake.kinds).toEqual(['video', 'video', 'video']);
    expect(oneTake.story.metadata).toMatchObject({ transitions: 'camera-move' });
    console.log('jumps with One-Take:', oneTake.jumps);
    for (const jump of oneTake.jumps) expect(jump).toBeLessThan(0.02);
    expect(await sceneCuts(oneTake.mp4)).toEqual([]);
    expect(Math.abs((await videoSeconds(oneTake.mp4)) - duration)).toBeLessThanOrEqual(0.1);
  }, 300_000);

  it('lays the words heard in a sung track out as timed lyric captions', async () => {
    // A sung-like track whose words and timing are known: each line spoken by RHVoice,
    // placed a second after the previous one ends, over music.
    const { bytes, offsets } = await sungTrack(dir, 'sung-over-music.wav');
    const { client } = await signUp(server.baseUrl);
    const uploaded = await uploadAudio(client, bytes, 'sung-over-music.wav');
    expect(uploaded.status).toBe(200);
    const { url, duration } = uploaded.body;
    const start = await client.post('/stories/workflow/generate_lyrics_to_video', {
      music_url: url,
      music_duration: duration,
      aspect_ratio: '9:16',
    });
    expect(start.status).toBe(200);
    const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
    expect(poll.error).toBeUndefined();
    const story = poll.output.story!;
    expect(story.category_id).toBe('music_video');
    const timeline = story.video_editor_timeline as unknown as VideoEditorTimeline;
    const captions = timeline.tracks
      .filter((t) => t.type === 'caption')
      .flatMap((t) => t.items)
      .map((item) => ({
        text: item.caption!.data.text.toLowerCase(),
        from: item.startTimeInFrames / FPS,
        to: (item.startTimeInFrames + item.durationInFrames) / FPS,
      }));
    console.log('lyrics:', captions);
    const known = LYRICS.join(' ')
      .toLowerCase()
      .match(/[a-z']+/g)!;
    const heard = new Set(captions.flatMap((c) => c.text.match(/[a-z']+/g) ?? []));
    const found = known.filter((word) => heard.has(word)).length / known.length;
    expect(found).toBeGreaterThanOrEqual(0.7);
    // Each line shows while it is sung (within half a second at either end).
    for (const { line, start: from, end: to } of offsets) {
      const words = line.toLowerCase().match(/[a-z']+/g)!;
      const showing = captions.filter((c) => c.to > from && c.from < to);
      expect(showing.length).toBeGreaterThan(0);
      expect(Math.min(...showing.map((c) => c.from))).toBeLessThanOrEqual(from + 0.5);
      expect(Math.max(...showing.map((c) => c.to))).toBeGreaterThanOrEqual(to - 0.5);
      const shown = new Set(showing.flatMap((c) => c.text.match(/[a-z']+/g) ?? []));
      expect(words.filter((w) => shown.has(w)).length).toBeGreaterThanOrEqual(words.length / 2);
    }
  }, 200_000);
});
