/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const cos = Math.cos(angle * k);
        const sin = Math.sin(angle * k);
        const a = start + k;
        const b = a + size / 2;
        const tre = re[b]! * cos - im[b]! * sin;
        const tim = re[b]! * sin + im[b]! * cos;
        re[b] = re[a]! - tre;
        im[b] = im[a]! - tim;
        re[a] = re[a]! + tre;
        im[a] = im[a]! + tim;
      }
    }
  }
}

/** Octave bands from 55 Hz to the top of a 22.05 kHz signal. */
const BANDS = [55, 110, 220, 440, 880, 1760, 3520, 7040, 11025];

/**
 * A track's spectral profile: the share of its energy in each of eight octave bands, in dB
 * (Hann-windowed frames of 2048 samples, one every 4096).
 */
export function spectralProfile(samples: Float32Array, sampleRate: number): number[] {
  const size = 2048;
  const energy = new Array<number>(BANDS.length - 1).fill(0);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let start = 0; start + size <= samples.length; start += 2 * size) {
    for (let i = 0; i < size; i++) {
      re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
      im[i] = 0;
    }
    fft(re, im);
    for (let bin = 1; bin < size / 2; bin++) {
      const hz = (bin * sampleRate) / size;
      const band = BANDS.findIndex((edge, i) => hz >= edge && hz < BANDS[i + 1]!);
      if (band >= 0) energy[band]! += re[bin]! ** 2 + im[bin]! ** 2;
    }
  }
  const total = energy.reduce((a, b) => a + b, 0);
  return energy.map((e) => 10 * Math.log10(Math.max(e, 1e-12) / total));
}

/** Root-mean-square difference of two profiles, in dB. */
export function profileDistance(a: readonly number[], b: readonly number[]): number {
  return Math.sqrt(a.reduce((sum, v, i) => sum + (v - b[i]!) ** 2, 0) / a.length);
}

/**
 * The spectral centroid of a sound in Hz (the power-weighted mean frequency over Hann-windowed
 * 2048-sample frames): high for clicks and hiss, low for thumps and rustles.
 */
export function spectralCentroid(samples: Float32Array, sampleRate: number): number {
  const size = 2048;
  let weighted = 0;
  let total = 0;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let start = 0; start + size <= samples.length; start += size) {
    for (let n = 0; n < size; n++) {
      re[n] = samples[start + n]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / (size - 1)));
      im[n] = 0;
    }
    fft(re, im);
    for (let k = 1; k < size / 2; k++) {
      const power = re[k]! ** 2 + im[k]! ** 2;
      weighted += power * ((k * sampleRate) / size);
      total += power;
    }
  }
  return total > 0 ? weighted / total : 0;
}
