import { execFile } from 'node:child_process';

export interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
}

export interface ProbeResult {
  streams: ProbedStream[];
  format: { duration?: string; format_name?: string };
}

export class ProbeError extends Error {
  override name = 'ProbeError';
}

/**
 * Runs ffprobe on a file and returns its streams and format as JSON. Fails with a ProbeError
 * carrying ffprobe's own message when the file is missing or unreadable, or after timeoutMs.
 */
export function ffprobe(
  file: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffprobe',
      [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_entries',
        'stream=codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,nb_frames,duration:format=duration,format_name',
        file,
      ],
      {
        timeout: options.timeoutMs ?? 10_000,
        maxBuffer: 4 * 1024 * 1024,
        killSignal: 'SIGKILL',
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) => {
        if (error) {
          const reason = error.killed
            ? 'ffprobe timed out'
            : stderr.trim().split('\n').at(-1) || error.message;
          reject(new ProbeError(reason));
          return;
        }
        try {
          const parsed = JSON.parse(stdout) as Partial<ProbeResult>;
          resolve({ streams: parsed.streams ?? [], format: parsed.format ?? {} });
        } catch {
          reject(new ProbeError('ffprobe gave no readable answer'));
        }
      },
    );
  });
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
