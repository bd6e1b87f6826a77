import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { LocalIllustrator } from './local-illustrator';
import { assembleVoice, LocalVoice } from './local-voice';
import { decodeWav, soundWindow } from './wav';

async function meanColour(bytes: Buffer): Promise<[number, number, number]> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(64, 36);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0, 64, 36);
  const data = ctx.getImageData(0, 0, 64, 36).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return sum.map((v) => v / (data.length / 4)) as [number, number, number];
}

const distance = (a: number[], b: number[]) => Math.hypot(...a.map((v, i) => v - b[i]!));

describe('the local illustrator', () => {
  const illustrator = new LocalIllustrator();
  const draw = (style: string, prompt = 'a cat in a garden', seed = 'shot-001') =>
    illustrator.generate({
      prompt,
      keywords: prompt.split(' '),
      style: { value: style, description: '', avoidTerms: '' },
      width: 320,
      height: 180,
      seed,
    });

  it('draws the same picture for the same input', async () => {
    expect((await draw('animation')).bytes.equals((await draw('animation')).bytes)).toBe(true);
  });

  it('draws the core styles clearly differently', async () => {
    const styles = [
      'photorealistic',
      'animation',
      'microworld',
      'crayon',
      'pixelart',
      'ghibli',
      'cyberpunk',
    ];
    const colours = await Promise.all(styles.map(async (s) => meanColour((await draw(s)).bytes)));
    for (let i = 0; i < colours.length; i++)
      for (let j = i + 1; j < colours.length; j++)
        expect(distance(colours[i]!, colours[j]!), `${styles[i]} vs ${styles[j]}`).toBeGreaterThan(
          8,
        );
  });

  it('draws each shot differently', async () => {
    const a = await draw('ghibli', 'a rocket launch into space', 'shot-001');
    const b = await draw('ghibli', 'a quiet book in the library', 'shot-002');
    expect(a.bytes.equals(b.bytes)).toBe(false);
  });
});

describe('the local voice', () => {
  it('speaks phrases with known timing, lasting whole frames', async () => {
    const result = await new LocalVoice().speak({
      phrases: ['Hello there.', 'This is a test.'],
      voice: 'warm_female',
      leadSeconds: 0.5,
      tailSeconds: 0.5,
      fps: 30,
    });
    const audio = decodeWav(result.bytes);
    expect(
      Math.round(audio.samples.length / (audio.sampleRate / 30)) * (audio.sampleRate / 30),
    ).toBe(audio.samples.length);
    expect(result.phrases[0]!.start).toBeCloseTo(0.5, 2);
    expect(result.phrases[1]!.start).toBeGreaterThan(result.phrases[0]!.end);
    // The file's sound is the speech plus at most 30 ms of faded edge on either side.
    const [from, to] = soundWindow(audio.samples)!;
    const before = result.phrases[0]!.start - from / audio.sampleRate;
    const after = to / audio.sampleRate - result.phrases[1]!.end;
    for (const edge of [before, after]) {
      expect(edge).toBeGreaterThanOrEqual(0);
      expect(edge).toBeLessThanOrEqual(0.031);
    }
  });

  it('times a phrase to its speech, not to a soft breath after it', () => {
    const rate = 1000;
    // 0.2 s of silence, 0.5 s of speech at 0.5, a 0.3 s breath at 0.01 (2 % of the peak).
    const samples = new Float32Array(1000);
    for (let i = 200; i < 700; i++) samples[i] = i % 2 ? 0.5 : -0.5;
    for (let i = 700; i < 1000; i++) samples[i] = 0.01;
    const voice = assembleVoice([{ text: 'Hi.', audio: { sampleRate: rate, samples } }], {
      leadSeconds: 0.1,
      tailSeconds: 0.1,
      fps: 10,
    });
    expect(voice.phrases).toEqual([{ text: 'Hi.', start: 0.1, end: 0.6 }]);
    // 0.1 lead, 0.5 speech, a 0.03 faded edge, 0.1 tail: 0.73 s, rounded up to whole frames.
    // The breath beyond the edge is gone.
    expect(voice.durationSeconds).toBeCloseTo(0.8, 6);
    const out = decodeWav(voice.bytes).samples;
    expect(Math.max(...out.subarray(Math.round(0.64 * rate)).map(Math.abs))).toBeLessThan(0.001);
  });
});
