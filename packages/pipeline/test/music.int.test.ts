import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MUSIC_FOLDERS } from '@storyloom/core';
import {
  decodeAudioFile,
  decodeWav,
  LOCAL_MUSIC_LIBRARY,
  LocalMusic,
  measureTempo,
  MUSIC_SAMPLE_RATE,
  plannedSeconds,
  planTrack,
  StockMusicRenderer,
} from '../src/index';
import { profileDistance, spectralProfile } from './music-measures';

const dir = mkdtempSync(path.join(tmpdir(), 'storyloom-stock-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Two folders' tracks sound different when their tempos differ by more than 5 %, or their
 * spectra (energy share of eight octave bands) by more than 2 dB RMS. The tracker must find
 * each track's declared tempo within 2 %.
 */
const TEMPO_APART = 0.05;
const SPECTRUM_APART_DB = 2;
const TEMPO_TOLERANCE = 0.02;

describe('the composed stock library', () => {
  it('gives each folder its own sound, at the tempo it declares', async () => {
    const renderer = new StockMusicRenderer(dir);
    // The first track of each folder, composed as in the library; rendered about 30 s long to keep
    // the test short (tempo, key, instruments and groove are the track's own).
    const tracks = MUSIC_FOLDERS.map((folder) =>
      LOCAL_MUSIC_LIBRARY.find((t) => t.folder === folder)!,
    );
    const measured = [];
    for (const track of tracks) {
      const duration = plannedSeconds(planTrack(track.id, track.folder, 30));
      const samples = await decodeAudioFile(await renderer.file({ ...track, duration }));
      expect(samples.length / MUSIC_SAMPLE_RATE).toBeCloseTo(duration, 1);
      measured.push({
        folder: track.folder,
        declared: track.bpm!,
        heard: measureTempo(samples),
        profile: spectralProfile(samples, MUSIC_SAMPLE_RATE),
      });
    }
    console.log(
      'stock music tempo (declared → beat tracker):',
      Object.fromEntries(
        measured.map((m) => [
          m.folder,
          `${m.declared} → ${m.heard.toFixed(2)} (${(((m.heard - m.declared) / m.declared) * 100).toFixed(2)} %)`,
        ]),
      ),
    );
    for (const m of measured)
      expect(Math.abs(m.heard - m.declared) / m.declared, m.folder).toBeLessThanOrEqual(
        TEMPO_TOLERANCE,
      );
    const pairs: { name: string; apart: boolean; text: string }[] = [];
    for (let i = 0; i < measured.length; i++)
      for (let j = i + 1; j < measured.length; j++) {
        const a = measured[i]!;
        const b = measured[j]!;
        const tempo = Math.abs(a.declared - b.declared) / Math.max(a.declared, b.declared);
        const spectrum = profileDistance(a.profile, b.profile);
        pairs.push({
          name: `${a.folder} vs ${b.folder}`,
          apart: tempo > TEMPO_APART || spectrum > SPECTRUM_APART_DB,
          text: `tempo ${(tempo * 100).toFixed(1)} %, spectrum ${spectrum.toFixed(1)} dB`,
        });
      }
    console.log('stock music differences:\n' + pairs.map((p) => `${p.name}: ${p.text}`).join('\n'));
    for (const pair of pairs) expect(pair.apart, `${pair.name}: ${pair.text}`).toBe(true);
  }, 300_000);

  it('gives a story its chosen track, or a deterministic automatic one, at the story length', async () => {
    const music = new LocalMusic([], dir);
    const auto = await music.compose({ seed: 'story-1', durationSeconds: 4 });
    const again = await music.compose({ seed: 'story-1', durationSeconds: 4 });
    expect(again.bytes.equals(auto.bytes)).toBe(true);
    const audio = decodeWav(auto.bytes);
    expect(audio.samples.length / audio.sampleRate).toBeCloseTo(4, 2);
    const rms = Math.sqrt(audio.samples.reduce((s, v) => s + v * v, 0) / audio.samples.length);
    expect(rms).toBeGreaterThan(0.05);

    const chosen = LOCAL_MUSIC_LIBRARY[41]!;
    const picked = await music.compose({ seed: 'story-1', durationSeconds: 3, trackId: chosen.id });
    expect(picked.track.id).toBe(chosen.id);
    expect(auto.track.id).not.toBe(chosen.id);
    expect(picked.durationSeconds).toBeCloseTo(3);
    await expect(
      music.compose({ seed: 's', durationSeconds: 3, trackId: 'no-such-track' }),
    ).rejects.toThrow('No music track no-such-track in the library');
    // The library's file lasts the track's declared duration.
    const file = await music.audioFile(chosen);
    expect(file.mimeType).toBe('audio/mpeg');
    expect((await decodeAudioFile(file.path)).length / MUSIC_SAMPLE_RATE).toBeCloseTo(
      chosen.duration,
      0,
    );
  }, 120_000);

  it('renders the missing tracks in the background, once, replacing earlier compositions', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'storyloom-stock-all-'));
    try {
      const renderer = new StockMusicRenderer(own);
      const tracks = LOCAL_MUSIC_LIBRARY.slice(0, 2).map((t) => ({
        ...t,
        duration: plannedSeconds(planTrack(t.id, t.folder, 12)),
      }));
      writeFileSync(path.join(own, `${tracks[0]!.id}-000000000000.mp3`), 'an earlier composition');
      expect(await renderer.renderAll(tracks)).toBe(2);
      expect(await renderer.renderAll(tracks)).toBe(0);
      expect(readdirSync(own).sort()).toEqual(
        tracks.map((t) => path.basename(renderer.cachedFile(t)!)).sort(),
      );
      // Many tracks asked for at once render one at a time.
      const many = LOCAL_MUSIC_LIBRARY.slice(4, 7).map((t) => ({
        ...t,
        duration: plannedSeconds(planTrack(t.id, t.folder, 8)),
      }));
      const started: number[] = [];
      const watching = setInterval(() => {
        const running = readdirSync(own).filter((name) => name.startsWith('.render-')).length;
        started.push(running);
      }, 20);
      const files = await Promise.all(many.map((t) => renderer.file(t)));
      clearInterval(watching);
      expect(new Set(files).size).toBe(3);
      expect(Math.max(...started)).toBe(1);
      const stopped = new AbortController();
      stopped.abort();
      expect(await renderer.renderAll(LOCAL_MUSIC_LIBRARY.slice(7, 9), stopped.signal)).toBe(0);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);
});
