/**
 * Runs one request at a time where only the latest one matters (a song pick): starting a new
 * one aborts the one it replaces, and an answer that arrives after it was replaced or
 * cancelled is dropped, so exactly one result is ever delivered — the latest's.
 */
export class LatestRequest<T> {
  private current: AbortController | null = null;

  /** Whether a request is in flight. */
  get busy(): boolean {
    return this.current !== null;
  }

  /**
   * Starts `run`, aborting the request in flight. `onDone` or `onFailed` is called only if
   * this request is still the latest when it settles; an aborted one calls neither.
   */
  start(
    run: (signal: AbortSignal) => Promise<T>,
    handlers: { onDone: (value: T) => void; onFailed: (failure: unknown) => void },
  ): void {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    const isLatest = () => this.current === controller && !controller.signal.aborted;
    run(controller.signal).then(
      (value) => {
        if (!isLatest()) return;
        this.current = null;
        handlers.onDone(value);
      },
      (failure: unknown) => {
        if (!isLatest()) return;
        this.current = null;
        handlers.onFailed(failure);
      },
    );
  }

  /** Aborts the request in flight, if any; its answer is dropped. */
  cancel(): void {
    this.current?.abort();
    this.current = null;
  }
}
