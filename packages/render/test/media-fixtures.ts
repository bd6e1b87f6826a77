import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Test media made on the spot with ffmpeg's lavfi sources (nothing binary is committed).
 * Each helper writes one file and returns its path.
 */
export async function lavfi(output: string, args: string[]): Promise<string> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, output]);
  return output;
}

interface ClipOptions {
  seconds: number;
  size?: string;
  fps?: number;
  tone?: number;
}

/** An H.264 + AAC clip of a lavfi picture source (given up to its size option) with a sine tone. */
function clip(output: string, source: string, o: ClipOptions, tone: number, sampleRate: number) {
  const size = o.size ?? '320x180';
  const fps = o.fps ?? 30;
  return lavfi(output, [
    '-f',
    'lavfi',
    '-i',
    `${source}s=${size}:r=${fps}:d=${o.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.tone ?? tone}:sample_rate=${sampleRate}:duration=${o.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
  ]);
}

/** A solid-colour clip with a sine tone, `seconds` long. */
export function colorClip(output: string, options: ClipOptions & { color: string }) {
  return clip(output, `color=c=${options.color}:`, options, 440, 48000);
}

/** A moving test pattern (testsrc2) with a tone. */
export function patternClip(output: string, options: ClipOptions) {
  return clip(output, 'testsrc2=', options, 330, 44100);
}

/** A still picture (PNG) of a test pattern. */
export function stillImage(output: string, options: { size?: string } = {}) {
  return lavfi(output, [
    '-f',
    'lavfi',
    '-i',
    `testsrc=s=${options.size ?? '640x360'}:d=1`,
    '-frames:v',
    '1',
  ]);
}

/** A tone (MP3-free: WAV keeps the sample exact), `seconds` long. */
export function tone(output: string, options: { seconds: number; frequency?: number }) {
  return lavfi(output, [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.frequency ?? 220}:sample_rate=44100:duration=${options.seconds}`,
    '-ac',
    '2',
  ]);
}
