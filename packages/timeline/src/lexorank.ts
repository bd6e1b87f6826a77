/**
 * Lexicographic ranks for shot order (spec 3 §3, §9): plain string comparison, as core's
 * `compareLexorank`. New ranks use the digits 0-9a-z and never end in '0', so there is always
 * room before them; ranks written by others (any characters) are handled too.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const CODES = [...DIGITS].map((digit) => digit.charCodeAt(0));
const ZERO = CODES[0]!;

/**
 * A rank strictly between `before` and `after` (either may be null: no bound). Null when none
 * can be made (`before` is not below `after`, or `after` is `before` plus NUL characters).
 */
export function rankBetween(before: string | null, after: string | null): string | null {
  if (before !== null && after !== null && !(before < after)) return null;
  let prefix = '';
  let lowerActive = before !== null;
  let upperActive = after !== null;
  for (let i = 0; i < 4096; i++) {
    const lo = lowerActive && i < before!.length ? before!.charCodeAt(i) : -1;
    const hi = upperActive ? (i < after!.length ? after!.charCodeAt(i) : -1) : 0x10000;
    if (upperActive && hi === -1) return null;
    const inside = CODES.filter((code) => code > lo && code < hi);
    const finals = inside.filter((code) => code !== ZERO);
    if (finals.length > 0) {
      // With no upper bound step just past the lower one (appending keeps ranks short).
      const pick = upperActive || lo < 0 ? finals[Math.floor(finals.length / 2)]! : finals[0]!;
      return prefix + String.fromCharCode(pick);
    }
    if (inside.length > 0) {
      prefix += '0';
      lowerActive = false;
      upperActive = false;
      continue;
    }
    if (lo === hi) {
      prefix += String.fromCharCode(lo);
      continue;
    }
    if (lo >= 0) {
      prefix += String.fromCharCode(lo);
      upperActive = false;
      continue;
    }
    // The lower bound is used up and no digit is below the upper character.
    if (hi === ZERO && i + 1 < after!.length) {
      prefix += '0';
      continue;
    }
    if (hi <= 0) return null;
    prefix += String.fromCharCode(hi - 1);
    upperActive = false;
  }
  return null;
}

/** `count` evenly spread ranks of equal length, in order. */
export function spreadRanks(count: number): string[] {
  if (count <= 0) return [];
  const base = DIGITS.length;
  let width = 1;
  while (base ** width < (count + 1) * 2) width++;
  const step = base ** width / (count + 1);
  return Array.from({ length: count }, (_, index) => {
    let value = Math.floor(step * (index + 1));
    let text = '';
    for (let w = 0; w < width; w++) {
      text = DIGITS[value % base]! + text;
      value = Math.floor(value / base);
    }
    return text.endsWith('0') ? `${text}i` : text;
  });
}
