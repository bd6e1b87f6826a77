import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, musicVideoShotCount } from '@storyloom/core';
import { signUp, startTestServer, type Client, type TestServer } from './helpers.js';

const run = promisify(execFile);
const BPM = 120;

/** A click on every beat at 120 BPM over a two-note pad, `seconds` long, as MP3. */
async function clickTrack(file: string, seconds: number) {
  const beat = 60 / BPM;
  const click = `0.7*sin(2*PI*1200*t)*exp(-60*mod(t\\,${beat}))`;
  const pad = '0.08*sin(2*PI*220*t)+0.06*sin(2*PI*277.2*t)';
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `aevalsrc=${click}+${pad}:s=44100:d=${seconds}`],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', file],
  ]);
  return readFileSync(file);
}

/**
 * Songs for music videos: upload with the spec's checks, trimming on the server, and the
 * analysis that finds the tempo and beats.
 */
describe('songs for music videos', () => {
  let server: TestServer;
  let dir: string;
  let song: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-songs-'));
    song = await clickTrack(path.join(dir, 'click.mp3'), 70);
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (client: Client, bytes: Buffer, trim?: [number, number], name = 'song.mp3') => {
    const form = new FormData();
    if (trim) {
      form.append('trim_start', String(trim[0]));
      form.append('trim_end', String(trim[1]));
    }
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return client.request('POST', '/api/media/upload_audio', form);
  };
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  it("refuses segments outside 10–60 s with the spec's messages, and files that are not audio", async () => {
    const { client } = await signUp(server.baseUrl);
    const short = await upload(client, song, [0, 9.9]);
    expect(short.status).toBe(400);
    expect(await message(short)).toBe(MESSAGES.generate.trimTooShort('0:09'));
    const long = await upload(client, song, [0, 60.1]);
    expect(long.status).toBe(400);
    expect(await message(long)).toBe(MESSAGES.generate.trimTooLong(60, '1:00'));
    // The whole 70 s song is too long for one music video too.
    expect(await message(await upload(client, song))).toBe(
      MESSAGES.generate.trimTooLong(60, '1:10'),
    );
    const notAudio = await upload(client, Buffer.from('just some text, not a song'), [0, 20]);
    expect(notAudio.status).toBe(400);
    expect(await message(notAudio)).toBe(MESSAGES.generate.invalidAudio);
    const badName = await upload(client, song, [0, 20], 'song.exe');
    expect(await message(badName)).toBe(MESSAGES.generate.invalidAudioExtension);
  }, 60_000);

  it('cuts the chosen segment on the server and finds its tempo and beats', async () => {
    const { client } = await signUp(server.baseUrl);
    const res = await upload(client, song, [5, 35]);
    expect(res.status).toBe(200);
    const stored = (await res.json()) as { url: string; duration: number; waveform: number[] };
    expect(stored.url).toMatch(/^\/media\/uploads\/.+\.mp3$/);
    expect(Math.abs(stored.duration - 30)).toBeLessThan(0.1);
    expect(stored.waveform).toHaveLength(1000);
    expect(Math.max(...stored.waveform)).toBe(1);

    const analysed = await client.post('/api/media/analyze_audio', {
      music_url: stored.url,
      video_type: 'consistent-style',
    });
    expect(analysed.status).toBe(200);
    const { tempo, beats, duration, num_shots } = analysed.body as {
      tempo: number;
      beats: number[];
      duration: number;
      num_shots: number;
    };
    expect(Math.abs(tempo - BPM)).toBeLessThanOrEqual(1);
    console.log('song analysis:', { tempo, firstBeats: beats.slice(0, 4), duration, num_shots });
    // Beats every half second, on the clicks.
    const gaps = beats.slice(1).map((b, i) => b - beats[i]!);
    expect(gaps.filter((g) => Math.abs(g - 0.5) < 0.03).length).toBeGreaterThan(gaps.length * 0.9);
    // On the clicks: the segment began 5 s in, on a click, so beats fall on whole half seconds.
    const offClick = beats.map((b) => Math.abs(b / 0.5 - Math.round(b / 0.5)) * 0.5);
    expect(offClick.filter((d) => d < 0.035).length).toBeGreaterThan(beats.length * 0.9);
    expect(num_shots).toBe(
      musicVideoShotCount({ videoType: 'consistent-style', musicDuration: duration }),
    );

    // Someone else's song cannot be analysed.
    const stranger = await signUp(server.baseUrl);
    const refused = await stranger.client.post('/api/media/analyze_audio', {
      music_url: stored.url,
    });
    expect(refused.status).toBe(400);
  }, 120_000);

  it('accepts segments up to 300 s only where the operator allows them', async () => {
    const { client } = await signUp(server.baseUrl);
    expect((await client.get('/api/media/trim_limits')).body).toEqual({
      minSeconds: 10,
      maxSeconds: 60,
    });
    expect((await upload(client, song, [0, 65])).status).toBe(400);
    const long = await clickTrack(path.join(dir, 'long.mp3'), 301);
    const extended = await startTestServer('pglite', { env: { MUSIC_TRIM_MAX_SECONDS: '300' } });
    try {
      const { client: other } = await signUp(extended.baseUrl);
      // The dialog learns the longer limit from the server.
      expect((await other.get('/api/media/trim_limits')).body).toEqual({
        minSeconds: 10,
        maxSeconds: 300,
      });
      const res = await upload(other, long, [0.5, 300.5]);
      expect(res.status).toBe(200);
      expect(Math.abs(((await res.json()) as { duration: number }).duration - 300)).toBeLessThan(
        0.1,
      );
      const over = await upload(other, long, [0, 300.1]);
      expect(over.status).toBe(400);
      expect(await message(over)).toBe(MESSAGES.generate.trimTooLong(300, '5:00'));
    } finally {
      await extended.stop();
    }
  }, 180_000);
});
