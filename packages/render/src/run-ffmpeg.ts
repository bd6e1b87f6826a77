import { spawn } from 'node:child_process';
import { MESSAGES } from '@storyloom/core';
import { RenderError } from './render-error';

export interface RunFfmpegOptions {
  signal?: AbortSignal | undefined;
  /** Called with the number of frames written so far (from `-progress pipe:1`). */
  onFrames?: ((frames: number) => void) | undefined;
  ffmpegPath?: string | undefined;
}

/** Lines of ffmpeg's error output kept for the error message. */
const STDERR_LINES = 12;

/**
 * Runs ffmpeg with an argument array (never a shell), reports progress, and on abort kills
 * it and waits for it to exit, so no child outlives the call. Resolves with the end of its log.
 */
export function runFfmpeg(
  args: readonly string[],
  options: RunFfmpegOptions = {},
): Promise<string> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const child = spawn(options.ffmpegPath ?? 'ffmpeg', args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('frame=')) {
          const frames = Number(line.slice('frame='.length));
          if (Number.isFinite(frames)) options.onFrames?.(frames);
        }
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new RenderError('FFMPEG_FAILED', `ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(abortError(signal));
      if (code === 0) return resolve(stderr);
      const tail = stderr.trim().split('\n').slice(-STDERR_LINES).join('\n');
      reject(
        new RenderError(
          'FFMPEG_FAILED',
          `ffmpeg failed (${killedBy ?? `exit code ${code}`})${tail ? `: ${tail}` : ''}`,
        ),
      );
    });
  });
}

/** The RenderError for an aborted signal: a timeout or a cancel. */
export function abortError(signal: AbortSignal): RenderError {
  const reason: unknown = signal.reason;
  if (reason instanceof RenderError) return reason;
  if (reason instanceof Error && reason.name === 'TimeoutError')
    return new RenderError('TIMEOUT', MESSAGES.editor.renderTimeout);
  return new RenderError('CANCELED', 'The render was canceled');
}
