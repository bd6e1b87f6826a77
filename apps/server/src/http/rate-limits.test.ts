import { describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN_LIMIT, AccountSignInLimit } from './rate-limits.js';

function limitWithClock(limit = { maxFailures: 3, windowMs: 60_000, maxAccounts: 100 }) {
  const clock = { now: 1_000_000 };
  return { clock, limit: new AccountSignInLimit(limit, () => clock.now) };
}

function fail(limit: AccountSignInLimit, account: string) {
  expect(limit.begin(account)).toBe(0);
  limit.finish(account, 'failed');
}

describe('AccountSignInLimit', () => {
  it('refuses an account after its failures, for what is left of the window', () => {
    const { clock, limit } = limitWithClock();
    fail(limit, 'user:a');
    clock.now += 10_000;
    fail(limit, 'user:a');
    fail(limit, 'user:a');
    // The window opened at the first failure: 50 s of it are left.
    expect(limit.begin('user:a')).toBe(50);
    // Other accounts are not touched.
    expect(limit.begin('user:b')).toBe(0);
  });

  it('lets the account try again once the window has ended', () => {
    const { clock, limit } = limitWithClock();
    for (let i = 0; i < 3; i++) fail(limit, 'user:a');
    clock.now += 59_999;
    expect(limit.begin('user:a')).toBe(1);
    clock.now += 1;
    expect(limit.begin('user:a')).toBe(0);
    limit.finish('user:a', 'succeeded');
    expect(limit.begin('user:a')).toBe(0);
  });

  it('counts tries still being answered, so failures sent at once cannot pass together', () => {
    const { limit } = limitWithClock();
    expect([1, 2, 3, 4, 5].map(() => limit.begin('user:a'))).toEqual([0, 0, 0, 60, 60]);
    for (let i = 0; i < 3; i++) limit.finish('user:a', 'failed');
    expect(limit.begin('user:a')).toBe(60);
  });

  it('clears the count on a success, and keeps it on an unanswered try', () => {
    const { limit } = limitWithClock();
    fail(limit, 'user:a');
    fail(limit, 'user:a');
    expect(limit.begin('user:a')).toBe(0);
    limit.finish('user:a', 'unanswered');
    expect(limit.begin('user:a')).toBe(0);
    limit.finish('user:a', 'succeeded');
    fail(limit, 'user:a');
    fail(limit, 'user:a');
    expect(limit.begin('user:a')).toBe(0);
    limit.finish('user:a', 'failed');
    expect(limit.begin('user:a')).toBeGreaterThan(0);
  });

  it('keeps at most maxAccounts windows, dropping the oldest first', () => {
    const { clock, limit } = limitWithClock({ maxFailures: 1, windowMs: 60_000, maxAccounts: 2 });
    fail(limit, 'user:a');
    clock.now += 1;
    fail(limit, 'user:b');
    clock.now += 1;
    fail(limit, 'user:c');
    expect(limit.begin('user:b')).toBeGreaterThan(0);
    expect(limit.begin('user:c')).toBeGreaterThan(0);
    // a's window was dropped to make room.
    expect(limit.begin('user:a')).toBe(0);
  });

  it('allows 10 failures per account in 15 minutes', () => {
    expect(ACCOUNT_SIGN_IN_LIMIT).toMatchObject({ maxFailures: 10, windowMs: 15 * 60_000 });
  });
});
