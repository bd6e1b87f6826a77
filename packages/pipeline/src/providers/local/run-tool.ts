import { spawn } from 'node:child_process';

/**
 * Runs a local tool (argument array, never a shell) with `input` on its stdin, and resolves its
 * stdout; a failure names the tool, its exit code and the end of its stderr. Aborting `signal`
 * kills the tool. With `maxOutputBytes`, stdout is kept up to that many bytes: once it has
 * them the tool is killed and the call resolves with those bytes (a bounded read of a stream
 * that may be far longer than its caller wants).
 */
export function runTool(
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
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const chunks: Buffer[] = [];
    const maxBytes = options.maxOutputBytes ?? Infinity;
    let kept = 0;
    let full = false;
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      if (full) return;
      const room = maxBytes - kept;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      kept += Math.min(room, chunk.length);
      if (kept >= maxBytes) {
        full = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) =>
      reject(new Error(`${label}: could not run ${command}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0 || full) resolve(Buffer.concat(chunks));
      else reject(new Error(`${label}: ${command} exited with ${code}: ${stderr.trim()}`));
    });
    // A tool that exits before reading all its input closes the pipe: its exit code tells.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  });
}
