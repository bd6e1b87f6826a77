import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story, SyncPayloadInput, VideoEditorTimelineInput } from '@storyloom/core';
import { MESSAGES } from '@storyloom/core';
import { Client, DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

const asset = (id: string, seconds: number) => ({
  id,
  url: `/media/${id}.mp4`,
  resource_type: 'video' as const,
  metadata: { duration: seconds },
});

/** A primary track of two clips (the second stored out of place: the server repairs it). */
function timeline(): VideoEditorTimelineInput {
  return {
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'video',
            mediaAssetId: 'v1',
            shotId: 's1',
            startTimeInFrames: 0,
            durationInFrames: 90,
          },
          {
            id: 'b',
            type: 'video',
            mediaAssetId: 'v2',
            shotId: 's2',
            startTimeInFrames: 500,
            durationInFrames: 60,
          },
        ],
      },
    ],
    mediaAssets: [asset('v1', 10), asset('v2', 10)],
  };
}

const shot = (id: string, lexorank: string) => ({
  shot_id: id,
  shot_type: 'manual' as const,
  lexorank,
});

describe.each(DATABASES)('POST /stories/{id}/sync on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  async function newStory(client: Client) {
    const created = await client.post('/stories', {
      title: 'Edit me',
      category_id: 'create_from_scratch',
    });
    expect(created.status).toBe(201);
    return created.body as unknown as Story;
  }

  const sync = (client: Client, id: string, body: SyncPayloadInput | Record<string, unknown>) =>
    client.post(`/stories/${id}/sync`, body);

  it('stores shots and the repaired timeline, bumps the version and marks the export outdated', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await newStory(client);
    expect(story.version).toBe(1);

    const first = await sync(client, story.id, {
      shots_map: { s1: shot('s1', 'a'), s2: shot('s2', 'b') },
      video_editor_timeline: timeline(),
      base_version: 1,
    });
    expect(first).toEqual({ status: 200, body: { version: 2, is_export_outdated: true } });

    const stored = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(stored.version).toBe(2);
    expect(stored.is_export_outdated).toBe(true);
    expect(Object.keys(stored.storyboard!.shots_map).sort()).toEqual(['s1', 's2']);
    const items = stored.video_editor_timeline!.tracks[0]!.items;
    expect(items.map((item) => [item.id, item.startTimeInFrames])).toEqual([
      ['a', 0],
      ['b', 90],
    ]);
    expect(stored.video_editor_timeline!.schemaVersion).toBe(1);

    // null deletes a shot; other shots are upserted.
    const second = await sync(client, story.id, {
      shots_map: { s1: null, s3: shot('s3', 'c') },
      video_editor_timeline: timeline(),
      base_version: 2,
    });
    expect(second.body).toEqual({ version: 3, is_export_outdated: true });
    const after = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(Object.keys(after.storyboard!.shots_map).sort()).toEqual(['s2', 's3']);
  });

  it('refuses a stale write with 409 and applies nothing', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await newStory(client);
    const body = { shots_map: { s1: shot('s1', 'a') }, video_editor_timeline: timeline() };
    expect((await sync(client, story.id, { ...body, base_version: 1 })).status).toBe(200);

    const stale = await sync(client, story.id, {
      shots_map: { s1: null, other: shot('other', 'z') },
      video_editor_timeline: { tracks: [], mediaAssets: [] },
      base_version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'STALE_VERSION', message: MESSAGES.editor.syncConflict });
    expect(stale.body.message).toBe(
      'This story was changed in another tab. Reload to get the latest version.',
    );
    const stored = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(stored.version).toBe(2);
    expect(Object.keys(stored.storyboard!.shots_map)).toEqual(['s1']);
    expect(stored.video_editor_timeline!.tracks).toHaveLength(1);
  });

  it('lets exactly one of two concurrent writes on the same version win', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await newStory(client);
    const write = (tag: string) =>
      sync(client, story.id, {
        shots_map: { [tag]: shot(tag, 'a') },
        video_editor_timeline: timeline(),
        base_version: 1,
      });
    const results = await Promise.all([write('left'), write('right'), write('third')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const stored = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(stored.version).toBe(2);
    expect(Object.keys(stored.storyboard!.shots_map)).toHaveLength(1);
  });

  it("answers 404 for another user's story and 401 when signed out", async () => {
    const alice = await signUp(server.baseUrl, 'Alice');
    const bob = await signUp(server.baseUrl, 'Bob');
    const story = await newStory(alice.client);
    const body = { shots_map: {}, video_editor_timeline: timeline(), base_version: 1 };
    expect((await sync(bob.client, story.id, body)).status).toBe(404);
    expect((await sync(bob.client, 'no-such-story', body)).status).toBe(404);
    expect((await sync(new Client(server.baseUrl), story.id, body)).status).toBe(401);
    const stored = (await alice.client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(stored.version).toBe(1);
    expect(stored.video_editor_timeline).toBeNull();
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await newStory(client);
    const missingVersion = await sync(client, story.id, {
      shots_map: {},
      video_editor_timeline: timeline(),
    });
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.message).toMatch(/^base_version: /);
    const badShot = await sync(client, story.id, {
      shots_map: { s1: { shot_id: 's1' } },
      video_editor_timeline: timeline(),
      base_version: 1,
    });
    expect(badShot.status).toBe(400);
    expect(badShot.body.message).toMatch(/^shots_map\.s1\.lexorank: /);
    const wrongKey = await sync(client, story.id, {
      shots_map: { s1: shot('s2', 'a') },
      video_editor_timeline: timeline(),
      base_version: 1,
    });
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.message).toMatch(/^shots_map\.s1\.shot_id: /);
    const noTimeline = await sync(client, story.id, {
      shots_map: {},
      video_editor_timeline: null,
      base_version: 1,
    });
    expect(noTimeline.status).toBe(400);
    expect(noTimeline.body.message).toMatch(/^video_editor_timeline: /);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/stories/{id}/sync']).toHaveProperty(['post', 'requestBody']);
  });

  it('refuses an invalid timeline with the spec message and stores nothing', async () => {
    const { client } = await signUp(server.baseUrl);
    const story = await newStory(client);
    const badTracks = await sync(client, story.id, {
      shots_map: { s1: shot('s1', 'a') },
      video_editor_timeline: { tracks: 'nope', mediaAssets: [] },
      base_version: 1,
    });
    expect(badTracks.status).toBe(400);
    expect(badTracks.body).toEqual({
      error: 'INVALID_TIMELINE',
      message: 'Invalid track data provided',
    });
    const badAssets = await sync(client, story.id, {
      shots_map: {},
      video_editor_timeline: { tracks: [], mediaAssets: [{ id: 'x' }] },
      base_version: 1,
    });
    expect(badAssets.body.message).toBe('Invalid media asset data provided');
    const stored = (await client.get(`/stories/${story.id}`)).body as unknown as Story;
    expect(stored.version).toBe(1);
    expect(stored.storyboard).toBeNull();
  });
});
