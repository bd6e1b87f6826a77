import { MESSAGES } from '@storyloom/core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { UserWorkLimits } from './user-work-limits.js';

describe("a user's heavy requests in progress", () => {
  it('refuses one beyond the limit with a 429 and its message, for that user and kind only', async () => {
    const limits = new UserWorkLimits();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = [1, 2].map(() => limits.run('captionDetection', 'ann', () => held));
    const refused = limits.run('captionDetection', 'ann', () => Promise.resolve('ran'));
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      message: MESSAGES.limits.tooManyCaptionDetections(2),
    });
    // Another user, and another kind of work, are not held back by Ann's.
    await expect(limits.run('captionDetection', 'ben', () => Promise.resolve('ben'))).resolves.toBe(
      'ben',
    );
    await expect(limits.run('songAnalysis', 'ann', () => Promise.resolve('song'))).resolves.toBe(
      'song',
    );
    release();
    await Promise.all(running);
    // Finished work frees its place, failed work too.
    await expect(
      limits.run('captionDetection', 'ann', () => Promise.reject(new Error('unreadable'))),
    ).rejects.toThrow('unreadable');
    await expect(
      limits.run('captionDetection', 'ann', () => Promise.resolve('again')),
    ).resolves.toBe('again');
  });
});
