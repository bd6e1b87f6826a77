import { z } from 'zod';

/**
 * A date as older clients and stores send it (spec 1 §3): a number (epoch milliseconds;
 * values below 1e12 are taken as epoch seconds), a parsable string, or a
 * Firestore-style timestamp object {seconds, nanoseconds} (also {_seconds, _nanoseconds}).
 * Representable in JSON Schema; use `normalizeWireDate` or `wireDateToIsoSchema` to get ISO.
 */
export const wireDateSchema = z.union([
  z.number(),
  z.string(),
  z.object({ seconds: z.number(), nanoseconds: z.number().optional() }),
  z.object({ _seconds: z.number(), _nanoseconds: z.number().optional() }),
]);

/** Values below this are epoch seconds, not milliseconds (1e12 ms is September 2001). */
export const EPOCH_SECONDS_THRESHOLD = 1e12;

/** Largest |ms| a JavaScript Date can hold. */
const MAX_DATE_MS = 8.64e15;

function fromEpochMs(ms: number): string | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  return new Date(ms).toISOString();
}

function fromNumber(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  return fromEpochMs(Math.abs(value) < EPOCH_SECONDS_THRESHOLD ? value * 1000 : value);
}

function readNumber(record: Record<string, unknown>, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Normalises any wire date (and a `Date`) to an ISO-8601 string (UTC, with milliseconds).
 * Returns null for null, undefined, empty strings and anything unparsable.
 */
export function normalizeWireDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return fromEpochMs(value.getTime());
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.length === 0) return null;
    if (/^-?\d+(\.\d+)?$/.test(text)) return fromNumber(Number(text));
    return fromEpochMs(Date.parse(text));
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const seconds = readNumber(record, 'seconds') ?? readNumber(record, '_seconds');
    if (seconds === undefined) return null;
    const nanoseconds =
      readNumber(record, 'nanoseconds') ?? readNumber(record, '_nanoseconds') ?? 0;
    return fromEpochMs(seconds * 1000 + Math.floor(nanoseconds / 1e6));
  }
  return null;
}

/** A wire date (or a Date) parsed to its ISO string; fails on unparsable values. Not for JSON Schema. */
export const wireDateToIsoSchema = z.union([wireDateSchema, z.date()]).transform((value, ctx) => {
  const iso = normalizeWireDate(value);
  if (iso === null) {
    ctx.addIssue({ code: 'custom', message: 'Invalid date' });
    return z.NEVER;
  }
  return iso;
});

/** Like `wireDateToIsoSchema` but null, undefined and unparsable values become null. */
export const nullableWireDateToIsoSchema = z
  .union([wireDateSchema, z.date(), z.null()])
  .optional()
  .transform((value) => normalizeWireDate(value));

/** An ISO-8601 date-time as the API returns it. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
