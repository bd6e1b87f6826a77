import { EDITOR_CONSTANTS, snapVideoFps } from '@storyloom/core';
import {
  ffprobe,
  isStillImage,
  parseRate,
  ProbeError,
  ProbeLimitError,
  type ProbeResult,
} from '@storyloom/render';

/**
 * Texts of the metadata errors of spec 3 §8 (the spec names the cases, not the words): a file
 * that is not readable media, a missing file name, a probe that does not answer within
 * 10 seconds, a duration that is not a positive number, and a probe that says nothing.
 */
export const MEDIA_METADATA_ERRORS = {
  invalidFile: 'This file is not a video, image or audio file that can be read',
  emptyFileName: 'The file has no name',
  timeout: 'Timed out waiting for the video metadata',
  invalidDuration: 'The video has no valid duration',
  emptyOutput: 'Reading the video metadata gave no result',
} as const;

export type MediaMetadataErrorCode = keyof typeof MEDIA_METADATA_ERRORS;

export class MediaMetadataError extends Error {
  override name = 'MediaMetadataError';
  constructor(readonly code: MediaMetadataErrorCode) {
    super(MEDIA_METADATA_ERRORS[code]);
  }
}

/** Media asset metadata (spec 3 §3): width, height, duration (s), fps and frames. */
export interface MediaMetadata {
  width?: number;
  height?: number;
  duration?: number;
  fps?: number;
  frames?: number;
}

/**
 * Turns an ffprobe answer into asset metadata. Video: size, duration, fps clamped to 15–60
 * and snapped to 24/25/30/60 (30 when unknown), frames (counted by the container, else
 * duration × fps). Images: size only. Audio: duration only.
 */
export function metadataFromProbe(result: ProbeResult): MediaMetadata {
  const video = result.streams.find((s) => s.codec_type === 'video');
  const audio = result.streams.find((s) => s.codec_type === 'audio');
  if (!video && !audio) throw new MediaMetadataError('invalidFile');
  if (video && isStillImage(result)) {
    if (!video.width || !video.height) throw new MediaMetadataError('invalidFile');
    return { width: video.width, height: video.height };
  }
  const duration = Number(result.format.duration ?? video?.duration ?? audio?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new MediaMetadataError('invalidDuration');
  if (!video) return { duration };
  const fps = snapVideoFps(parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate));
  const counted = Number(video.nb_frames);
  return {
    ...(video.width ? { width: video.width } : {}),
    ...(video.height ? { height: video.height } : {}),
    duration,
    fps,
    frames: Number.isFinite(counted) && counted > 0 ? counted : Math.round(duration * fps),
  };
}

/**
 * Probes a media file with ffprobe (10 s at most) and returns its metadata. A file declaring
 * more than `MEDIA_LIMITS` fails with ffprobe's ProbeLimitError, whose message says what.
 */
export async function probeMediaMetadata(
  file: string,
  options: { fileName?: string; timeoutMs?: number } = {},
): Promise<MediaMetadata> {
  if (options.fileName !== undefined && options.fileName.trim() === '') {
    throw new MediaMetadataError('emptyFileName');
  }
  let result: ProbeResult;
  try {
    result = await ffprobe(file, {
      timeoutMs: options.timeoutMs ?? EDITOR_CONSTANTS.metadataTimeoutMs,
    });
  } catch (error) {
    if (error instanceof ProbeLimitError) throw error;
    if (error instanceof ProbeError && error.message === 'ffprobe timed out')
      throw new MediaMetadataError('timeout');
    if (error instanceof ProbeError && error.message === 'ffprobe gave no readable answer')
      throw new MediaMetadataError('emptyOutput');
    throw new MediaMetadataError('invalidFile');
  }
  if (result.streams.length === 0 && !result.format.duration)
    throw new MediaMetadataError('invalidFile');
  return metadataFromProbe(result);
}
