import { describe, expect, it } from 'vitest';
import { sniffAudioMime, sniffImage } from './sniff.js';

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

describe('sniffAudioMime', () => {
  it('knows audio by its first bytes', () => {
    expect(sniffAudioMime(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(sniffAudioMime(Buffer.from('ID3\x04\0'))).toBe('audio/mpeg');
    expect(sniffAudioMime(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe('audio/mpeg');
    expect(sniffAudioMime(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBe('audio/aac');
    expect(sniffAudioMime(Buffer.from('fLaC\0\0\0\x22'))).toBe('audio/flac');
    expect(sniffAudioMime(Buffer.from('OggS\0\x02'))).toBe('audio/ogg');
    expect(sniffAudioMime(Buffer.from('\0\0\0\x20ftypM4A '))).toBe('audio/mp4');
    expect(sniffAudioMime(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffAudioMime(Buffer.from(''))).toBeNull();
  });
});
