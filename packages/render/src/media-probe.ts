import { mediaLimitBreach, type DeclaredMedia } from '@storyloom/core';
import { ProcessError, runProcess } from '@storyloom/process';

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
}

export interface ProbeResult {
  streams: ProbedStream[];
  format: { duration?: string; format_name?: string };
}

export class ProbeError extends Error {
  override name = 'ProbeError';
}

/** A readable file whose headers declare more than `MEDIA_LIMITS` allows; the message says what. */
export class ProbeLimitError extends ProbeError {
  override name = 'ProbeLimitError';
}

/** The largest of the values ffprobe gives (numbers or numeric text), or undefined. */
function largest(values: readonly (string | number | undefined)[]): number | undefined {
  const numbers = values.map(Number).filter((n) => Number.isFinite(n) && n >= 0);
  return numbers.length > 0 ? Math.max(...numbers) : undefined;
}

/** The facts `MEDIA_LIMITS` bounds, as the file's headers declare them (the largest stream's). */
export function declaredMedia(result: ProbeResult): DeclaredMedia {
  const videos = result.streams.filter((s) => s.codec_type === 'video');
  const audios = result.streams.filter((s) => s.codec_type === 'audio');
  const rates = audios.map((s) => Number(s.sample_rate)).filter((n) => Number.isFinite(n));
  return {
    seconds: largest([result.format.duration, ...result.streams.map((s) => s.duration)]),
    frames: largest(videos.map((s) => s.nb_frames)),
    width: largest(videos.map((s) => s.width)),
    height: largest(videos.map((s) => s.height)),
    // The lowest and highest rates are the ones that can break a limit.
    sampleRate:
      rates.length === 0
        ? undefined
        : (rates.find((r) => mediaLimitBreach({ sampleRate: r }) !== null) ?? rates[0]),
    channels: largest(audios.map((s) => s.channels)),
  };
}

/**
 * Runs ffprobe on a file and returns its streams and format as JSON. Fails with a ProbeError
 * carrying ffprobe's own message when the file is missing or unreadable, or after timeoutMs;
 * with a ProbeLimitError when its headers declare more than `MEDIA_LIMITS` (length, frames,
 * frame size, sample rate, channels), so nothing goes on to decode it. Only `limits: false`
 * (a caller that merely reports what a file says) skips that check.
 */
export async function ffprobe(
  file: string,
  options: { timeoutMs?: number; signal?: AbortSignal; limits?: boolean } = {},
): Promise<ProbeResult> {
  const result = await runFfprobe(file, options);
  if (options.limits !== false) {
    const breach = mediaLimitBreach(declaredMedia(result));
    if (breach) throw new ProbeLimitError(breach);
  }
  return result;
}

async function runFfprobe(
  file: string,
  options: { timeoutMs?: number; signal?: AbortSignal },
): Promise<ProbeResult> {
  let stdout: Buffer;
  try {
    ({ stdout } = await runProcess(
      'ffprobe',
      [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_entries',
        'stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,nb_frames,duration,sample_rate,channels:format=duration,format_name',
        file,
      ],
      {
        timeoutMs: options.timeoutMs ?? 10_000,
        maxOutputBytes: 4 * 1024 * 1024,
        signal: options.signal,
      },
    ));
  } catch (error) {
    if (!(error instanceof ProcessError)) throw error;
    const reason =
      error.code === 'TIMEOUT'
        ? 'ffprobe timed out'
        : error.code === 'ABORTED'
          ? 'ffprobe was stopped'
          : error.stderrTail.split('\n').at(-1) || error.message;
    throw new ProbeError(reason, { cause: error });
  }
  try {
    const parsed = JSON.parse(stdout.toString()) as Partial<ProbeResult>;
    return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
  } catch {
    throw new ProbeError('ffprobe gave no readable answer');
  }
}

/** "30000/1001" → 29.97; null for 0/0 or garbage. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [n, d] = rate.split('/').map(Number);
  if (n === undefined || !Number.isFinite(n)) return null;
  const value = d === undefined ? n : d === 0 ? NaN : n / d;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Image formats ffmpeg reports as a one-frame "video" stream. */
const IMAGE_CODECS = new Set(['png', 'mjpeg', 'webp', 'gif', 'bmp', 'tiff']);

export function isStillImage(result: ProbeResult): boolean {
  const video = result.streams.find((s) => s.codec_type === 'video');
  const format = result.format.format_name ?? '';
  return Boolean(
    video && IMAGE_CODECS.has(video.codec_name ?? '') && /image2|_pipe|png|jpeg|webp/.test(format),
  );
}
