import { describe, expect, it } from 'vitest';
import { LatestRequest } from './latest-request';

/** A request that settles when the test says so, and records whether it was aborted. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (failure: unknown) => void;
  let signal!: AbortSignal;
  const run = (s: AbortSignal) => {
    signal = s;
    return new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return {
    run,
    resolve: (v: T) => resolve(v),
    reject: (f: unknown) => reject(f),
    aborted: () => signal.aborted,
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('LatestRequest', () => {
  it('delivers only the latest answer, whatever order the answers arrive in', async () => {
    const latest = new LatestRequest<string>();
    const done: string[] = [];
    const handlers = { onDone: (v: string) => done.push(v), onFailed: () => done.push('failed') };
    const first = deferred<string>();
    const second = deferred<string>();
    const third = deferred<string>();
    latest.start(first.run, handlers);
    latest.start(second.run, handlers);
    latest.start(third.run, handlers);
    expect(first.aborted()).toBe(true);
    expect(second.aborted()).toBe(true);
    expect(third.aborted()).toBe(false);
    third.resolve('third');
    first.resolve('first');
    second.reject(new Error('late failure'));
    await flush();
    expect(done).toEqual(['third']);
    expect(latest.busy).toBe(false);
  });

  it('drops the answer of a cancelled request and reports a failure of the latest', async () => {
    const latest = new LatestRequest<string>();
    const done: string[] = [];
    const handlers = {
      onDone: (v: string) => done.push(v),
      onFailed: (f: unknown) => done.push(`failed: ${(f as Error).message}`),
    };
    const cancelled = deferred<string>();
    latest.start(cancelled.run, handlers);
    expect(latest.busy).toBe(true);
    latest.cancel();
    expect(cancelled.aborted()).toBe(true);
    cancelled.resolve('too late');
    const failing = deferred<string>();
    latest.start(failing.run, handlers);
    failing.reject(new Error('offline'));
    await flush();
    expect(done).toEqual(['failed: offline']);
  });
});
