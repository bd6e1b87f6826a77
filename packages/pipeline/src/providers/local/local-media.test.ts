import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { MUSIC_FOLDERS } from '@storyloom/core';
import { LocalIllustrator } from './local-illustrator';
import { LOCAL_MUSIC_LIBRARY, LocalMusic } from './local-music';
import { LocalVoice } from './local-voice';
import { decodeWav, encodeWav, soundWindow } from './wav';

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
    const [from, to] = soundWindow(audio.samples)!;
    expect(from / audio.sampleRate).toBeCloseTo(0.5, 2);
    expect(to / audio.sampleRate).toBeCloseTo(result.phrases[1]!.end, 2);
  });
});

describe('the local music library', () => {
  it('holds 100 tracks across the spec folders', () => {
    expect(LOCAL_MUSIC_LIBRARY).toHaveLength(100);
    expect(new Set(LOCAL_MUSIC_LIBRARY.map((t) => t.folder))).toEqual(new Set(MUSIC_FOLDERS));
    expect(new Set(LOCAL_MUSIC_LIBRARY.map((t) => t.id)).size).toBe(100);
  });

  it('composes a deterministic, audible track of the asked length', async () => {
    const music = new LocalMusic();
    const a = await music.compose({ seed: 'story-1', durationSeconds: 4 });
    expect(
      a.bytes.equals((await music.compose({ seed: 'story-1', durationSeconds: 4 })).bytes),
    ).toBe(true);
    const audio = decodeWav(a.bytes);
    expect(audio.samples.length / audio.sampleRate).toBeCloseTo(4, 2);
    const rms = Math.sqrt(audio.samples.reduce((s, v) => s + v * v, 0) / audio.samples.length);
    expect(rms).toBeGreaterThan(0.05);
    expect(decodeWav(encodeWav(audio)).samples.length).toBe(audio.samples.length);
  });
});
