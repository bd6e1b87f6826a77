/** Peaks of an audio file, per 1/50 s, decoded in the browser with Web Audio. */
export interface WaveformPeaks {
  peaksPerSecond: number;
  peaks: Float32Array;
}

const PEAKS_PER_SECOND = 50;
const cache = new Map<string, Promise<WaveformPeaks | null>>();

/** Maximum absolute sample of each 1/50 s of the first channel, 0..1. */
export function computePeaks(samples: Float32Array, sampleRate: number): WaveformPeaks {
  const bucket = Math.max(1, Math.round(sampleRate / PEAKS_PER_SECOND));
  const peaks = new Float32Array(Math.ceil(samples.length / bucket));
  for (let i = 0; i < peaks.length; i++) {
    let max = 0;
    const end = Math.min(samples.length, (i + 1) * bucket);
    for (let j = i * bucket; j < end; j++) {
      const value = Math.abs(samples[j]!);
      if (value > max) max = value;
    }
    peaks[i] = Math.min(1, max);
  }
  return { peaksPerSecond: PEAKS_PER_SECOND, peaks };
}

/** Fetches and decodes a sound once per URL; null when it cannot be decoded. */
export function loadPeaks(url: string): Promise<WaveformPeaks | null> {
  let pending = cache.get(url);
  if (!pending) {
    pending = (async () => {
      try {
        const response = await fetch(url, { credentials: 'same-origin' });
        if (!response.ok) return null;
        const data = await response.arrayBuffer();
        const context = new OfflineAudioContext(1, 1, 44_100);
        const buffer = await context.decodeAudioData(data);
        return computePeaks(buffer.getChannelData(0), buffer.sampleRate);
      } catch {
        return null;
      }
    })();
    cache.set(url, pending);
  }
  return pending;
}
