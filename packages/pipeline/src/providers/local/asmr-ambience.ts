import type { AsmrType } from '@storyloom/core';
import { seededRandom } from './seeded-random';
import type { PcmAudio } from './wav';

export const AMBIENCE_SAMPLE_RATE = 44_100;

/** One-pole filters over a signal, in place: low-pass keeps what is under `hz`. */
function lowPass(signal: Float32Array, hz: number, rate: number) {
  const a = Math.exp((-2 * Math.PI * hz) / rate);
  let y = 0;
  for (let i = 0; i < signal.length; i++) signal[i] = y = (1 - a) * signal[i]! + a * y;
}
function highPass(signal: Float32Array, hz: number, rate: number) {
  const a = Math.exp((-2 * Math.PI * hz) / rate);
  let low = 0;
  for (let i = 0; i < signal.length; i++) {
    low = (1 - a) * signal[i]! + a * low;
    signal[i] = signal[i]! - low;
  }
}
/** A band of noise: white noise kept between `from` and `to` Hz. */
function bandNoise(length: number, from: number, to: number, random: () => number, rate: number) {
  const noise = new Float32Array(length);
  for (let i = 0; i < length; i++) noise[i] = random() * 2 - 1;
  if (to < rate / 2) {
    lowPass(noise, to, rate);
    lowPass(noise, to, rate);
  }
  if (from > 0) {
    highPass(noise, from, rate);
    highPass(noise, from, rate);
  }
  return noise;
}

interface Sound {
  /** Seconds from the start. */
  at: number;
  /** The event's own samples (already shaped). */
  samples: Float32Array;
  gain: number;
}

/** A burst of band noise with a sharp attack and an exponential decay. */
function burst(
  seconds: number,
  from: number,
  to: number,
  decay: number,
  random: () => number,
  rate: number,
): Float32Array {
  const length = Math.max(1, Math.round(seconds * rate));
  const noise = bandNoise(length, from, to, random, rate);
  const attack = Math.max(1, Math.round(0.002 * rate));
  for (let i = 0; i < length; i++)
    noise[i] = noise[i]! * Math.min(1, i / attack) * Math.exp(-i / (decay * rate));
  return noise;
}

/** A tone gliding from `fromHz` to `toHz`, decaying (a drop, a pop, a squeak, a thud). */
function glide(
  seconds: number,
  fromHz: number,
  toHz: number,
  decay: number,
  rate: number,
): Float32Array {
  const length = Math.max(1, Math.round(seconds * rate));
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const hz = fromHz + ((toHz - fromHz) * i) / length;
    phase += (2 * Math.PI * hz) / rate;
    out[i] = Math.sin(phase) * Math.min(1, i / (0.003 * rate)) * Math.exp(-i / (decay * rate));
  }
  return out;
}

/** A stroke: band noise swelling in and out over `seconds` (a brush, a spread, a rustle). */
function stroke(seconds: number, from: number, to: number, random: () => number, rate: number) {
  const length = Math.max(1, Math.round(seconds * rate));
  const noise = bandNoise(length, from, to, random, rate);
  for (let i = 0; i < length; i++) noise[i] = noise[i]! * Math.sin((Math.PI * i) / length) ** 1.5;
  return noise;
}

/** Events at a rate (per second) with jitter, from `start` to `end` seconds. */
function times(
  start: number,
  end: number,
  perSecond: number,
  jitter: number,
  random: () => number,
) {
  const out: number[] = [];
  for (let t = start; t < end; t += (1 / perSecond) * (1 - jitter / 2 + random() * jitter))
    out.push(t);
  return out;
}

/** The sound events of each style: what the scene would sound like, close to the microphone. */
const STYLE_SOUNDS: Record<
  AsmrType,
  (seconds: number, random: () => number, rate: number) => Sound[]
