import { MESSAGES } from '@storyloom/core';
import { ProcessError, runProcess } from '@storyloom/process';
import { RenderError } from './render-error';

export interface RunFfmpegOptions {
  signal?: AbortSignal | undefined;
  /** Called with the number of frames written so far (from `-progress pipe:1`). */
  onFrames?: ((frames: number) => void) | undefined;
  ffmpegPath?: string | undefined;
}

/**
 * Runs ffmpeg through the process runner (an argument array, never a shell), reports progress,
 * and on abort kills it and waits for it to exit, so no child outlives the call. Resolves with
 * the end of its log; fails with a RenderError (`FFMPEG_FAILED` quoting the end of the log, or
 * the abort's `CANCELED` / `TIMEOUT`).
 */
export async function runFfmpeg(
  args: readonly string[],
  options: RunFfmpegOptions = {},
): Promise<string> {
  const { signal, onFrames } = options;
  try {
    const result = await runProcess(options.ffmpegPath ?? 'ffmpeg', args, {
      signal,
      onStdoutLine: (line) => {
        if (!onFrames || !line.startsWith('frame=')) return;
        const frames = Number(line.slice('frame='.length));
        if (Number.isFinite(frames)) onFrames(frames);
      },
    });
    return result.stderr;
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    if (!(error instanceof ProcessError)) throw error;
    const { killedBy, exitCode, stderrTail, cause } = error.details;
    throw new RenderError(
      'FFMPEG_FAILED',
      error.code === 'START_FAILED'
        ? `ffmpeg could not start: ${(cause as Error).message}`
        : `ffmpeg failed (${killedBy ?? `exit code ${exitCode}`})${stderrTail ? `: ${stderrTail}` : ''}`,
    );
  }
}

/** The RenderError for an aborted signal: a timeout or a cancel. */
export function abortError(signal: AbortSignal): RenderError {
  const reason: unknown = signal.reason;
  if (reason instanceof RenderError) return reason;
  if (reason instanceof Error && reason.name === 'TimeoutError')
    return new RenderError('TIMEOUT', MESSAGES.editor.renderTimeout);
  return new RenderError('CANCELED', 'The render was canceled');
}
