import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STARTING_CREDIT_BALANCE, type Character, type Story } from '@storyloom/core';
import { loadTimeline } from '@storyloom/timeline';
import { stories } from '../src/db/schema.js';
import { EXPORT_WORKFLOW } from '../src/render/render-workflows.js';
import { patchPortrait, uploadPicture } from './character-fixtures.js';
import { finishRun, signUp, startTestServer, type Client, type TestServer } from './helpers.js';
import { stillTimeline } from './render-fixtures.js';

const run = promisify(execFile);

/** A 12-second song (a chord), as WAV. */
async function song(file: string): Promise<Buffer> {
  const chord = '0.2*sin(2*PI*220*t)+0.15*sin(2*PI*261.63*t)+0.15*sin(2*PI*329.63*t)';
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `aevalsrc=${chord}:s=22050:d=12`, '-ac', '1', file],
  ]);
  return readFileSync(file);
}

async function uploadSong(client: Client, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'song.wav');
  const res = await client.request('POST', '/api/media/upload_audio', form);
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

/** A timeline of one picture (15 frames) and, when given, a song under it. */
function timelineOf(pictureUrl: string, songUrl?: string) {
  const picture = stillTimeline(pictureUrl, 15);
  if (!songUrl) return picture;
  return {
    tracks: [
      ...picture.tracks,
      {
        id: 'music',
        type: 'audio',
        subtype: 'music',
        items: [
          {
            id: 'm',
            type: 'audio',
            mediaAssetId: 'song',
            startTimeInFrames: 0,
            durationInFrames: 15,
          },
        ],
      },
    ],
    mediaAssets: [
      ...picture.mediaAssets,
      { id: 'song', url: songUrl, resource_type: 'audio', subtype: 'music' },
    ],
  };
}

/**
 * The one ownership rule at every entry that names media: user B tries every route that takes
 * a media URL with user A's private files (a picture and a song), and is refused each time
 * with a 4xx that names nothing of A's; nothing of A's reaches B's story, B's zip or B's
 * renders, and B is charged nothing. The same routes take B's own files and built-in content
 * (a premade character's picture, a stock track), so the refusals are the rule's, not a
 * broken route's.
 */
