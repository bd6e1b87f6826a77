/** Mono 16-bit PCM audio as numbers in -1..1, with its sample rate. */
export interface PcmAudio {
  sampleRate: number;
  samples: Float32Array;
}

/**
 * Reads a PCM WAV (8/16-bit, mono or stereo; stereo is mixed down). Tolerates the streaming
 * headers espeak-ng writes to stdout (chunk sizes of 0x7fffffff): the data runs to the end.
 */
export function decodeWav(bytes: Buffer): PcmAudio {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file');
  }
  let offset = 12;
  let channels = 1;
  let sampleRate = 22050;
  let bits = 16;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(body + 2);
      sampleRate = bytes.readUInt32LE(body + 4);
      bits = bytes.readUInt16LE(body + 14);
      offset = body + size + (size % 2);
      continue;
    }
    if (id === 'data') {
      const end = Math.min(bytes.length, body + size);
      const width = bits / 8;
      const frames = Math.floor((end - body) / (width * channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < channels; c++) {
          const at = body + (i * channels + c) * width;
          sum += bits === 8 ? (bytes.readUInt8(at) - 128) / 128 : bytes.readInt16LE(at) / 32768;
        }
        samples[i] = sum / channels;
      }
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file without data');
}

/** Writes mono 16-bit PCM WAV. */
export function encodeWav(audio: PcmAudio): Buffer {
  const { samples, sampleRate } = audio;
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    out.writeInt16LE(Math.round(value * 32767), 44 + i * 2);
  }
  return out;
}

/** Absolute level under which a sample counts as silence (about -46 dBFS). */
export const SILENCE_LEVEL = 0.005;

/** The [start, end) sample window that holds sound, or null for pure silence. */
export function soundWindow(
  samples: Float32Array,
  threshold = SILENCE_LEVEL,
): [number, number] | null {
  let start = 0;
  while (start < samples.length && Math.abs(samples[start]!) < threshold) start++;
  if (start === samples.length) return null;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1]!) < threshold) end--;
  return [start, end];
}

/** Linear resampling (voices come at 22.05 kHz; everything is mixed at one rate). */
export function resample(audio: PcmAudio, sampleRate: number): PcmAudio {
  if (audio.sampleRate === sampleRate) return audio;
  const ratio = audio.sampleRate / sampleRate;
  const length = Math.floor(audio.samples.length / ratio);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const x = i * ratio;
    const i0 = Math.floor(x);
    const frac = x - i0;
    const a = audio.samples[i0] ?? 0;
    const b = audio.samples[i0 + 1] ?? a;
    out[i] = a + (b - a) * frac;
  }
  return { sampleRate, samples: out };
}
