import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARACTER_TYPES, MESSAGES, type Character } from '@storyloom/core';
import {
  Client,
  DATABASES,
  pngDeclaring,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers.js';
import { patchPortrait, uploadPicture } from './character-fixtures.js';

interface ValidationAnswer {
  message: string;
  issues?: { field: string; message: string }[];
}

describe.each(DATABASES)('characters on %s', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('offers a premade library grouped by characterType, with pictures anyone may see', async () => {
    const visitor = new Client(server.baseUrl);
    const res = await visitor.get('/api/characters/premade');
    expect(res.status).toBe(200);
    const premade = (res.body as { data: Character[] }).data;
    expect(premade.length).toBeGreaterThanOrEqual(4);
    const types = new Set(premade.map((c) => c.characterType));
    expect([...types].sort()).toEqual([...CHARACTER_TYPES].sort());
    for (const character of premade) expect(character.id.startsWith('local-')).toBe(false);
    // The reference picture is a real drawing, served to a visitor.
    const picture = await visitor.request('GET', premade[0]!.image_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(5_000);
    // Two premade characters are not the same picture.
    const other = await visitor.request('GET', premade[2]!.image_url);
    expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(false);
  });

  it('creates, lists, renames and deletes quick characters, for their owner only', async () => {
    const { client } = await signUp(server.baseUrl, 'Owner');
    const { client: stranger } = await signUp(server.baseUrl, 'Stranger');
    const upload = await uploadPicture(client, patchPortrait());
    expect(upload.status).toBe(200);

    const created = await client.post('/api/characters', {
      name: '  Mia  ',
      image_url: upload.imageUrl,
    });
    expect(created.status).toBe(200);
    const mia = created.body as unknown as Character;
    expect(mia.id).toMatch(/^local-[0-9a-f-]{36}$/);
    expect(mia).toMatchObject({
      model_name: 'Mia',
      image_url: upload.imageUrl,
      reference_mode: 'quick',
      status: 'completed',
      modelData: { character_name: 'Mia', model_id: mia.id },
    });
    const second = await client.post('/api/characters', {
      name: 'Noor',
      image_url: upload.imageUrl,
    });
    expect(second.status).toBe(200);

    const list = (await client.get('/api/characters')).body as { data: Character[] };
    expect(list.data.map((c) => c.model_name)).toEqual(['Noor', 'Mia']);
    expect(((await stranger.get('/api/characters')).body as { data: Character[] }).data).toEqual(
      [],
    );

    expect(
      (await client.patch(`/api/characters/${mia.id}`, { name: 'Mia Rose' })).body,
    ).toMatchObject({
      model_name: 'Mia Rose',
    });
    const model = await client.get(`/api/train/model?id=${encodeURIComponent(mia.id)}`);
    expect(model.status).toBe(200);
    expect((model.body as { data: Character }).data).toMatchObject({
      id: mia.id,
      model_name: 'Mia Rose',
    });

    // Someone else's character does not exist for a stranger.
    expect((await stranger.patch(`/api/characters/${mia.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await stranger.delete(`/api/characters/${mia.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/train/model?id=${mia.id}`)).status).toBe(404);
    // Nor may a stranger make a character of the owner's picture.
    const stolen = await stranger.post('/api/characters', {
      name: 'Copy',
      image_url: upload.imageUrl,
    });
    expect(stolen.status).toBe(400);

    expect((await client.delete(`/api/characters/${mia.id}`)).status).toBe(200);
    expect((await client.get(`/api/train/model?id=${mia.id}`)).status).toBe(404);
    const after = (await client.get('/api/characters')).body as { data: Character[] };
    expect(after.data.map((c) => c.model_name)).toEqual(['Noor']);
  });

  it('refuses a character without both a name and a picture, or with a picture of another type', async () => {
    const { client } = await signUp(server.baseUrl);
    const upload = await uploadPicture(client, patchPortrait());
    for (const body of [
      { name: 'Mia' },
      { name: '   ', image_url: upload.imageUrl },
      { image_url: upload.imageUrl },
    ]) {
      const res = await client.post('/api/characters', body);
      expect(res.status).toBe(400);
      const answer = res.body as unknown as ValidationAnswer;
      expect(answer.issues?.[0]?.message).toBe(MESSAGES.generate.quickCharacterRequired);
    }
    const long = await client.post('/api/characters', {
      name: 'x'.repeat(61),
      image_url: upload.imageUrl,
    });
    expect(long.status).toBe(400);
    // A GIF is an accepted upload, but not a character picture (jpeg, jpg, png, webp).
    const gif = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.alloc(32),
    ]);
    const gifUpload = await uploadPicture(client, gif, 'me.gif');
    expect(gifUpload.status).toBe(200);
    const refused = await client.post('/api/characters', {
      name: 'Gif',
      image_url: gifUpload.imageUrl,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as ValidationAnswer).message).toBe(
      'Only jpeg, jpg, png and webp pictures can be used',
    );
    // A picture that is not one of ours.
    const outside = await client.post('/api/characters', {
      name: 'Far',
      image_url: 'https://example.com/a.png',
    });
    expect(outside.status).toBe(400);
    // A file that is not a picture is refused at upload.
    const text = await uploadPicture(client, Buffer.from('not a picture at all'), 'a.png');
    expect(text.status).toBe(400);
    // A picture declaring a huge size is refused before decoding.
    expect((await uploadPicture(client, pngDeclaring(20_000, 20_000))).status).toBe(400);
  });

  it('asks a visitor to sign in for their own characters and the model lookup', async () => {
    const visitor = new Client(server.baseUrl);
    expect((await visitor.get('/api/characters')).status).toBe(401);
    expect(
      (await visitor.post('/api/characters', { name: 'A', image_url: '/media/x' })).status,
    ).toBe(401);
    expect((await visitor.get('/api/train/model?id=premade-maya')).status).toBe(401);
    const { client } = await signUp(server.baseUrl);
    const premade = await client.get('/api/train/model?id=premade-maya');
    expect(premade.status).toBe(200);
    expect((premade.body as { data: Character }).data).toMatchObject({
      id: 'premade-maya',
      characterType: 'people',
    });
    expect((await client.get('/api/train/model?id=local-unknown')).status).toBe(404);
    expect((await client.get(`/api/train/model?id=${'x'.repeat(201)}`)).status).toBe(400);
  });
});
