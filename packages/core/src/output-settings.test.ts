import { describe, expect, it } from 'vitest';
import { fitWithinSide, OUTPUT_SIZES } from './output-settings';

describe('fitWithinSide', () => {
  it('scales the longer side down to the limit, keeping the ratio with even sides', () => {
    expect(fitWithinSide(OUTPUT_SIZES['16:9'], 640)).toEqual({ width: 640, height: 360 });
    expect(fitWithinSide(OUTPUT_SIZES['9:16'], 640)).toEqual({ width: 360, height: 640 });
    expect(fitWithinSide(OUTPUT_SIZES['1:1'], 721)).toEqual({ width: 720, height: 720 });
    expect(fitWithinSide({ width: 1000, height: 333 }, 500)).toEqual({ width: 500, height: 166 });
  });

  it('never scales up', () => {
    expect(fitWithinSide(OUTPUT_SIZES['16:9'], 1920)).toEqual({ width: 1920, height: 1080 });
    expect(fitWithinSide({ width: 641, height: 361 }, 3840)).toEqual({ width: 641, height: 361 });
  });
});
