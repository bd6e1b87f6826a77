import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockMusicTrack, VideoEditorTimeline } from '@storyloom/core';
import { decodeAudioFile, LOCAL_SONGS, MUSIC_SAMPLE_RATE } from '@storyloom/pipeline';
import {
  Client,
  DATABASES,
  finishRun,
  signUp,
  startTestServer,
  type TestServer,
} from './helpers.js';

type Track = StockMusicTrack & { folder: string; bpm?: number };
interface TrackList {
  tracks: Track[];
  folders: string[];
  genres: string[];
  moods: string[];
  tempos: string[];
}

const SCRIPT =
  'Our garden wakes up slowly. The bees visit every flower, one after the other. ' +
  'By noon the whole garden hums with a quiet, happy music.';

describe.each(DATABASES)('the stock music library on %s', (database) => {
  let server: TestServer;
  let importDir: string;
  const anonymous = () => new Client(server.baseUrl);

  beforeAll(async () => {
    importDir = mkdtempSync(path.join(tmpdir(), 'storyloom-music-import-'));
    const folder = path.join(importDir, 'Operator Picks');
    mkdirSync(folder);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=262:duration=3',
      '-y',
      path.join(folder, 'harbour.mp3'),
    ]);
    writeFileSync(
      path.join(folder, 'harbour.json'),
      JSON.stringify({ name: 'Harbour Lights', genre: 'Folk', mood: 'Calm, Warm', tempo: 'Slow' }),
    );
    server = await startTestServer(database, { env: { MUSIC_IMPORT_DIR: folder } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(importDir, { recursive: true, force: true });
  });

  it('lists the composed tracks and the imported folder, with the filters of Music search', async () => {
    const all = (await anonymous().get('/api/music/tracks')).body as unknown as TrackList;
    // 100 composed tracks, the sung songs and the imported folder's one track.
    expect(all.tracks).toHaveLength(101 + LOCAL_SONGS.length);
    expect(all.folders).toContain('Operator Picks');
    expect(all.folders).toContain('TOP 20');
    const imported = all.tracks.find((t) => t.folder === 'Operator Picks')!;
    expect(imported).toMatchObject({
      name: 'Harbour Lights',
      genre: 'Folk',
      mood: 'Calm, Warm',
      tempo: 'Slow',
      has_lyrics: false,
      url: `/api/music/tracks/${imported.id}/audio`,
    });
    expect(imported.duration).toBeCloseTo(3, 1);

    const search = (await anonymous().get('/api/music/tracks?search=harbour%20LIGHTS'))
      .body as unknown as TrackList;
    expect(search.tracks.map((t) => t.id)).toEqual([imported.id]);

    // OR within a filter, AND across filters; moods split on commas, any case.
    const filtered = (
      await anonymous().get('/api/music/tracks?genre=Folk,Ambient&mood=calm&tempo=Slow')
    ).body as unknown as TrackList;
    expect(filtered.tracks.length).toBeGreaterThan(1);
    for (const track of filtered.tracks) {
      expect(['Folk', 'Ambient']).toContain(track.genre);
      expect(track.tempo).toBe('Slow');
      expect(track.mood.toLowerCase().split(', ')).toContain('calm');
    }
    const withLyrics = (await anonymous().get('/api/music/tracks?has_lyrics=true'))
      .body as unknown as TrackList;
    // Only the sung songs have words.
    expect(withLyrics.tracks.map((t) => t.id).sort()).toEqual(LOCAL_SONGS.map((t) => t.id).sort());
  });

  it('plays a track and draws its waveform from the audio', async () => {
    const { tracks } = (await anonymous().get('/api/music/tracks?genre=Electronic'))
      .body as unknown as TrackList;
    const track = tracks[0]!;
    expect(track.bpm).toBeGreaterThanOrEqual(126);
    // Not rendered yet (no background job in tests): rendered once, on this request.
    const audio = await anonymous().request('GET', track.url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = path.join(importDir, 'composed.mp3');
    writeFileSync(mp3, Buffer.from(await audio.arrayBuffer()));
    const seconds = (await decodeAudioFile(mp3)).length / MUSIC_SAMPLE_RATE;
    expect(Math.abs(seconds - track.duration)).toBeLessThan(0.2);

    const waveform = (await anonymous().get(`/api/music/tracks/${track.id}/waveform`)).body as {
      samples: number;
      peaks: number[];
    };
    expect(waveform.samples).toBe(1000);
    expect(waveform.peaks).toHaveLength(1000);
    expect(Math.max(...waveform.peaks)).toBe(1);
    const bars = (await anonymous().get(`/api/music/tracks/${track.id}/waveform?samples=17`))
      .body as { peaks: number[] };
    expect(bars.peaks).toHaveLength(17);

    const { tracks: own } = (await anonymous().get('/api/music/tracks?genre=Folk'))
      .body as unknown as TrackList;
    const file = await anonymous().request('GET', own[0]!.url);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 3)
        .toString(),
    ).toBe('ID3');
    const ownWave = (await anonymous().get(`/api/music/tracks/${own[0]!.id}/waveform?samples=17`))
      .body as { peaks: number[] };
    expect(ownWave.peaks).toHaveLength(17);
    expect(Math.min(...ownWave.peaks.slice(2, 15))).toBeGreaterThan(0.5); // a steady tone

    expect((await anonymous().get('/api/music/tracks/no-such-track/waveform')).status).toBe(404);
    expect((await anonymous().request('GET', '/api/music/tracks/no-such-track/audio')).status).toBe(
      404,
    );
  });

  it('puts the chosen stock track under the story instead of the automatic pick', async () => {
    const { tracks } = (await anonymous().get('/api/music/tracks?genre=Folk'))
      .body as unknown as TrackList;
    const chosen = tracks[0]!;
    const { client } = await signUp(server.baseUrl);
    const start = await client.post('/stories/workflow/generate_script_to_video', {
      script_content: SCRIPT,
      auto_rewrite: false,
      background_music: chosen.url,
    });
    expect(start.status).toBe(200);
    const poll = await finishRun(client, (start.body as { workflowRunId: string }).workflowRunId);
    expect(poll.status).toBe('RUN_SUCCESS');
    const timeline = poll.output.story!.video_editor_timeline as unknown as VideoEditorTimeline;
    const music = timeline.mediaAssets.find((a) => a.subtype === 'music')!;
    expect(music).toMatchObject({
      title: 'Harbour Lights',
      source: 'generated',
      configs: { track_id: chosen.id, genre: 'Folk', model: 'local-music' },
    });
    const track = timeline.tracks.find((t) => t.subtype === 'music')!;
    expect(track.items.map((i) => i.volume)).toEqual([0.5, 0.12, 0.5]);
    // The 3 s file is looped to the story's length.
    expect(Number(music.metadata?.duration)).toBeGreaterThan(5);
  }, 120_000);
});
