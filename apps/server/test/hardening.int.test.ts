import { request as httpRequest } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, type Story } from '@storyloom/core';
import { stillImage } from '@storyloom/render/test-fixtures';
import {
  Client,
  DATABASES,
  pngDeclaring,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers.js';

/** A POST with JSON from a chosen loopback address (the whole 127.0.0.0/8 is this machine). */
function postFrom(
  baseUrl: string,
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<number> {
  const target = new URL(url, baseUrl);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const upload = (client: Client, bytes: Buffer, name = 'picture.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return client.request('POST', '/api/media/upload_image', form);
};

const imageItem = (duration: number, start = 0) => ({
  id: `i${start}`,
  type: 'image',
  mediaAssetId: 'still',
  startTimeInFrames: start,
  durationInFrames: duration,
});

describe.each(DATABASES)('hardening on %s', (database) => {
  let server: TestServer;
  let dir: string;
  let still: Buffer;

  beforeAll(async () => {
    server = await startTestServer(database, { env: { USER_STORAGE_QUOTA_MB: '1' } });
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-hardening-'));
    still = readFileSync(await stillImage(path.join(dir, 'still.png'), { size: '160x90' }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const alive = async () => (await fetch(`${server.baseUrl}/healthz`)).status;

  it('refuses endless and oversized timelines with 400 on every way in, and keeps answering', async () => {
    const { client } = await signUp(server.baseUrl);
    const picture = await upload(client, still);
    const url = ((await picture.json()) as { imageUrl: string }).imageUrl;
    const assets = [{ id: 'still', url, resource_type: 'image' }];
    const { body } = await client.post('/stories', { category_id: 'create_from_scratch' });
    const storyId = (body as unknown as Story).id;
    const baseVersion = (body as unknown as Story).version ?? 0;
    for (const duration of [1e308, 3e9, LIMITS.timelineSeconds * 30 + 1]) {
      const tracks = [{ id: 'main', type: 'video', isPrimary: true, items: [imageItem(duration)] }];
      const render = await client.post('/api/internal/storybuilder/render_video', {
        tracks,
        mediaAssets: assets,
        watermarkConfig: { enabled: false, type: 'storyloom' },
      });
      expect(render.status).toBe(400);
      const sync = await client.post(`/stories/${storyId}/sync`, {
        shots_map: {},
        video_editor_timeline: { tracks, mediaAssets: assets },
        base_version: baseVersion,
      });
      expect(sync.status).toBe(400);
      const create = await client.post('/stories', {
        category_id: 'create_from_scratch',
        video_editor_timeline: { tracks, mediaAssets: assets },
      });
      expect(create.status).toBe(400);
      expect(await alive()).toBe(200);
    }
    const tooLong = await client.post('/api/internal/storybuilder/render_video', {
      tracks: [
        {
          id: 'main',
          type: 'video',
          items: [
            imageItem(LIMITS.timelineSeconds * 30),
            imageItem(30, LIMITS.timelineSeconds * 30),
          ],
        },
      ],
      mediaAssets: assets,
      watermarkConfig: { enabled: false, type: 'storyloom' },
    });
    expect((tooLong.body as { message: string }).message).toContain(
      MESSAGES.limits.timelineTooLong,
    );
  });

  it('limits renders running at once per user', async () => {
    const { client } = await signUp(server.baseUrl);
    const url = ((await (await upload(client, still)).json()) as { imageUrl: string }).imageUrl;
    const body = {
      tracks: [{ id: 'main', type: 'video', isPrimary: true, items: [imageItem(90)] }],
      mediaAssets: [{ id: 'still', url, resource_type: 'image' }],
      watermarkConfig: { enabled: false, type: 'storyloom' },
    };
    const answers = await Promise.all(
      Array.from({ length: LIMITS.concurrentRenders + 2 }, () =>
        client.post('/api/internal/storybuilder/render_video', body),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(LIMITS.concurrentRenders);
    expect(statuses).toContain(429);
    expect(answers.find((a) => a.status === 429)?.body).toMatchObject({
      message: MESSAGES.limits.tooManyRenders(LIMITS.concurrentRenders),
    });
  });

  it('rate-limits sign-in per client address, which a made-up X-Forwarded-For does not change', async () => {
    const { email } = await signUp(server.baseUrl, 'Guarded');
    const wrong = { email, password: 'not the password' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        await postFrom(server.baseUrl, '127.0.0.3', '/api/auth/sign-in/email', wrong, {
          'x-forwarded-for': `10.0.0.${i}`,
        }),
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address still signs in (to an account not under attack).
    const other = await signUp(server.baseUrl, 'Unguarded');
    expect(
      await postFrom(server.baseUrl, '127.0.0.4', '/api/auth/sign-in/email', {
        email: other.email,
        password: 'correct horse battery',
      }),
    ).toBe(200);
  });

  it('limits failed sign-ins per account, whatever addresses they come from', async () => {
    const target = await signUp(server.baseUrl, 'Targeted');
    const wrong = { email: target.email, password: 'not the password' };
    // 30 addresses, one try each.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        await postFrom(server.baseUrl, `127.0.1.${i + 1}`, '/api/auth/sign-in/email', wrong),
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // The same account by username, in capitals, or with the right password: refused too.
    const right = { email: target.email.toUpperCase(), password: 'correct horse battery' };
    const refused = await new Client(server.baseUrl).request(
      'POST',
      '/api/auth/sign-in/email',
      right,
    );
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      MESSAGES.limits.tooManyRequests,
    );
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(
      (
        await new Client(server.baseUrl).post('/api/auth/sign-in/username', {
          username: target.username,
          password: 'correct horse battery',
        })
      ).status,
    ).toBe(429);
    // Password changes count against the same account, even with a session.
    expect(
      (
        await target.client.post('/api/auth/change-password', {
          currentPassword: 'correct horse battery',
          newPassword: 'another horse battery',
        })
      ).status,
    ).toBe(429);
    // Other accounts are untouched, from the very addresses that were refused.
    const other = await signUp(server.baseUrl, 'Bystander');
    expect(
      await postFrom(server.baseUrl, '127.0.1.30', '/api/auth/sign-in/email', {
        email: other.email,
        password: 'correct horse battery',
      }),
    ).toBe(200);
    // Failed sign-ins at made-up accounts count per name tried, not against anyone else.
    expect(
      await postFrom(server.baseUrl, '127.0.1.31', '/api/auth/sign-in/email', {
        email: 'nobody@example.test',
        password: 'whatever it is',
      }),
    ).toBe(401);
  });

  it("clears an account's failures when it signs in", async () => {
    const user = await signUp(server.baseUrl, 'Forgetful');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) {
        expect(
          await postFrom(
            server.baseUrl,
            `127.0.2.${round * 10 + i + 1}`,
            '/api/auth/sign-in/email',
            {
              email: user.email,
              password: 'not the password',
            },
          ),
        ).toBe(401);
      }
      expect(
        await postFrom(server.baseUrl, `127.0.2.${round * 10 + 10}`, '/api/auth/sign-in/email', {
          email: user.email,
          password: 'correct horse battery',
        }),
      ).toBe(200);
    }
  });

  it('ends a session at sign-out: the old cookies are refused at once', async () => {
    const { client } = await signUp(server.baseUrl);
    const stolen = new Client(server.baseUrl);
    (stolen as unknown as { cookies: Map<string, string> }).cookies = new Map(
      (client as unknown as { cookies: Map<string, string> }).cookies,
    );
    expect((await stolen.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await stolen.get('/api/me')).status).toBe(401);
  });

  it('holds display names to one rule on every path', async () => {
    const anon = new Client(server.baseUrl);
    const signUpWith = (name: string) =>
      anon.post('/api/auth/sign-up/email', {
        email: `n${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.test`,
        password: 'correct horse battery',
        name,
      });
    // Refused by the body limit of the auth calls (413) before any name rule runs.
    expect([400, 413]).toContain((await signUpWith('x'.repeat(100_000))).status);
    expect((await signUpWith('   ')).status).toBe(400);
    expect((await signUpWith('x'.repeat(61))).status).toBe(400);
    const { client } = await signUp(server.baseUrl);
    expect((await client.post('/api/auth/update-user', { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await client.post('/api/auth/update-user', { name: ' ' })).status).toBe(400);
    expect(
      (await client.post('/api/auth/update-user', { image: 'https://tracker.example/p.png' }))
        .status,
    ).toBe(400);
    expect(
      (await client.patch('/api/profile', { avatarUrl: 'https://x.example/a.png' })).status,
    ).toBe(400);
    expect((await client.post('/api/auth/update-user', { name: '  Ada  ' })).status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ displayName: 'Ada' });
  });

  it('answers 400 to NUL characters and lone surrogates in bodies, queries and paths', async () => {
    const { client } = await signUp(server.baseUrl);
    const nul = 'a\u0000b';
    const lone = 'a\ud800b';
    for (const bad of [nul, lone]) {
      const bodies: [string, string, unknown][] = [
        ['POST', '/stories', { title: bad, category_id: 'create_from_scratch' }],
        [
          'POST',
          '/api/auth/sign-up/email',
          { email: 'z@example.test', password: 'x'.repeat(9), name: bad },
        ],
        ['POST', '/api/auth/sign-in/email', { email: bad, password: bad }],
        ['POST', '/stories/rewrite_script', { story: bad }],
        ['POST', '/api/analytics', { event: 'editor_opened', properties: { x: bad } }],
        ['PATCH', '/api/profile', { displayName: bad }],
      ];
      for (const [method, url, body] of bodies) {
        const res = await client.request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(400);
      }
    }
    expect((await client.request('GET', '/stories?cursor=a%00b')).status).toBe(400);
    expect((await client.request('GET', '/stories/a%00b')).status).toBe(400);
    expect((await client.request('GET', '/api/music/tracks?search=%00')).status).toBe(400);
    expect(await alive()).toBe(200);
  });

  it('refuses a picture that declares 16000×16000 pixels, and uploads past the quota', async () => {
    const { client } = await signUp(server.baseUrl);
    const huge = await upload(client, pngDeclaring(16_000, 16_000));
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ error: 'IMAGE_TOO_LARGE' });
    // 1 MB quota on this server: three pictures of 480 KB do not fit.
    const noisy = (seed: number) => {
      const side = 400;
      const raw = Buffer.alloc(side * (1 + side * 3));
      let x = seed;
      for (let i = 0; i < raw.length; i++) raw[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
      const png = pngDeclaring(side, side);
      // Replace the zero pixels with noise that does not compress.
      const idat = deflateSync(raw, { level: 0 });
      const head = png.subarray(0, 33);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(idat.length);
      const body = Buffer.concat([Buffer.from('IDAT'), idat]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, length, body, crc, png.subarray(png.length - 12)]);
    };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(client, noisy(i + 1))).status);
    expect(statuses).toEqual([200, 200, 413]);
  });

  it("serves an unpublished story's export to its owner only, and to everyone once published", async () => {
    const owner = await signUp(server.baseUrl, 'Owner');
    const other = await signUp(server.baseUrl, 'Other');
    const visitor = new Client(server.baseUrl);
    const url = ((await (await upload(owner.client, still)).json()) as { imageUrl: string })
      .imageUrl;
    const created = await owner.client.post('/stories', {
      category_id: 'create_from_scratch',
      video_editor_timeline: {
        tracks: [{ id: 'main', type: 'video', isPrimary: true, items: [imageItem(15)] }],
        mediaAssets: [{ id: 'still', url, resource_type: 'image' }],
      },
    });
    const story = created.body as unknown as Story;
    const run = await owner.client.post('/stories/workflow/export', { story_id: story.id });
    expect(run.status).toBe(200);
    let exported: Story | undefined;
    for (let i = 0; i < 300 && !exported?.last_export_url; i++) {
      await new Promise((r) => setTimeout(r, 200));
      exported = (await owner.client.get(`/stories/${story.id}`)).body as unknown as Story;
    }
    const video = exported!.last_export_url!;
    const mine = await owner.client.request('GET', video);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toMatch(/^private/);
    expect((await other.client.request('GET', video)).status).toBe(404);
    expect((await visitor.request('GET', video)).status).toBe(404);
    expect((await visitor.request('GET', url)).status).toBe(404);
    await owner.client.patch(`/stories/${story.id}`, { is_public: true });
    const shared = await visitor.request('GET', video);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('cache-control')).toMatch(/^public/);
  });

  it('counts 300 views from one viewer once, and binds play sessions to who started them', async () => {
    const author = await signUp(server.baseUrl, 'Author');
    const viewer = await signUp(server.baseUrl, 'Viewer');
    const { body } = await author.client.post('/stories', {
      title: 'Popular',
      category_id: 'script_to_video',
    });
    const id = (body as unknown as Story).id;
    await author.client.patch(`/stories/${id}`, { is_public: true });
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          viewer.client.request('POST', `/stories/${id}/events`, { kind: 'view' }),
        ),
      );
      expect(answers.every((a) => a.status === 204)).toBe(true);
    }
    const stats = await author.client.get(`/stories/${id}/stats`);
    expect(stats.body).toMatchObject({ views: 1 });

    const started = await viewer.client.post(`/stories/${id}/play_sessions`, {});
    const sessionId = (started.body as { sessionId: string }).sessionId;
    const stranger = new Client(server.baseUrl);
    expect(
      (await stranger.request('PATCH', `/stories/play_sessions/${sessionId}`, { portion: 0.9 }))
        .status,
    ).toBe(404);
    expect((await stranger.post(`/stories/play_sessions/${sessionId}/end`)).status).toBe(404);
    expect(
      (
        await viewer.client.request('PATCH', `/stories/play_sessions/${sessionId}`, {
          portion: 0.5,
        })
      ).status,
    ).toBe(204);
  });

  it('refuses state changes from another site, and sends security headers', async () => {
    const { client } = await signUp(server.baseUrl);
    const forged = await client.request(
      'POST',
      '/stories',
      { category_id: 'create_from_scratch' },
      { origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ message: MESSAGES.limits.forbiddenOrigin });
    const page = await fetch(`${server.baseUrl}/healthz`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers a broken stored asset address in the assets zip without a 500', async () => {
    const { client } = await signUp(server.baseUrl);
    const { body } = await client.post('/stories', {
      category_id: 'create_from_scratch',
      video_editor_timeline: {
        tracks: [],
        mediaAssets: [
          { id: 'a', url: 'http://[broken', resource_type: 'image' },
          { id: 'b', url: '/media/uploads/%E0%A4%A', resource_type: 'video' },
        ],
      },
    });
    const res = await client.request('GET', `/stories/${(body as unknown as Story).id}/assets.zip`);
    // The files cannot be fetched: the zip's own failure answer, naming how many, not a crash.
    expect(res.status).toBe(502);
    const answer = (await res.json()) as { error: string; message: string };
    expect(answer.error).toBe('ASSET_DOWNLOAD_FAILED');
    expect(answer.message).toContain('images 1, videos 1');
  });
});

describe('the client address behind a configured proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => server?.stop());

  it('comes from X-Forwarded-For only when TRUST_PROXY names the proxy', async () => {
    // Each try at another made-up account, so that only the per-address limit could refuse.
    for (let i = 0; i < 11; i++) {
      const wrong = { email: `proxied-${i}@example.test`, password: 'not the password' };
      expect(
        await postFrom(server.baseUrl, '127.0.0.1', '/api/auth/sign-in/email', wrong, {
          'x-forwarded-for': `10.0.0.${i}`,
        }),
      ).toBe(401);
    }
  });
});
