import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalVoice, VOICE_LOUDNESS_LUFS, type VoiceEngine } from '../src/index';
import { integratedLoudness } from '../src/providers/local/loudness';
import { runTool } from '../src/providers/local/run-tool';
import { decodeWav } from '../src/providers/local/wav';

/** ffmpeg's EBU R128 integrated loudness of a file (the `ebur128` filter's summary). */
async function ffmpegLoudness(wav: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-loudness-'));
  try {
    const file = path.join(dir, 'voice.wav');
    await writeFile(file, wav);
    // ebur128 tags every frame with the integrated loudness so far; the last tag is the whole's.
    const log = path.join(dir, 'r128.txt');
    const filter = `ebur128=metadata=1,ametadata=mode=print:key=lavfi.r128.I:file=${log}`;
    await runTool('ffmpeg', ['-v', 'error', '-i', file, '-af', filter, '-f', 'null', '-']);
    const values = [...(await readFile(log, 'utf8')).matchAll(/lavfi\.r128\.I=(-?[\d.]+)/g)];
    return Number(values.at(-1)?.[1] ?? NaN);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SCRIPT = [
  'In 1879, a boy was born in a quiet town,',
  'and by 1905 he had changed how we see',
  'time and space.',
  'His work still matters today.',
];

describe('voice-over loudness', () => {
  it('is the same for every engine and voice, and matches what ffmpeg measures', async () => {
    const measured: Record<string, { ours: number; ffmpeg: number }> = {};
    const cases: [VoiceEngine, 'deep_male' | 'bright_female'][] = [
      ['rhvoice', 'deep_male'],
      ['rhvoice', 'bright_female'],
      ['festival', 'deep_male'],
      ['espeak-ng', 'bright_female'],
    ];
    for (const [engine, voice] of cases) {
      const spoken = await new LocalVoice([engine]).speak({
        phrases: SCRIPT,
        voice,
        leadSeconds: 0.2,
        tailSeconds: 0.2,
        fps: 30,
      });
      const pcm = decodeWav(spoken.bytes);
      measured[`${engine}/${voice}`] = {
        ours: integratedLoudness(pcm.samples, pcm.sampleRate),
        ffmpeg: await ffmpegLoudness(spoken.bytes),
      };
    }
    console.log('voice loudness (LUFS):', measured);
    for (const [name, { ours, ffmpeg }] of Object.entries(measured)) {
      expect(Math.abs(ffmpeg - VOICE_LOUDNESS_LUFS), name).toBeLessThanOrEqual(1);
      expect(Math.abs(ours - ffmpeg), name).toBeLessThanOrEqual(0.5);
    }
  }, 120_000);
});
