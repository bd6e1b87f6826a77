/**
 * Integrated loudness of mono audio after ITU-R BS.1770-4 / EBU R128 (what ffmpeg's `ebur128`
 * and `loudnorm` measure): K-weighting (a high shelf and a high pass), 400 ms blocks overlapping
 * by 75 %, an absolute gate at -70 LUFS and a relative gate 10 LU below the ungated mean.
 */

interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/** The two K-weighting stages for a sample rate (the published filter's analogue prototype). */
function kWeighting(sampleRate: number): Biquad[] {
  const shelf = (() => {
    const gain = 4;
    const q = 1 / Math.SQRT2;
    const w0 = (2 * Math.PI * 1500) / sampleRate;
    const A = 10 ** (gain / 40);
    const alpha = Math.sin(w0) / (2 * q);
    const cos = Math.cos(w0);
    const root = 2 * Math.sqrt(A) * alpha;
    const a0 = A + 1 - (A - 1) * cos + root;
    return {
      b: [
        (A * (A + 1 + (A - 1) * cos + root)) / a0,
        (-2 * A * (A - 1 + (A + 1) * cos)) / a0,
        (A * (A + 1 + (A - 1) * cos - root)) / a0,
      ],
      a: [(2 * (A - 1 - (A + 1) * cos)) / a0, (A + 1 - (A - 1) * cos - root) / a0],
    } satisfies Biquad;
  })();
  const highPass = (() => {
    const w0 = (2 * Math.PI * 38) / sampleRate;
    const alpha = Math.sin(w0) / (2 * 0.5);
    const cos = Math.cos(w0);
    const a0 = 1 + alpha;
    return {
      b: [(1 + cos) / 2 / a0, -(1 + cos) / a0, (1 + cos) / 2 / a0],
      a: [(-2 * cos) / a0, (1 - alpha) / a0],
    } satisfies Biquad;
  })();
  return [shelf, highPass];
}

function filter(samples: Float32Array | Float64Array, { b, a }: Biquad): Float64Array {
  const out = new Float64Array(samples.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
    out[i] = y;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
  }
  return out;
}

const blockLoudness = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/** Integrated loudness in LUFS; -Infinity for silence or audio shorter than one block. */
export function integratedLoudness(samples: Float32Array, sampleRate: number): number {
  let weighted: Float64Array | Float32Array = samples;
  for (const stage of kWeighting(sampleRate)) weighted = filter(weighted, stage);
  const block = Math.round(0.4 * sampleRate);
  const step = Math.round(0.1 * sampleRate);
  const powers: number[] = [];
  for (let start = 0; start + block <= weighted.length; start += step) {
    let sum = 0;
    for (let i = start; i < start + block; i++) sum += weighted[i]! * weighted[i]!;
    powers.push(sum / block);
  }
  const loud = powers.filter((p) => blockLoudness(p) > -70);
  if (loud.length === 0) return -Infinity;
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const relativeGate = blockLoudness(mean(loud)) - 10;
  const gated = loud.filter((p) => blockLoudness(p) > relativeGate);
  return blockLoudness(mean(gated));
}

/** Highest sample level a normalised voice may reach (-1 dBFS). */
const PEAK_CEILING = 10 ** (-1 / 20);

/**
 * The audio brought to `targetLufs`. Peaks the gain would push past -1 dBFS are rounded off by a
 * soft knee rather than lowering the whole voice, so every voice ends at the same loudness.
 * Silence is returned as it is.
 */
export function normaliseLoudness(
  samples: Float32Array,
  sampleRate: number,
  targetLufs: number,
): Float32Array {
  const measured = integratedLoudness(samples, sampleRate);
  if (!Number.isFinite(measured)) return samples;
  const gain = 10 ** ((targetLufs - measured) / 20);
  const knee = PEAK_CEILING * 0.8;
  const room = PEAK_CEILING - knee;
  return samples.map((v) => {
    const x = v * gain;
    const size = Math.abs(x);
    if (size <= knee) return x;
    return Math.sign(x) * (knee + room * Math.tanh((size - knee) / room));
  });
}
