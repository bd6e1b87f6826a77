import { stat } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@storyloom/core';
import { ffprobe, parseRate } from './media-probe';
import { RenderError } from './render-error';
import { runFfmpeg } from './run-ffmpeg';

/**
 * Where the thumbnail frame is taken: one second in, or the middle of a shorter video, and
 * never past the start of its last frame (a 1-frame clip lasting 0.04 s has its only frame at
 * 0: seeking to 0.02 s would skip it, and ffmpeg then writes nothing and still exits 0).
 */
export function thumbnailSeekSeconds(probe: {
  duration: number;
  fps: number | null;
  frames: number | null;
}): number {
  const { duration, fps, frames } = probe;
  let at = Math.min(1, duration / 2);
  if (fps && frames !== null) at = Math.min(at, Math.max(0, (frames - 1) / fps));
  else if (fps) at = Math.min(at, duration - 1 / fps);
  return Number.isFinite(at) && at > 0 ? Math.round(at * 1000) / 1000 : 0;
}

/**
 * ffmpeg arguments writing one JPEG frame of `video` taken at `at` seconds. `-max_pixels`: the
 * decoder refuses a frame larger than `MEDIA_LIMITS` allows even when it grows past what the
 * headers (already checked by ffprobe) declared.
 */
export function thumbnailArgs(
  video: string,
  outputPath: string,
  at: number,
  maxWidth: number | undefined,
): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y']
    .concat(['-max_pixels', String(MEDIA_LIMITS.framePixels)])
    .concat(at > 0 ? ['-ss', String(at)] : [], ['-i', video])
    .concat(
      // scale: never wider than maxWidth, never enlarged; the height kept even for JPEG.
      maxWidth ? ['-vf', `scale='min(${maxWidth},iw)':-2`] : [],
      ['-frames:v', '1', '-q:v', '3', outputPath],
    );
}

async function wroteSomething(file: string): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && info.size > 0;
}

/**
 * Writes a JPEG of the frame one second into a video (or its middle, if shorter; see
 * `thumbnailSeekSeconds`); of a picture, the picture. When the seek still finds no frame (a
 * container lying about its timing), the first frame is taken. Any clip of one frame or more
 * gets a thumbnail; when ffmpeg writes nothing at all, this fails with a RenderError rather
 * than leaving the caller a missing file. With `maxWidth`, a wider frame is scaled down to
 * that width (height even).
 */
export async function extractThumbnail(
  video: string,
  outputPath: string,
  options: { signal?: AbortSignal | undefined; maxWidth?: number } = {},
): Promise<void> {
  const probe = await ffprobe(video, options.signal ? { signal: options.signal } : {});
  const stream = probe.streams.find((s) => s.codec_type === 'video');
  const frames = Number(stream?.nb_frames);
  const at = thumbnailSeekSeconds({
    duration: Number(probe.format.duration) || 0,
    fps: parseRate(stream?.avg_frame_rate) ?? parseRate(stream?.r_frame_rate),
    frames: Number.isFinite(frames) && frames > 0 ? frames : null,
  });
  const run = (seek: number) =>
    runFfmpeg(thumbnailArgs(video, outputPath, seek, options.maxWidth), {
      signal: options.signal,
    });
  await run(at);
  if (await wroteSomething(outputPath)) return;
  if (at > 0) {
    await run(0);
    if (await wroteSomething(outputPath)) return;
  }
  throw new RenderError('MEDIA_UNREADABLE', 'No frame of the video could be read for a thumbnail');
}
