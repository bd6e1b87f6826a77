import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPicture } from './character-fixtures.js';
import {
  Client,
  DATABASES,
  pngDeclaring,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers.js';

/** GET with the path sent exactly as written (fetch would normalise the dots away). */
function rawStatus(baseUrl: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(DATABASES)('accounts, media and the app shell on %s', (database) => {
  let server: TestServer;
  const webDist = mkdtempSync(path.join(tmpdir(), 'storyloom-web-'));
  beforeAll(async () => {
    // A stand-in build of the web app, to check the history fallback.
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Storyloom</title>');
    server = await startTestServer(database, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('signs up, reads the current user, signs out and in again', async () => {
    const { client, email, id } = await signUp(server.baseUrl, 'Ada');
    const me = await client.get('/api/me');
    expect(me).toMatchObject({ status: 200, body: { id, email, displayName: 'Ada' } });
    expect(Object.keys(me.body).sort()).toEqual(['displayName', 'email', 'id']);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    const wrong = await client.post('/api/auth/sign-in/email', {
      email,
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    const back = await client.post('/api/auth/sign-in/email', {
      email,
      password: 'correct horse battery',
    });
    expect(back.status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ id });
  });

  it('keeps usernames unique and edits the profile', async () => {
    const ada = await signUp(server.baseUrl, 'Ada');
    const bea = await signUp(server.baseUrl, 'Bea');
    const taken = await bea.client.patch('/api/profile', { username: ada.username });
    expect(taken).toMatchObject({ status: 409, body: { message: 'That username is taken' } });
    const bad = await bea.client.patch('/api/profile', { username: 'no spaces!' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^username: /);
    // The avatar is a picture Bea uploaded (the one ownership rule refuses anyone else's).
    const avatar = await uploadPicture(bea.client, pngDeclaring(40, 30));
    expect(avatar.status).toBe(200);
    const ok = await bea.client.patch('/api/profile', {
      username: 'Bea_Films',
      displayName: 'Bea Films',
      avatarUrl: avatar.imageUrl,
    });
    expect(ok.body).toMatchObject({
      username: 'bea_films',
      displayName: 'Bea Films',
      avatarUrl: avatar.imageUrl,
      isTeam: false,
    });
    expect((await bea.client.get('/api/me')).body).toMatchObject({ displayName: 'Bea Films' });
    // better-auth's own sign-up refuses a taken username too.
    const dup = await new Client(server.baseUrl).post('/api/auth/sign-up/email', {
      email: 'other@example.test',
      password: 'correct horse battery',
      name: 'X',
      username: 'bea_films',
    });
    expect(dup.status).toBeGreaterThanOrEqual(400);
  });

  it('stores an uploaded image under a generated key and serves it with ranges', async () => {
    const { client } = await signUp(server.baseUrl);
    const png = pngDeclaring(40, 30);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), '../../etc/passwd.png');
    const res = await client.request('POST', '/api/media/upload_image', form);
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);

    const whole = await client.request('GET', imageUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await whole.arrayBuffer()).equals(png)).toBe(true);
    const part = await client.request('GET', imageUrl, undefined, { range: 'bytes=8-15' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(png.subarray(8, 16))).toBe(true);
    expect(
      (await client.request('GET', imageUrl, undefined, { range: 'bytes=999999-' })).status,
    ).toBe(416);
    // An upload is its owner's until it becomes part of something they share.
    expect((await fetch(server.baseUrl + imageUrl)).status).toBe(404);
    // Keys are generated, never paths: anything else is unknown, however it is spelled.
    for (const raw of [
      '/media/uploads/../../auth-secret',
      '/media/uploads/%2e%2e/%2e%2e/auth-secret',
      '/media/auth-secret',
    ]) {
      expect(await rawStatus(server.baseUrl, raw), raw).toBe(404);
    }
  });

  it('refuses uploads by content, size and sign-in', async () => {
    const { client } = await signUp(server.baseUrl);
    const svg = new FormData();
    svg.append(
      'file',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/png' }),
      'x.png',
    );
    const refused = await client.request('POST', '/api/media/upload_image', svg);
    expect(refused.status).toBe(400);
    const big = new FormData();
    big.append(
      'file',
      new Blob([Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10_485_760)])]),
      'big.jpg',
    );
    expect((await client.request('POST', '/api/media/upload_image', big)).status).toBe(413);
    const anon = new FormData();
    anon.append('file', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0])]), 'a.jpg');
    expect(
      (await new Client(server.baseUrl).request('POST', '/api/media/upload_image', anon)).status,
    ).toBe(401);
  });

  it('serves health, the OpenAPI document and docs page, and the web app for client routes', async () => {
    expect(await (await fetch(`${server.baseUrl}/healthz`)).json()).toMatchObject({
      status: 'ok',
      database,
    });
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const p of [
      '/stories',
      '/stories/published',
      '/stories/{id}',
      '/stories/operate_template_story',
      '/stories/workflow/status',
      '/stories/workflow/status_sse',
      '/stories/workflow/resume',
      '/api/me',
      '/api/media/upload_image',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
    expect(doc.paths['/stories']).toHaveProperty(['post', 'requestBody']);
    const docsPage = await fetch(`${server.baseUrl}/api/docs`);
    expect(docsPage.status).toBe(200);
    const page = await fetch(`${server.baseUrl}/story/my/some-id?x=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Storyloom</title>');
    const missingApi = await fetch(`${server.baseUrl}/api/nothing-here`);
    expect(missingApi.status).toBe(404);
    expect(await missingApi.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
