import {
  MESSAGES,
  renderStartResponseSchema,
  renderStatusSchema,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { ApiError } from '../../lib/api-error';
import { requestJson } from '../../lib/api-client';

const RENDER_PATH = '/api/internal/storybuilder/render_video';
export const RENDER_POLL_MS = 2000;
export const RENDER_TIMEOUT_MS = 600_000;
const RENDER_ATTEMPTS = 3;
const RETRY_DELAY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renders the editor's timeline to an MP4 (spec 3 §4 "Render and export", §8): starts the
 * render (up to 3 attempts, 1 s apart), polls it every 2 s reporting its real progress (0..1)
 * and answers the video's URL, or throws with the spec's message.
 */
export async function renderTimeline(args: {
  storyId: string;
  timeline: VideoEditorTimeline;
  onProgress: (progress: number) => void;
}): Promise<string> {
  const { timeline } = args;
  let renderId: string | null = null;
  let lastError: unknown = null;
  for (let attempt = 0; attempt < RENDER_ATTEMPTS && !renderId; attempt++) {
    if (attempt > 0) await wait(RETRY_DELAY_MS);
    try {
      const started = await requestJson(RENDER_PATH, renderStartResponseSchema.partial(), {
        method: 'POST',
        body: {
          tracks: timeline.tracks,
          mediaAssets: timeline.mediaAssets,
          downloadBehavior: 'download',
          watermarkConfig: {
            enabled: timeline.globalConfig.watermark.enabled,
            type: timeline.globalConfig.watermark.type,
          },
          configFromStory: {
            story_id: args.storyId,
            fps: timeline.globalConfig.fps,
            captions: { enabled: timeline.globalConfig.captions.enabled },
          },
        },
      });
      if (!started.renderId) throw new Error(MESSAGES.editor.renderMissingId);
      renderId = started.renderId;
    } catch (error) {
      lastError = error;
      // A refused request (4xx) would be refused again.
      if (error instanceof ApiError && error.status < 500)
        throw new Error(MESSAGES.editor.renderStartFailed(error.message), { cause: error });
    }
  }
  if (!renderId) {
    throw lastError instanceof ApiError
      ? new Error(MESSAGES.editor.renderStartFailed(lastError.message))
      : lastError instanceof Error
        ? lastError
        : new Error(MESSAGES.editor.renderUnknownError);
  }

  const deadline = Date.now() + RENDER_TIMEOUT_MS;
  for (;;) {
    if (Date.now() > deadline) throw new Error(MESSAGES.editor.renderTimeout);
    const status = await requestJson(
      `${RENDER_PATH}?id=${encodeURIComponent(renderId)}`,
      renderStatusSchema,
    );
    if (status.status === 'success') {
      if (!status.url) throw new Error(MESSAGES.editor.renderNoUrl);
      args.onProgress(1);
      return status.url;
    }
    if (status.status === 'error')
      throw new Error(status.error || MESSAGES.editor.renderUnknownError);
    args.onProgress(status.progress ?? 0);
    await wait(RENDER_POLL_MS);
  }
}

/** Starts the browser's download of the exported video as download.mp4. */
export function downloadVideo(url: string, fileName = 'download.mp4') {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