> = {
  // A knife through something crisp onto a wooden board: a bright crunch, then a low knock.
  Cutting: (seconds, random, rate) =>
    times(0.4, seconds - 0.3, 1.6, 0.5, random).flatMap((at) => [
      { at, samples: burst(0.12, 2500, 12000, 0.03, random, rate), gain: 0.55 },
      { at: at + 0.05, samples: glide(0.15, 180, 120, 0.04, rate), gain: 0.5 },
    ]),
  // Wet squelches and small bubbles popping.
  Slime: (seconds, random, rate) => [
    ...times(0.2, seconds - 0.5, 1.2, 0.6, random).map((at) => ({
      at,
      samples: stroke(0.5 + random() * 0.4, 150, 1200, random, rate),
      gain: 0.7,
    })),
    ...times(0.3, seconds - 0.2, 4, 0.9, random).map((at) => ({
      at,
      samples: glide(0.05, 500 + random() * 600, 1400 + random() * 600, 0.015, rate),
      gain: 0.25,
    })),
  ],
  // Key clicks at a typing pace, now and then the deeper space bar.
  Keyboard: (seconds, random, rate) =>
    times(0.2, seconds - 0.2, 7, 0.8, random).map((at) =>
      random() < 0.15
        ? { at, samples: burst(0.05, 300, 3000, 0.012, random, rate), gain: 0.6 }
        : { at, samples: burst(0.025, 3000, 16000, 0.004, random, rate), gain: 0.5 },
    ),
  // A knife spreading on toast: long gritty scrapes.
  Smear: (seconds, random, rate) =>
    times(0.1, seconds - 1, 0.9, 0.4, random).map((at) => ({
      at,
      samples: stroke(0.8 + random() * 0.3, 1500, 7000, random, rate),
      gain: 0.55,
    })),
  // Fizzing growth: a soft hiss and many tiny pops.
  Petridish: (seconds, random, rate) => [
    { at: 0, samples: stroke(seconds, 4000, 14000, random, rate), gain: 0.08 },
    ...times(0.1, seconds - 0.1, 14, 1, random).map((at) => ({
      at,
      samples: glide(0.012, 2000 + random() * 3000, 1500, 0.004, rate),
      gain: 0.2,
    })),
  ],
  // A marker on paper: short squeaky strokes.
  Magicpens: (seconds, random, rate) =>
    times(0.2, seconds - 0.5, 2.2, 0.5, random).flatMap((at) => {
      const length = 0.25 + random() * 0.25;
      return [
        { at, samples: stroke(length, 800, 4000, random, rate), gain: 0.45 },
        { at, samples: glide(length, 1800 + random() * 400, 2300, length, rate), gain: 0.04 },
      ];
    }),
  // Lying down on something soft: slow, low fabric rustles.
  Bedroom: (seconds, random, rate) => [
    { at: 0, samples: stroke(seconds, 40, 400, random, rate), gain: 0.15 },
    ...times(0.2, seconds - 1.5, 0.5, 0.5, random).map((at) => ({
      at,
      samples: stroke(1.2 + random() * 0.6, 100, 900, random, rate),
      gain: 0.6,
    })),
  ],
  // Footsteps on the material: a low thump and a crunch, about two steps a second.
  Upstairs: (seconds, random, rate) =>
    times(0.3, seconds - 0.4, 1.8, 0.2, random).flatMap((at) => [
      { at, samples: glide(0.2, 110, 60, 0.06, rate), gain: 0.9 },
      { at: at + 0.01, samples: burst(0.1, 600, 5000, 0.03, random, rate), gain: 0.3 },
    ]),
};

/**
 * The ambience of an ASMR style, synthesised from noise, tones and envelopes (the local
 * provider's sound effects): `seconds` long, mono, peaking at -3 dBFS, the same for the same
 * seed.
 */
export function synthesizeAmbience(type: AsmrType, seconds: number, seed: string): PcmAudio {
  const rate = AMBIENCE_SAMPLE_RATE;
  const random = seededRandom(`${type}:${seed}`);
  const out = new Float32Array(Math.max(1, Math.round(seconds * rate)));
  for (const sound of STYLE_SOUNDS[type](seconds, random, rate)) {
    const from = Math.round(sound.at * rate);
    for (let i = 0; i < sound.samples.length && from + i < out.length; i++)
      out[from + i] = out[from + i]! + sound.samples[i]! * sound.gain;
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 0.7 / peak : 0;
  // A short fade at both ends, so the sound never starts or stops with a click.
  const fade = Math.round(0.05 * rate);
  for (let i = 0; i < out.length; i++) {
    const edge = Math.min(1, i / fade, (out.length - 1 - i) / fade);
    out[i] = out[i]! * scale * edge;
  }
  return { sampleRate: rate, samples: out };
}
