import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A personal API key: `sl_` + a 12-character prefix (kept, shown in the list, finds the key's
 * row) + `_` + a 32-byte random secret in base64url. Only the SHA-256 of the whole key is
 * stored: the key is 256 bits of randomness, so a fast hash cannot be guessed backwards (a
 * slow password hash would only slow every call), and hashes are compared in constant time.
 */
const KEY_PATTERN = /^sl_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const bytes = randomBytes(12);
  // 62 letters; the tiny bias of % does not matter for a lookup prefix (the secret is separate).
  const prefix = [...bytes].map((b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
  const key = `sl_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The prefix of a well-formed key, or null. */
export function apiKeyPrefix(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** Whether `key` hashes to `storedHash`, compared in constant time. */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const given = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The key in an `Authorization: Bearer sl_…` header, or null when the header is not one. */
export function bearerApiKey(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(sl_\S*)$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}
