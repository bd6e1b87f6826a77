import { describe, expect, it } from 'vitest';
import { thumbnailArgs, thumbnailSeekSeconds } from './thumbnail';

describe('thumbnailSeekSeconds', () => {
  it('takes one second in, or the middle of a shorter video', () => {
    expect(thumbnailSeekSeconds({ duration: 10, fps: 25, frames: 250 })).toBe(1);
    expect(thumbnailSeekSeconds({ duration: 1, fps: 30, frames: 30 })).toBe(0.5);
  });

  it('never seeks past the start of the last frame, so a 1- or 2-frame clip has its frame', () => {
    expect(thumbnailSeekSeconds({ duration: 0.04, fps: 25, frames: 1 })).toBe(0);
    expect(thumbnailSeekSeconds({ duration: 0.08, fps: 25, frames: 2 })).toBe(0.04);
    // Without a frame count: one frame before the end.
    expect(thumbnailSeekSeconds({ duration: 0.04, fps: 25, frames: null })).toBe(0);
  });

  it('starts at 0 for a picture or a length it cannot read', () => {
    expect(thumbnailSeekSeconds({ duration: 0, fps: null, frames: null })).toBe(0);
    expect(thumbnailSeekSeconds({ duration: NaN, fps: null, frames: null })).toBe(0);
  });
});

describe('thumbnailArgs', () => {
  it('bounds the decoded frame, seeks before the input and scales down to the width asked', () => {
    expect(thumbnailArgs('in.mp4', 'out.jpg', 0.5, 320).join(' ')).toBe(
      "-hide_banner -nostdin -loglevel error -y -max_pixels 40000000 -ss 0.5 -i in.mp4 -vf scale='min(320,iw)':-2 -frames:v 1 -q:v 3 out.jpg",
    );
    expect(thumbnailArgs('in.mp4', 'out.jpg', 0, undefined).join(' ')).toBe(
      '-hide_banner -nostdin -loglevel error -y -max_pixels 40000000 -i in.mp4 -frames:v 1 -q:v 3 out.jpg',
    );
  });
});
