import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageCreditsPerShot,
  MESSAGES,
  type ShotMediaResources,
  type Story,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { LocalIllustrator, type ImageProvider } from '@storyloom/pipeline';
import { Client, finishRun, signUp, startTestServer, type TestServer } from './helpers.js';

/** The local illustrator, except that it fails on prompts that ask for it. */
const illustrator = new LocalIllustrator();
const flakyIllustrator: ImageProvider = {
  name: illustrator.name,
  generate: (request) =>
    request.prompt.includes('spilt ink')
      ? Promise.reject(new Error('the illustrator ran out of ink'))
      : illustrator.generate(request),
};

const finish = async (client: Client, workflowRunId: string) =>
  (await finishRun(client, workflowRunId)).status;

const balance = async (client: Client) =>
  ((await client.get('/api/credits')).body as { balance: number }).balance;

describe('shot resources and regeneration (spec 3 §7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { providers: { image: flakyIllustrator } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lists a shot’s resources to its owner only and regenerates its image for credits', async () => {
    const { client } = await signUp(server.baseUrl);
    const created = await client.post('/stories', {
      title: 'Written shot by shot',
      category_id: 'create_from_scratch',
      storyboard: {
        shots_map: {
          one: { shot_id: 'one', shot_type: 'manual', image_prompt: 'A red fox', lexorank: 'a' },
          two: { shot_id: 'two', shot_type: 'manual', image_prompt: 'A blue lake', lexorank: 'b' },
        },
      },
    });
    expect(created.status).toBe(201);
    const storyId = (created.body as unknown as Story).id;
    const shotUrl = (shotId: string) => `/stories/${storyId}/shots/${shotId}`;

    expect((await client.get(shotUrl('one'))).body).toEqual({
      media_resources: { images: [], videos: [], audio: [] },
    });
    const unknown = await client.get(shotUrl('three'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: MESSAGES.editor.shotNotFound('three') });
    // The longest id the API accepts reaches the route (an unknown shot); one more is refused.
    expect((await client.get(shotUrl('x'.repeat(200)))).status).toBe(404);
    expect((await client.get(shotUrl('x'.repeat(201)))).status).toBe(414);
    // Someone else's story is not found; signed out, sign in first.
    const { client: stranger } = await signUp(server.baseUrl, 'Stranger');
    expect((await stranger.get(shotUrl('one'))).status).toBe(404);
    expect((await new Client(server.baseUrl).get(shotUrl('one'))).status).toBe(401);
    expect(
      (
        await stranger.post(`/stories/workflow/regenerate_shot?storyId=${storyId}&shotId=one`, {
          media_types: ['image'],
        })
      ).status,
    ).toBe(404);

    // Regenerating the image charges the image price and makes a new image resource active.
    const before = await balance(client);
    const regen = await client.post(
      `/stories/workflow/regenerate_shot?storyId=${storyId}&shotId=one`,
      {
        media_types: ['image'],
        image_prompt: 'A red fox in the snow',
      },
    );
    expect(regen.status).toBe(200);
    const price = imageCreditsPerShot(null);
    expect(await balance(client)).toBe(before - price);
    expect(await finish(client, (regen.body as { workflowRunId: string }).workflowRunId)).toBe(
      'RUN_SUCCESS',
    );
    const resources = (await client.get(shotUrl('one'))).body as {
      media_resources: ShotMediaResources;
    };
    expect(resources.media_resources.images).toHaveLength(1);
    const image = resources.media_resources.images[0]!;
    expect(image).toMatchObject({ shot_id: 'one', resource_type: 'image', source: 'generated' });
    expect((await client.request('GET', image.url)).headers.get('content-type')).toMatch(
      /^image\//,
    );
    const story = (await client.get(`/stories/${storyId}`)).body as unknown as Story;
    const shot = story.storyboard!.shots_map.one!;
    expect(shot).toMatchObject({
      active_image_id: image.id,
      image_prompt: 'A red fox in the snow',
    });
    // The blank story now has a timeline: the new picture, then the placeholder of shot two.
    const primary = (story.video_editor_timeline as unknown as VideoEditorTimeline).tracks.find(
      (track) => track.isPrimary,
    )!;
    expect(
      primary.items.map((item) => [item.shotId, item.type, item.mediaAssetId ?? null]),
    ).toEqual([
      ['one', 'image', image.id],
      ['two', 'overlay', null],
    ]);
    expect((await client.get(shotUrl('two'))).body).toMatchObject({
      media_resources: { images: [] },
    });

    // A failed regeneration refunds exactly what it charged, and makes nothing.
    const failing = await client.post(
      `/stories/workflow/regenerate_shot?storyId=${storyId}&shotId=two`,
      { media_types: ['image'], image_prompt: 'A page of spilt ink' },
    );
    expect(failing.status).toBe(200);
    expect(await balance(client)).toBe(before - 2 * price);
    expect(await finish(client, (failing.body as { workflowRunId: string }).workflowRunId)).toBe(
      'RUN_FAILED',
    );
    expect(await balance(client)).toBe(before - price);
    expect((await client.get(shotUrl('two'))).body).toMatchObject({
      media_resources: { images: [] },
    });

    // A clip of the first shot's picture (the local motion provider charges nothing) becomes
    // the shot's item.
    const clip = await client.post(
      `/stories/workflow/regenerate_shot?storyId=${storyId}&shotId=one`,
      {
        media_types: ['video'],
        video_prompt: 'The camera pushes in',
      },
    );
    expect(await finish(client, (clip.body as { workflowRunId: string }).workflowRunId)).toBe(
      'RUN_SUCCESS',
    );
    expect(await balance(client)).toBe(before - price);
    const videos = (
      (await client.get(shotUrl('one'))).body as { media_resources: ShotMediaResources }
    ).media_resources.videos;
    expect(videos).toHaveLength(1);
    const withClip = (await client.get(`/stories/${storyId}`)).body as unknown as Story;
    expect(withClip.storyboard!.shots_map.one!.active_video_id).toBe(videos[0]!.id);
    const clipItem = (withClip.video_editor_timeline as unknown as VideoEditorTimeline).tracks.find(
      (track) => track.isPrimary,
    )!.items[0]!;
    expect([clipItem.type, clipItem.mediaAssetId]).toEqual(['video', videos[0]!.id]);

    // A story may not name someone else's picture (the one ownership rule, at entry): the
    // stranger's story is refused and nothing is made.
    const borrowed = await stranger.post('/stories', {
      title: 'Borrowed picture',
      category_id: 'create_from_scratch',
      storyboard: {
        shots_map: {
          one: {
            shot_id: 'one',
            shot_type: 'manual',
            image_prompt: 'A red fox',
            lexorank: 'a',
            active_image_url: image.url,
          },
        },
      },
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body).toMatchObject({ error: 'NOT_YOUR_MEDIA' });

    // A batch over every visible shot charges per shot.
    const batch = await client.post(`/stories/workflow/batch_generate?storyId=${storyId}`, {
      media_types: ['image'],
    });
    expect(batch.status).toBe(200);
    expect(await balance(client)).toBe(before - 3 * price);
    expect(await finish(client, (batch.body as { workflowRunId: string }).workflowRunId)).toBe(
      'RUN_SUCCESS',
    );
    expect(
      ((await client.get(shotUrl('one'))).body as { media_resources: ShotMediaResources })
        .media_resources.images,
    ).toHaveLength(2);
  }, 120_000);
});
