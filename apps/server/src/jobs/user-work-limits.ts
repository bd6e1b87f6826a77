import { MESSAGES } from '@storyloom/core';
import { HttpError } from '../http/errors.js';

/**
 * Heavy work a request does itself (not as a workflow run), and how much of each kind one user
 * may have going at once. Runs (generation, export, render, action video) are bounded by their
 * workflow quotas instead.
 */
export const IN_REQUEST_WORK = {
  captionDetection: { max: 2, message: MESSAGES.limits.tooManyCaptionDetections(2) },
  songAnalysis: { max: 2, message: MESSAGES.limits.tooManySongAnalyses(2) },
} as const;

export type InRequestWork = keyof typeof IN_REQUEST_WORK;

/**
 * Counts each user's heavy requests in progress in this process and refuses (429, with the
 * kind's message) one beyond its limit, so one user's burst cannot fill the machine.
 */
export class UserWorkLimits {
  private readonly running = new Map<string, number>();

  async run<T>(kind: InRequestWork, userId: string, work: () => Promise<T>): Promise<T> {
    const { max, message } = IN_REQUEST_WORK[kind];
    const key = `${kind}:${userId}`;
    const now = this.running.get(key) ?? 0;
    if (now >= max) throw new HttpError(429, 'TOO_MANY_RUNS', message);
    this.running.set(key, now + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }
}
