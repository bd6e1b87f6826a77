import { ffprobe } from './media-probe';
import { runFfmpeg } from './run-ffmpeg';

/** Writes a JPEG of the frame one second into a video (or its middle, if shorter). */
export async function extractThumbnail(
  video: string,
  outputPath: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<void> {
  const probe = await ffprobe(video, options.signal ? { signal: options.signal } : {});
  const duration = Number(probe.format.duration) || 0;
  const at = Math.min(1, duration / 2);
  await runFfmpeg(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(at), '-i', video].concat(
      ['-frames:v', '1', '-q:v', '3', outputPath],
    ),
    { signal: options.signal },
  );
}
