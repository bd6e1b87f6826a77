import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff.js';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe('sniffImage', () => {
  it('recognises each accepted format by its signature', () => {
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('gif');
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses look-alikes and other files whatever their name', () => {
    expect(sniffImage(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImage(bytes([0x89], 'PNX'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});
