import { spawn } from 'node:child_process';

export type ProcessErrorCode =
  /** The tool could not be started (not installed, not executable). */
  | 'START_FAILED'
  /** It ran and exited with a non-zero code or was killed by a signal of its own. */
  | 'EXIT'
  /** The caller's signal fired; `cause` is the signal's reason. */
  | 'ABORTED'
  /** It ran longer than `timeoutMs`. */
  | 'TIMEOUT';

/** Why a tool failed: a stable `code`, the command, and the end of what it wrote to stderr. */
export class ProcessError extends Error {
  override name = 'ProcessError';
  constructor(
    readonly code: ProcessErrorCode,
    readonly command: string,
    message: string,
    readonly details: {
      exitCode?: number | null;
      killedBy?: NodeJS.Signals | null;
      stderrTail?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get stderrTail(): string {
    return this.details.stderrTail ?? '';
  }
}

export interface RunProcessOptions {
  /** Written to the tool's stdin, which is then closed; without it stdin is ignored. */
  input?: string | Buffer | undefined;
  /** Kills the tool (SIGKILL) and rejects with `ABORTED` once it has exited. */
  signal?: AbortSignal | undefined;
  /** Kills the tool after this many milliseconds and rejects with `TIMEOUT`. */
  timeoutMs?: number | undefined;
  /**
   * Called with every line of stdout (progress such as ffmpeg's `-progress pipe:1`). When
   * given, stdout is read as lines and not kept.
   */
  onStdoutLine?: ((line: string) => void) | undefined;
  /**
   * Keep at most this many bytes of stdout; once it has them the tool is killed and the call
   * resolves with those bytes (a bounded read of an output that may be far longer).
   */
  maxOutputBytes?: number | undefined;
  /** Characters of the end of stderr kept (for the result and the error); default 8000. */
  stderrTailChars?: number | undefined;
  /** Lines of stderr quoted in the error message; default 12. */
  errorLines?: number | undefined;
}

export interface ProcessResult {
  stdout: Buffer;
  /** The end of stderr (`stderrTailChars`). */
  stderr: string;
  /** True when the tool was stopped because `maxOutputBytes` were read. */
  truncated: boolean;
}

/**
 * Runs a tool with an argument array (never a shell). Resolves with its stdout and the end of
 * its stderr when it exits with 0; otherwise rejects with a ProcessError naming the tool, its
 * exit code and the last lines of its stderr. On abort or time limit the tool is killed and
 * the call settles only after it has exited, so no child outlives the call.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions = {},
): Promise<ProcessResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortedError(command, signal));
  const tailChars = options.stderrTailChars ?? 8000;
  const maxBytes = options.maxOutputBytes ?? Infinity;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    const stdout = child.stdout!;
    const stderrStream = child.stderr!;
    const chunks: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    let stderr = '';
    let timedOut = false;
    let failedToStart: Error | null = null;

    if (options.onStdoutLine) {
      const onLine = options.onStdoutLine;
      let pending = '';
      stdout.setEncoding('utf8');
      stdout.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
      stdout.on('end', () => {
        if (pending) onLine(pending);
      });
    } else {
      stdout.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - kept;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        kept += Math.min(room, chunk.length);
        if (kept >= maxBytes) {
          truncated = true;
          child.kill('SIGKILL');
        }
      });
    }
    stderrStream.setEncoding('utf8');
    stderrStream.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-tailChars);
    });
    // A tool that exits before reading all its input closes the pipe: its exit code tells.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);

    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            kill();
          }, options.timeoutMs);

    child.on('error', (error) => {
      // Only a failed start matters here; 'close' follows and settles the call.
      failedToStart = error;
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', kill);
      if (timer) clearTimeout(timer);
      const tail = stderr
        .trim()
        .split('\n')
        .slice(-(options.errorLines ?? 12))
        .join('\n');
      const details = { exitCode: code, killedBy, stderrTail: tail };
      if (signal?.aborted) return reject(abortedError(command, signal));
      if (timedOut)
        return reject(
          new ProcessError(
            'TIMEOUT',
            command,
            `${command} took longer than ${options.timeoutMs} ms`,
            details,
          ),
        );
      if (failedToStart)
        return reject(
          new ProcessError(
            'START_FAILED',
            command,
            `${command} could not start: ${failedToStart.message}`,
            { ...details, cause: failedToStart },
          ),
        );
      if (code === 0 || truncated)
        return resolve({ stdout: Buffer.concat(chunks), stderr, truncated });
      reject(
        new ProcessError(
          'EXIT',
          command,
          `${command} failed (${killedBy ?? `exit code ${code}`})${tail ? `: ${tail}` : ''}`,
          details,
        ),
      );
    });
  });
}

function abortedError(command: string, signal: AbortSignal): ProcessError {
  return new ProcessError('ABORTED', command, `${command} was stopped`, { cause: signal.reason });
}
