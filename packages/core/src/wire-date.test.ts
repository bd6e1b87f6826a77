import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeWireDate, wireDateSchema, wireDateToIsoSchema } from './index';

const ISO = '2023-11-14T22:13:20.000Z';

describe('normalizeWireDate', () => {
  it.each<[unknown, string | null]>([
    [1700000000000, ISO],
    [1700000000, ISO],
    ['1700000000', ISO],
    [ISO, ISO],
    ['2023-11-14T23:13:20+01:00', ISO],
    [{ seconds: 1700000000, nanoseconds: 0 }, ISO],
    [{ seconds: 1700000000, nanoseconds: 250000000 }, '2023-11-14T22:13:20.250Z'],
    [{ _seconds: 1700000000, _nanoseconds: 0 }, ISO],
    [{ seconds: 1700000000 }, ISO],
    [new Date(ISO), ISO],
    [0, '1970-01-01T00:00:00.000Z'],
    [null, null],
    [undefined, null],
    ['', null],
    ['not a date', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [1e20, null],
    [{ minutes: 3 }, null],
    [true, null],
  ])('%j -> %s', (input, output) => {
    expect(normalizeWireDate(input)).toBe(output);
  });

  it('treats values below 1e12 as seconds', () => {
    expect(normalizeWireDate(999_999_999_999)).toBe(new Date(999_999_999_999 * 1000).toISOString());
    expect(normalizeWireDate(1e12)).toBe(new Date(1e12).toISOString());
  });

  it('round-trips any date after 2001 (ms values below 1e12 are read as seconds)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2002-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString();
          return (
            normalizeWireDate(iso) === iso &&
            normalizeWireDate(date.getTime()) === iso &&
            normalizeWireDate({
              seconds: Math.floor(date.getTime() / 1000),
              nanoseconds: (date.getTime() % 1000) * 1e6,
            }) === iso
          );
        },
      ),
    );
  });
});

describe('date schemas', () => {
  it('wireDateSchema accepts the three forms and rejects others', () => {
    expect(wireDateSchema.safeParse(1).success).toBe(true);
    expect(wireDateSchema.safeParse('x').success).toBe(true);
    expect(wireDateSchema.safeParse({ seconds: 1, nanoseconds: 2 }).success).toBe(true);
    expect(wireDateSchema.safeParse({ _seconds: 1 }).success).toBe(true);
    expect(wireDateSchema.safeParse(true).success).toBe(false);
  });

  it('wireDateToIsoSchema normalises and fails on garbage', () => {
    expect(wireDateToIsoSchema.parse(1700000000)).toBe(ISO);
    expect(wireDateToIsoSchema.safeParse('garbage').success).toBe(false);
  });
});
