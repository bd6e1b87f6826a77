import { describe, expect, it } from 'vitest';
import { ProcessError, runProcess } from './run-process';

const node = process.execPath;
const unexpected = () => {
  throw new Error('The process was expected to fail');
};
const asProcessError = (error: unknown) => {
  if (!(error instanceof ProcessError)) throw error;
  return error;
};
/** Whether a process id is still running. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('runProcess', () => {
  it('passes stdin through and resolves stdout and stderr of a tool that exits with 0', async () => {
    const result = await runProcess(
      node,
      ['-e', 'process.stdin.pipe(process.stdout); process.stderr.write("note")'],
      { input: 'hello' },
    );
    expect(result.stdout.toString()).toBe('hello');
    expect(result.stderr).toBe('note');
  });

  it('fails with the exit code and the last lines of stderr', async () => {
    const script = 'for (let i = 1; i <= 20; i++) console.error("line " + i); process.exit(3)';
    const error = await runProcess(node, ['-e', script], { errorLines: 2 }).then(
      unexpected,
      asProcessError,
    );
    expect(error.code).toBe('EXIT');
    expect(error.details.exitCode).toBe(3);
    expect(error.stderrTail).toBe('line 19\nline 20');
    expect(error.message).toBe(`${node} failed (exit code 3): line 19\nline 20`);
  });

  it('fails to start a tool that does not exist', async () => {
    const error = await runProcess('storyloom-no-such-tool', []).then(unexpected, asProcessError);
    expect(error.code).toBe('START_FAILED');
    expect(error.message).toMatch(/^storyloom-no-such-tool could not start: .*ENOENT/);
  });

  it('kills the tool on abort and settles only after it has exited', async () => {
    const controller = new AbortController();
    let pid = 0;
    const running = runProcess(
      node,
      ['-e', 'console.log(process.pid); setInterval(() => {}, 1000)'],
      {
        signal: controller.signal,
        onStdoutLine: (line) => {
          pid = Number(line);
          controller.abort(new Error('canceled by the user'));
        },
      },
    );
    const error = await running.then(unexpected, asProcessError);
    expect(error.code).toBe('ABORTED');
    expect((error.cause as Error).message).toBe('canceled by the user');
    expect(pid).toBeGreaterThan(0);
    expect(alive(pid)).toBe(false);
  });

  it('refuses to start with a signal already aborted', async () => {
    const error = await runProcess(node, ['-e', ''], { signal: AbortSignal.abort() }).then(
      unexpected,
      asProcessError,
    );
    expect(error.code).toBe('ABORTED');
  });

  it('kills a tool that runs past its time limit', async () => {
    const started = Date.now();
    const error = await runProcess(node, ['-e', 'setInterval(() => {}, 1000)'], {
      timeoutMs: 300,
    }).then(unexpected, asProcessError);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe(`${node} took longer than 300 ms`);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reports stdout line by line, the last line even without a newline', async () => {
    const lines: string[] = [];
    await runProcess(node, ['-e', 'process.stdout.write("frame=1\\nframe=2\\nprogress=end")'], {
      onStdoutLine: (line) => lines.push(line),
    });
    expect(lines).toEqual(['frame=1', 'frame=2', 'progress=end']);
  });

  it('stops a long output at maxOutputBytes and resolves with those bytes', async () => {
    const result = await runProcess(
      node,
      ['-e', 'setInterval(() => process.stdout.write("x".repeat(1000)), 1)'],
      { maxOutputBytes: 2500 },
    );
    expect(result.stdout.length).toBe(2500);
    expect(result.truncated).toBe(true);
  });
});
