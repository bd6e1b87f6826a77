import { ffprobe } from './media-probe';
import { runFfmpeg } from './run-ffmpeg';

/**
 * Writes a JPEG of the frame one second into a video (or its middle, if shorter); of a picture,
 * the picture. With `maxWidth`, a wider frame is scaled down to that width (height even).
 */
export async function extractThumbnail(
  video: string,
  outputPath: string,
  options: { signal?: AbortSignal | undefined; maxWidth?: number } = {},
): Promise<void> {
  const probe = await ffprobe(video, options.signal ? { signal: options.signal } : {});
  const duration = Number(probe.format.duration) || 0;
  const at = Math.min(1, duration / 2);
  await runFfmpeg(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', String(at), '-i', video].concat(
      // scale: never wider than maxWidth, never enlarged; the height kept even for JPEG.
      options.maxWidth ? ['-vf', `scale='min(${options.maxWidth},iw)':-2`] : [],
      ['-frames:v', '1', '-q:v', '3', outputPath],
    ),
    { signal: options.signal },
  );
}
