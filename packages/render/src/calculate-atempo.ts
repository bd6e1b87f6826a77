/**
 * The `atempo` filters that change audio speed by `speed` without changing pitch. One atempo
 * instance is kept within 0.5–2 (the range where it sounds cleanest and that every ffmpeg
 * accepts), so speeds beyond it become a chain whose product is `speed`.
 */
export function calculateATempo(speed: number): string[] {
  if (!(speed > 0) || !Number.isFinite(speed)) throw new Error(`Invalid speed ${speed}`);
  const filters: string[] = [];
  let rest = speed;
  while (rest > 2) {
    filters.push('atempo=2');
    rest /= 2;
  }
  while (rest < 0.5) {
    filters.push('atempo=0.5');
    rest /= 0.5;
  }
  if (Math.abs(rest - 1) > 1e-9) filters.push(`atempo=${formatNumber(rest)}`);
  return filters;
}

/** A number as ffmpeg reads it: at most 6 decimals, no trailing zeros, no exponent. */
export function formatNumber(value: number): string {
  const fixed = value.toFixed(6);
  return fixed.replace(/\.?0+$/, '') || '0';
}
