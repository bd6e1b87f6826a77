import { describe, expect, it } from 'vitest';
import { readPanelPosition } from './developer-panel';

describe('the developer panel position', () => {
  const viewport = { width: 1440, height: 900 };

  it('reads the saved position back', () => {
    expect(readPanelPosition('{"x":300,"y":200}', viewport)).toEqual({ x: 300, y: 200 });
  });

  it('keeps the panel inside the window', () => {
    expect(readPanelPosition('{"x":5000,"y":-30}', viewport)).toEqual({ x: 1320, y: 0 });
  });

  it('starts at the top left when nothing usable is saved', () => {
    for (const raw of [null, 'not json', '{"x":"1"}', '[]'])
      expect(readPanelPosition(raw, viewport)).toEqual({ x: 16, y: 16 });
  });
});
