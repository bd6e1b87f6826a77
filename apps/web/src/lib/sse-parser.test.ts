import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('yields the data of each event across chunk boundaries', () => {
    const seen: string[] = [];
    const parser = createSseParser((data) => seen.push(data));
    parser.push('data: {"a":1}\n\n: keep-alive\n\nda');
    parser.push('ta: {"b":2}\r\n\r\ndata: one\ndata: two\n');
    expect(seen).toEqual(['{"a":1}', '{"b":2}']);
    parser.push('\n');
    expect(seen).toEqual(['{"a":1}', '{"b":2}', 'one\ntwo']);
  });

  it('keeps an unterminated last event for the end of the stream', () => {
    const seen: string[] = [];
    const parser = createSseParser((data) => seen.push(data));
    parser.push('event: x\ndata: last');
    expect(seen).toEqual([]);
    parser.end();
    expect(seen).toEqual(['last']);
  });
});
