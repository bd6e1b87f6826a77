/**
 * Waveform peaks of decoded audio: `count` windows of the samples, each its loudest sample,
 * scaled so the loudest is 1 (all 0 for silence), to 3 decimals. Drawn by the music panels and
 * the song dialog; sent by the server for stock tracks and uploaded songs.
 */
export function waveformPeaks(samples: Float32Array, count: number): number[] {
  if (samples.length === 0) return [];
  const windows = Math.max(1, Math.min(count, samples.length));
  const peaks: number[] = [];
  for (let w = 0; w < windows; w++) {
    const from = Math.floor((w * samples.length) / windows);
    const to = Math.max(from + 1, Math.floor(((w + 1) * samples.length) / windows));
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(samples[i]!));
    peaks.push(peak);
  }
  const top = Math.max(...peaks);
  return peaks.map((p) => (top > 0 ? Math.round((p / top) * 1000) / 1000 : 0));
}
