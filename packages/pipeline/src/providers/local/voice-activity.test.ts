import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { voicedSegments } from './voice-activity';

const rate = 16000;

/** Noise at `noise` amplitude with bursts of a 200 Hz tone at `loud` over the given seconds. */
function recording(seconds: number, bursts: [number, number][], noise: number, loud = 0.3) {
  const random = seededRandom('voice activity');
  return Float32Array.from({ length: seconds * rate }, (_, i) => {
    const t = i / rate;
    const voiced = bursts.some(([a, b]) => t >= a && t < b);
    return (random() * 2 - 1) * noise + (voiced ? loud * Math.sin(2 * Math.PI * 200 * t) : 0);
  });
}

const inSeconds = (segments: { start: number; end: number }[]) =>
  segments.map((s) => [s.start / rate, s.end / rate]);

describe('voice activity', () => {
  it('finds each burst of speech in a quiet room, padded by 0.16 s', () => {
    const found = inSeconds(
      voicedSegments(
        recording(
          6,
          [
            [1, 2],
            [3.5, 5],
          ],
          0.001,
        ),
        rate,
      ),
    );
    expect(found).toEqual([
      [0.84, 2.16],
      [3.34, 5.16],
    ]);
  });

  it('finds speech under steady noise 15 dB below it', () => {
    // A tone of amplitude 0.3 has power 0.045; uniform noise of 0.07 has 0.0016: about 14.5 dB.
    const found = inSeconds(
      voicedSegments(
        recording(
          6,
          [
            [1, 2],
            [3.5, 5],
          ],
          0.07,
        ),
        rate,
      ),
    );
    expect(found).toHaveLength(2);
    expect(found[0]![0]).toBeCloseTo(0.84, 1);
    expect(found[1]![1]).toBeCloseTo(5.16, 1);
  });

  it('keeps pauses between words inside a segment and drops clicks', () => {
    const found = voicedSegments(
      recording(
        4,
        [
          [0.5, 1],
          [1.2, 2],
          [3, 3.05],
        ],
        0.001,
      ),
      rate,
    );
    expect(inSeconds(found)).toEqual([[0.34, 2.16]]);
  });

  it('cuts long speech into segments of at most maxSeconds, in order and apart', () => {
    const found = voicedSegments(recording(30, [[0.5, 29.5]], 0.001), rate, { maxSeconds: 8 });
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const [i, s] of found.entries()) {
      expect(s.end - s.start).toBeLessThanOrEqual(8.3 * rate);
      if (i > 0) expect(s.start).toBeGreaterThanOrEqual(found[i - 1]!.end);
    }
  });

  it('finds nothing in silence', () => {
    expect(voicedSegments(new Float32Array(rate), rate)).toEqual([]);
  });
});
