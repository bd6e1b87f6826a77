import { ProcessError, runProcess } from '@storyloom/process';

/**
 * Runs a local tool through the process runner (argument array, never a shell) with `input` on
 * its stdin, and resolves its stdout; a failure names the tool, its exit code and the end of
 * its stderr. Aborting `signal` kills the tool. With `maxOutputBytes`, stdout is kept up to
 * that many bytes: once it has them the tool is killed and the call resolves with those bytes
 * (a bounded read of a stream that may be far longer than its caller wants).
 */
export async function runTool(
  command: string,
  args: readonly string[],
  options: {
    input?: string | Buffer;
    label?: string;
    signal?: AbortSignal | undefined;
    maxOutputBytes?: number;
  } = {},
): Promise<Buffer> {
  const label = options.label ?? command;
  try {
    const result = await runProcess(command, args, {
      input: options.input,
      signal: options.signal,
      maxOutputBytes: options.maxOutputBytes,
      stderrTailChars: 2000,
    });
    return result.stdout;
  } catch (error) {
    if (!(error instanceof ProcessError)) throw error;
    const { exitCode, stderrTail, cause } = error.details;
    const reason =
      error.code === 'START_FAILED'
        ? `could not run ${command}: ${(cause as Error).message}`
        : error.code === 'ABORTED'
          ? `${command} was stopped`
          : `${command} exited with ${exitCode}: ${stderrTail ?? ''}`;
    throw new Error(`${label}: ${reason}`, { cause: error });
  }
}
