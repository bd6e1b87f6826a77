import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { isPrivateAddress, type MusicLinkNetwork } from '../src/http/music-link-fetcher.js';
import { signUp, startTestServer, type Client, type TestServer } from './helpers.js';

const run = promisify(execFile);
const SONG_ID = '0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
/** The fake Suno/TikTok server's address: loopback, but the one these tests allow. */
const FAKE_HOST = '127.0.0.2';

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

/**
 * Music links (spec 2 §5, §7, §8): the dialog's messages, Suno and TikTok page formats read
 * through a fake server, and the fetcher's refusals — hosts outside the allow-list are never
 * fetched, and neither are private or loopback addresses, after DNS or after a redirect.
 */
describe('music links', () => {
  let server: TestServer;
  let fake: Server;
  let local: Server;
  let port: number;
  let localPort: number;
  const hits: string[] = [];
  const localHits: string[] = [];
  let mp3: Buffer;

  beforeAll(async () => {
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=440:duration=12', '-c:a', 'libmp3lame', '-f', 'mp3', '-'],
      ],
      { encoding: 'buffer', maxBuffer: 1 << 22 },
    );
    mp3 = stdout;
    fake = createServer((req, res) => {
      const host = (req.headers.host ?? '').split(':')[0];
      hits.push(`${host}${req.url}`);
      if (req.url === `/song/${SONG_ID}`) {
        res.setHeader('content-type', 'text/html');
        res.end(
          `<html><head><meta property="og:title" content="Night &amp; Day | Suno">` +
            `<meta property="og:audio" content="http://cdn1.suno.ai:${port}/${SONG_ID}.mp3"></head></html>`,
        );
      } else if (req.url === `/${SONG_ID}.mp3` || req.url === '/obj/tiktok-song.mp3') {
        res.setHeader('content-type', 'audio/mpeg');
        res.end(mp3);
      } else if (req.url?.startsWith('/music/')) {
        res.setHeader('content-type', 'text/html');
        const data = {
          music: {
            title: 'Dance Tune',
            playUrl: `http://v16.tiktokcdn.com:${port}/obj/tiktok-song.mp3`,
          },
        };
        res.end(
          `<script id="__UNIVERSAL_DATA_FOR_REHYDRATION__">${JSON.stringify(data).replace(/\//g, '\\u002F')}</script>`,
        );
      } else if (req.url === '/to-loopback') {
        res.writeHead(302, { location: `http://127.0.0.1:${localPort}/secret` }).end();
      } else if (req.url === '/to-private-name') {
        res.writeHead(302, { location: `http://inside.suno.ai:${localPort}/secret` }).end();
      } else if (req.url === '/to-elsewhere') {
        res.writeHead(302, { location: `http://example.com:${localPort}/secret` }).end();
      } else {
        res.setHeader('content-type', 'text/html');
        res.end('<html><head><title>Suno</title></head></html>');
      }
    });
    local = createServer((req, res) => {
      localHits.push(req.url ?? '');
      res.end('secret');
    });
    port = await listen(fake, FAKE_HOST);
    localPort = await listen(local, '127.0.0.1');
    const network: MusicLinkNetwork = {
      resolve(host) {
        if (host === 'inside.suno.ai') return Promise.resolve(['127.0.0.1']);
        if (/(^|\.)(suno\.com|suno\.ai|tiktok\.com|tiktokcdn\.com)$/.test(host))
          return Promise.resolve([FAKE_HOST]);
        return Promise.resolve(['127.0.0.1']);
      },
      isBlocked: (address) => address !== FAKE_HOST && isPrivateAddress(address),
    };
    server = await startTestServer('pglite', { musicLinkNetwork: network });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    fake?.close();
    local?.close();
  });

  const parse = (client: Client, url: string) => client.post('/api/media/parse_music_url', { url });

  it("answers the dialog's messages and fetches nothing for other hosts", async () => {
    const { client } = await signUp(server.baseUrl);
    const cases: [string, string][] = [
      ['', MESSAGES.musicUrl.enterUrl],
      ['not a link', MESSAGES.musicUrl.invalidUrl],
      [`http://example.com:${port}/song/${SONG_ID}`, MESSAGES.musicUrl.unsupportedHost],
      [`http://127.0.0.1:${localPort}/secret`, MESSAGES.musicUrl.unsupportedHost],
    ];
    for (const [url, message] of cases) {
      const res = await parse(client, url);
      expect(res.status, url).toBe(400);
      expect((res.body as { message: string }).message, url).toBe(message);
    }
    expect(hits).toEqual([]);
    expect(localHits).toEqual([]);
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isPrivateAddress('fd00::1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });

  it("stores the song of a Suno page and of a TikTok music page as the user's upload", async () => {
    const { client } = await signUp(server.baseUrl);
    const suno = await parse(client, `http://suno.com:${port}/song/${SONG_ID}`);
    expect(suno.status).toBe(200);
    expect(suno.body).toMatchObject({ success: true, metadata: { title: 'Night & Day' } });
    const stored = (suno.body as { url: string }).url;
    expect(stored).toMatch(/^\/media\/uploads\/.+\.mp3$/);
    const file = await client.request('GET', stored);
    expect(Buffer.from(await file.arrayBuffer()).equals(mp3)).toBe(true);
    // The stored song can make a music video: the analysis reads it as the user's own.
    const analysed = await client.post('/api/media/analyze_audio', { music_url: stored });
    expect(analysed.status).toBe(200);

    const tiktok = await parse(client, `http://www.tiktok.com:${port}/music/dance-tune-123`);
    expect(tiktok.status).toBe(200);
    expect(tiktok.body).toMatchObject({ success: true, metadata: { title: 'Dance Tune' } });
    expect(hits).toContain(`v16.tiktokcdn.com/obj/tiktok-song.mp3`);
  });

  it('refuses redirects to loopback, private or other hosts, and says when a page has no song', async () => {
    const { client } = await signUp(server.baseUrl);
    for (const path of ['/to-loopback', '/to-private-name', '/to-elsewhere']) {
      const res = await parse(client, `http://suno.com:${port}${path}`);
      expect(res.status, path).toBe(400);
      expect((res.body as { message: string }).message, path).toMatch(
        /is not a Suno or TikTok address|resolves to an address that cannot be used/,
      );
    }
    expect(localHits).toEqual([]);
    const empty = await parse(client, `http://suno.com:${port}/about`);
    expect(empty.status).toBe(502);
    expect((empty.body as { message: string }).message).toMatch(
      new RegExp(`^${MESSAGES.musicUrl.parseFailedPrefix}`),
    );
  });
});
