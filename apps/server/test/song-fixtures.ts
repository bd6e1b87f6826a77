import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Client } from './helpers.js';

const run = promisify(execFile);

/** The words of the sung test track, one line each. */
export const LYRICS = [
  'The sun is shining on the river',
  'We walk along the water every morning',
  'The birds are singing in the trees',
];

/** A quiet A-minor chord, as an ffmpeg expression (about 26 dB under the voice's peaks). */
export const CHORD = '0.05*sin(2*PI*220*t)+0.04*sin(2*PI*261.63*t)+0.04*sin(2*PI*329.63*t)';

/**
 * A sung-like track whose words and timing are known, written as `dir/name` (mono WAV): each
 * line of LYRICS spoken by RHVoice, placed a second after the previous one ends, over the chord.
 * Answers the track's bytes and each line's place in seconds.
 */
export async function sungTrack(
  dir: string,
  name: string,
): Promise<{ bytes: Buffer; offsets: { line: string; start: number; end: number }[] }> {
  const offsets: { line: string; start: number; end: number }[] = [];
  const inputs: string[] = [];
  let at = 1;
  for (const [index, line] of LYRICS.entries()) {
    const file = path.join(dir, `line-${index}.wav`);
    await new Promise<void>((resolve, reject) => {
      const child = execFile('RHVoice-test', ['-p', 'slt', '-o', file], (error) => {
        if (error) reject(new Error(`RHVoice-test failed: ${error.message}`));
        else resolve();
      });
      child.stdin!.end(line);
    });
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    ]);
    offsets.push({ line, start: at, end: at + Number(stdout) });
    inputs.push(file);
    at += Number(stdout) + 1;
  }
  const song = path.join(dir, name);
  const length = Math.max(10.5, at);
  const delays = offsets.map((o, i) => `[${i}:a]adelay=${Math.round(o.start * 1000)}[d${i}]`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...inputs.flatMap((file) => ['-i', file]),
    ...['-f', 'lavfi', '-i', `aevalsrc=${CHORD}:s=24000:d=${length}`],
    '-filter_complex',
    `${delays.join(';')};${offsets.map((_, i) => `[d${i}]`).join('')}[${inputs.length}:a]amix=inputs=${offsets.length + 1}:normalize=0:duration=longest,apad=whole_dur=${length}`,
    ...['-ac', '1', song],
  ]);
  return { bytes: readFileSync(song), offsets };
}

/** One frame of a video at `seconds`, as 64×36 RGB bytes. */
export async function frameAt(file: string, seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
      ...['-vf', 'scale=64:36', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 1 << 20 },
  );
  return stdout;
}

/**
 * Uploads a song through POST /api/media/upload_audio (with `fields`, e.g. a trim): the status
 * and the stored song's URL and length.
 */
export async function uploadAudio(
  client: Client,
  bytes: Buffer,
  name: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await client.request('POST', '/api/media/upload_audio', form);
  return { status: res.status, body: (await res.json()) as { url: string; duration: number } };
}
