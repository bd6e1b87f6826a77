import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ApiKey, type ApiKeyCreated } from '@storyloom/core';
import { DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

describe.each(DATABASES)('personal API keys (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database, { env: { WORKER_PROCESSES: '0' } });
  }, 120_000);
  afterAll(() => server?.stop());

  const call = (key: string, method: string, url: string, body?: unknown) =>
    fetch(server.baseUrl + url, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json().catch(() => null)) as Record<string, unknown> | null,
    }));

  it('is shown once, listed by prefix, scoped, and refused once revoked', async () => {
    const alice = await signUp(server.baseUrl, 'Alice');
    const created = await alice.client.post('/api/keys', {
      name: 'Reader',
      scopes: ['stories:read'],
    });
    expect(created.status).toBe(201);
    const reader = created.body as unknown as ApiKeyCreated;
    expect(reader.key).toMatch(/^sl_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(reader.key.startsWith(reader.prefix)).toBe(true);

    // The list shows the prefix, never the key.
    const listed = (await alice.client.get('/api/keys')).body as { keys: ApiKey[] };
    expect(listed.keys).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(reader.key.slice(reader.prefix.length));
    expect(listed.keys[0]).toMatchObject({ name: 'Reader', lastUsedAt: null });

    // The key acts as its owner...
    const me = await call(reader.key, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: alice.id });
    expect((await call(reader.key, 'GET', '/stories')).status).toBe(200);
    const used = (await alice.client.get('/api/keys')).body as { keys: ApiKey[] };
    expect(used.keys[0]!.lastUsedAt).not.toBeNull();

    // ...within its scopes: stories:read cannot create.
    const create = await call(reader.key, 'POST', '/stories/workflow/generate_script_to_video', {
      script_content: 'A short story about a cat who hosts a webinar in the garden.',
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      error: 'API_KEY_SCOPE_MISSING',
      message: MESSAGES.automation.keyScopeMissing('stories:write'),
    });
    // Keys cannot manage keys or accounts.
    expect(
      (await call(reader.key, 'POST', '/api/keys', { name: 'x', scopes: ['publish'] })).status,
    ).toBe(403);
    expect((await call(reader.key, 'GET', '/api/keys')).status).toBe(403);
    expect((await call(reader.key, 'POST', '/api/auth/sign-out', {})).status).toBe(403);

    // Revoked: refused on the very next call.
    const revoke = await alice.client.delete(`/api/keys/${reader.id}`);
    expect(revoke.status).toBe(204);
    const after = await call(reader.key, 'GET', '/api/me');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ message: MESSAGES.automation.keyInvalid });
    expect(((await alice.client.get('/api/keys')).body as { keys: ApiKey[] }).keys).toHaveLength(0);
  });

  it('refuses made-up keys and other users’ revocations, and asks for publish to publish', async () => {
    const bob = await signUp(server.baseUrl, 'Bob');
    const carol = await signUp(server.baseUrl, 'Carol');
    const writer = (
      await bob.client.post('/api/keys', { name: 'Writer', scopes: ['stories:write'] })
    ).body as unknown as ApiKeyCreated;
    const forged = writer.key.slice(0, -4) + (writer.key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await call(forged, 'GET', '/stories')).status).toBe(401);
    expect((await call('sl_nonsense', 'GET', '/stories')).status).toBe(401);
    // Only its owner may revoke a key.
    expect((await carol.client.delete(`/api/keys/${writer.id}`)).status).toBe(404);
    // stories:write without stories:read cannot list.
    expect((await call(writer.key, 'GET', '/stories')).status).toBe(403);

    const story = await call(writer.key, 'POST', '/stories', {
      category_id: 'script_to_video',
      title: 'Draft',
    });
    expect(story.status).toBe(201);
    const id = (story.body as { id: string }).id;
    const publish = await call(writer.key, 'PATCH', `/stories/${id}`, { is_published: true });
    expect(publish.status).toBe(403);
    expect(publish.body).toMatchObject({
      message: MESSAGES.automation.keyScopeMissing('publish'),
    });
    const rename = await call(writer.key, 'PATCH', `/stories/${id}`, { title: 'Renamed' });
    expect(rename.status).toBe(200);
  });

  it('counts a key’s calls against the key’s own rate limit', async () => {
    const dave = await signUp(server.baseUrl, 'Dave');
    const make = async (name: string) =>
      (await dave.client.post('/api/keys', { name, scopes: ['stories:write'] }))
        .body as unknown as ApiKeyCreated;
    const [keyA, keyB] = [await make('A'), await make('B')];
    // Starting work is limited (RATE_LIMITS.workStart); refused bodies count too.
    const start = (key: string) =>
      call(key, 'POST', '/stories/workflow/generate_script_to_video', {});
    let refusedAt = 0;
    for (let i = 1; i <= 100 && refusedAt === 0; i++)
      if ((await start(keyA.key)).status === 429) refusedAt = i;
    expect(refusedAt).toBeGreaterThan(1);
    // Another key of the same user, from the same address, has its own count.
    expect((await start(keyB.key)).status).toBe(400);
  });
});
