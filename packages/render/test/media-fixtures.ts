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

/** A solid-colour clip with a sine tone, `seconds` long. */
export function colorClip(
  output: string,
  options: { color: string; seconds: number; size?: string; fps?: number; tone?: number },
) {
  const size = options.size ?? '320x180';
  const fps = options.fps ?? 30;
  return lavfi(output, [
    '-f',
    'lavfi',
    '-i',
    `color=c=${options.color}:s=${size}:r=${fps}:d=${options.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.tone ?? 440}:sample_rate=48000:duration=${options.seconds}`,
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

/** A moving test pattern (testsrc2) with a tone. */
export function patternClip(
  output: string,
  options: { seconds: number; size?: string; fps?: number; tone?: number },
) {
  const size = options.size ?? '320x180';
  const fps = options.fps ?? 30;
  return lavfi(output, [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=${fps}:d=${options.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.tone ?? 330}:sample_rate=44100:duration=${options.seconds}`,
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
