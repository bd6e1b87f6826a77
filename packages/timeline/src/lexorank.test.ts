import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankBetween, spreadRanks } from './lexorank';

describe('lexorank', () => {
  it('makes a rank strictly between two others, or before/after one', () => {
    expect(rankBetween(null, null)).toBe('i');
    expect(rankBetween('a', 'c')).toBe('b');
    expect(rankBetween('a', 'b')! > 'a' && rankBetween('a', 'b')! < 'b').toBe(true);
    expect(rankBetween('b', null)).toBe('c');
    expect(rankBetween(null, 'b')! < 'b').toBe(true);
    expect(rankBetween(null, '0')! < '0').toBe(true);
    expect(rankBetween(null, '0i')! < '0i').toBe(true);
    expect(rankBetween('b', 'a')).toBeNull();
    expect(rankBetween('a', 'a')).toBeNull();
  });

  it('works with ranks written by others (any characters)', () => {
    const between = rankBetween('0|hzzzzz:', '0|i00000:')!;
    expect(between > '0|hzzzzz:' && between < '0|i00000:').toBe(true);
    const upper = rankBetween('Z', 'a')!;
    expect(upper > 'Z' && upper < 'a').toBe(true);
  });

  it('never ends a new rank with 0, so there is always room before it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'), { maxLength: 6 }),
        (chars) => {
          const rank = rankBetween(null, chars.join('') || null);
          if (rank !== null) expect(rank.endsWith('0')).toBe(false);
        },
      ),
    );
  });

  it('property: the result always sorts strictly between its bounds', () => {
    const text = fc.string({ unit: fc.constantFrom(...'!0123459:Zaiyz|'), maxLength: 6 });
    fc.assert(
      fc.property(fc.option(text), fc.option(text), (a, b) => {
        const rank = rankBetween(a, b);
        if (rank === null) return (a !== null && b !== null && !(a < b)) || b === '';
        return (a === null || a < rank) && (b === null || rank < b);
      }),
      { numRuns: 500 },
    );
  });

  it('repeated inserts at the same place stay ordered', () => {
    const ranks: string[] = ['a', 'b'];
    for (let i = 0; i < 50; i++) ranks.splice(1, 0, rankBetween(ranks[0]!, ranks[1]!)!);
    expect([...ranks].sort()).toEqual([ranks[0], ...ranks.slice(1).sort()]);
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it('spreads n ranks evenly and in order', () => {
    for (const n of [1, 2, 5, 35, 36, 100, 2000]) {
      const ranks = spreadRanks(n);
      expect(ranks).toHaveLength(n);
      expect([...ranks].sort()).toEqual(ranks);
      expect(new Set(ranks).size).toBe(n);
      expect(ranks.every((rank) => !rank.endsWith('0'))).toBe(true);
    }
  });
});