describe('one ownership rule for media', () => {
  let server: TestServer;
  let dir: string;
  let a: Awaited<ReturnType<typeof signUp>>;
  let b: Awaited<ReturnType<typeof signUp>>;
  /** A's private files. */
  let theirs: { picture: string; song: string };
  /** B's own files. */
  let mine: { picture: string; song: string };
  let storyId: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-owner-'));
    a = await signUp(server.baseUrl, 'Alice');
    b = await signUp(server.baseUrl, 'Bob');
    const bytes = await song(path.join(dir, 'song.wav'));
    theirs = {
      picture: (await uploadPicture(a.client, patchPortrait())).imageUrl,
      song: await uploadSong(a.client, bytes),
    };
    mine = {
      picture: (await uploadPicture(b.client, patchPortrait(), 'mine.png')).imageUrl,
      song: await uploadSong(b.client, bytes),
    };
    const created = await b.client.post('/stories', {
      title: 'Mine',
      category_id: 'create_from_scratch',
    });
    storyId = (created.body as unknown as Story).id;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A refusal: a 4xx whose answer names none of A's files. */
  const refused = (res: { status: number; body: unknown }, what: string) => {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.status, what).toBeLessThan(500);
    const text = JSON.stringify(res.body);
    for (const url of Object.values(theirs)) {
      const file = url.slice(url.lastIndexOf('/') + 1);
      // Caption detection names the URL the request itself sent; nothing else may.
      if (what !== 'generate_caption') expect(text, what).not.toContain(file);
    }
  };

  const version = async () =>
    ((await b.client.get(`/stories/${storyId}`)).body as unknown as Story).version ?? 0;

  it('refuses another user’s private media on every route that takes a media URL', async () => {
    const absolute = `http://127.0.0.1${theirs.picture}`;
    const picture = theirs.picture;
    const cases: [string, () => Promise<{ status: number; body: unknown }>][] = [
      [
        'create story (timeline)',
        () =>
          b.client.post('/stories', {
            category_id: 'create_from_scratch',
            video_editor_timeline: timelineOf(picture),
          }),
      ],
      [
        'create story (storyboard)',
        () =>
          b.client.post('/stories', {
            category_id: 'create_from_scratch',
            storyboard: {
              shots_map: { s1: { shot_id: 's1', lexorank: 'a', active_image_url: picture } },
            },
          }),
      ],
      [
        'sync (timeline, public address)',
        async () =>
          b.client.post(`/stories/${storyId}/sync`, {
            shots_map: {},
            video_editor_timeline: timelineOf(mine.picture, theirs.song),
            base_version: await version(),
          }),
      ],
      [
        'sync (absolute address)',
        async () =>
          b.client.post(`/stories/${storyId}/sync`, {
            shots_map: {},
            video_editor_timeline: timelineOf(absolute),
            base_version: await version(),
          }),
      ],
      [
        'sync (shot)',
        async () =>
          b.client.post(`/stories/${storyId}/sync`, {
            shots_map: {
              s1: { shot_id: 's1', lexorank: 'a', active_video_url: picture, extra: [picture] },
            },
            video_editor_timeline: timelineOf(mine.picture),
            base_version: await version(),
          }),
      ],
      [
        'thumbnail',
        () => b.client.patch(`/stories/${storyId}`, { last_export_thumbnail_url: picture }),
      ],
      [
        'render_video',
        () =>
          b.client.post('/api/internal/storybuilder/render_video', {
            ...timelineOf(picture),
            watermarkConfig: { enabled: false, type: 'storyloom' },
          }),
      ],
      [
        'media resource',
        () => b.client.post(`/stories/${storyId}/media_resources`, { type: 'image', url: picture }),
      ],
      [
        'media resource thumbnail',
        () =>
          b.client.post(`/stories/${storyId}/media_resources`, {
            type: 'image',
            url: mine.picture,
            thumbnail_url: picture,
          }),
      ],
      ['character', () => b.client.post('/api/characters', { name: 'Thief', image_url: picture })],
      [
        'action video',
        () =>
          b.client.post('/action-video/create', {
            characterUrl: `${server.baseUrl}${picture}`,
            characterType: 'image',
            referenceUrl: `${server.baseUrl}${mine.picture}`,
            referenceType: 'video',
            model: 'runway-act2',
          }),
      ],
      [
        'generate_caption',
        () =>
          b.client.post('/stories/generate_caption', {
            tracks: [
              {
                id: 'voice',
                type: 'audio',
                items: [
                  {
                    id: 'v',
                    type: 'audio',
                    mediaAssetId: 'song',
                    startTimeInFrames: 0,
                    durationInFrames: 60,
                  },
                ],
              },
            ],
            mediaAssets: [{ id: 'song', url: theirs.song, resource_type: 'audio' }],
            globalConfig: { fps: 30 },
          }),
      ],
      [
        'analyze_audio',
        () => b.client.post('/api/media/analyze_audio', { music_url: theirs.song }),
      ],
      [
        'music video song',
        () =>
          b.client.post('/stories/workflow/generate_music_video', {
            music_url: theirs.song,
            music_duration: 12,
            video_type: 'consistent-style',
          }),
      ],
      [
        'music video reference picture',
        () =>
          b.client.post('/stories/workflow/generate_music_video', {
            music_url: mine.song,
            music_duration: 12,
            video_type: 'consistent-style',
            reference_image_url: picture,
          }),
      ],
      [
        'lyrics video song',
        () =>
          b.client.post('/stories/workflow/generate_lyrics_to_video', {
            music_url: theirs.song,
            music_duration: 12,
          }),
      ],
      ['profile avatar', () => b.client.patch('/api/profile', { avatarUrl: picture })],
      ['account image', () => b.client.post('/api/auth/update-user', { image: picture })],
    ];
    for (const [what, attempt] of cases) refused(await attempt(), what);

    // The sync refusal says where the request named such a file, in the spec's voice.
    const answer = await b.client.post(`/stories/${storyId}/sync`, {
      shots_map: {},
      video_editor_timeline: timelineOf(picture),
      base_version: await version(),
    });
    expect(answer.body).toEqual({
      error: 'NOT_YOUR_MEDIA',
      message: MESSAGES.media.notUsable(['video_editor_timeline.mediaAssets.0.url']),
    });

    // Nothing of A's reached B's story, profile or characters; nothing was charged.
    const story = JSON.stringify((await b.client.get(`/stories/${storyId}`)).body);
    for (const url of Object.values(theirs)) expect(story).not.toContain(url);
    expect(JSON.stringify((await b.client.get('/api/profile')).body)).not.toContain(picture);
    expect(JSON.stringify((await b.client.get('/api/characters')).body)).not.toContain(picture);
    expect((await b.client.get('/api/credits')).body).toMatchObject({
      balance: STARTING_CREDIT_BALANCE,
    });
    // A's files stay A's: B cannot read them either.
    expect((await b.client.request('GET', picture)).status).toBe(404);
  }, 120_000);

  it('takes the user’s own media, premade pictures and stock tracks on the same routes', async () => {
    const premade = (await b.client.get('/api/characters/premade')).body as unknown as {
      data: Character[];
    };
    const maya = premade.data.find((c) => c.id === 'premade-maya')!;
    expect(maya.image_url).toMatch(/^\/media\/avatars\//);
    const stock = (
      (await b.client.get('/api/music/tracks')).body as unknown as { tracks: { url: string }[] }
    ).tracks[0]!.url;
    for (const [picture, music] of [
      [mine.picture, mine.song],
      [maya.image_url, stock],
    ] as const) {
      const synced = await b.client.post(`/stories/${storyId}/sync`, {
        shots_map: { s1: { shot_id: 's1', lexorank: 'a', active_image_url: picture } },
        video_editor_timeline: timelineOf(picture, music),
        base_version: await version(),
      });
      expect(synced.status, picture).toBe(200);
    }
    // The story now shows Maya over a stock track: its zip and its export read both.
    const zip = await b.client.request('GET', `/stories/${storyId}/assets.zip`);
    expect(zip.status).toBe(200);
    const exported = await b.client.post('/stories/workflow/export', { story_id: storyId });
    expect(exported.status).toBe(200);
    const poll = await finishRun(
      b.client,
      (exported.body as { workflowRunId: string }).workflowRunId,
    );
    expect(poll.error).toBeUndefined();
    expect(poll.status).toBe('RUN_SUCCESS');
  }, 180_000);

  it('neither zips nor renders another user’s files that a story stored before the rule', async () => {
    // A timeline stored before sync applied the rule (written straight to the database).
    const created = await b.client.post('/stories', {
      title: 'Old',
      category_id: 'create_from_scratch',
    });
    const old = (created.body as unknown as Story).id;
    const stored = loadTimeline(timelineOf(mine.picture, theirs.song));
    if (!stored.ok) throw new Error(stored.reason.message);
    await server.ctx.database.db
      .update(stories)
      .set({
        videoEditorTimeline: stored.timeline,
        storyboard: {
          shots_map: { s1: { shot_id: 's1', lexorank: 'a', active_image_url: theirs.picture } },
        },
      })
      .where(eq(stories.id, old));

    // The zip sends nothing: A's files fail as missing ones do (nothing says they exist).
    const zip = await b.client.get(`/stories/${old}/assets.zip`);
    expect(zip.status).toBe(502);
    expect(zip.body).toEqual({
      error: 'ASSET_DOWNLOAD_FAILED',
      message: 'Failed to download all assets (failed files: images 1, background_music 1)',
    });
    // Export is refused at once...
    refused(await b.client.post('/stories/workflow/export', { story_id: old }), 'export');
    // ...and a run that reaches the renderer all the same reads nothing of A's.
    const started = await server.ctx.workflows.start({
      kind: EXPORT_WORKFLOW,
      userId: b.id,
      storyId: old,
      input: { story_id: old },
    });
    const poll = await finishRun(b.client, started.id);
    expect(poll.status).toBe('RUN_FAILED');
    expect(poll.error ?? poll.output.error).toContain(MESSAGES.media.notUsableInStory);
    const after = (await b.client.get(`/stories/${old}`)).body as unknown as Story;
    expect(after.last_export_url).toBeNull();
  }, 120_000);
});
