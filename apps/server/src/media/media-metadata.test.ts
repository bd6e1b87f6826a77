import { describe, expect, it } from 'vitest';
import { MediaMetadataError, metadataFromProbe } from './media-metadata.js';

const video = (over: Record<string, unknown> = {}) => ({
  codec_type: 'video',
  codec_name: 'h264',
  width: 1280,
  height: 720,
  avg_frame_rate: '30000/1001',
  nb_frames: '300',
  ...over,
});

describe('metadataFromProbe', () => {
  it('reads size, duration, snapped fps and frames of a video', () => {
    expect(
      metadataFromProbe({
        streams: [video()],
        format: { duration: '10.01', format_name: 'mov,mp4' },
      }),
    ).toEqual({ width: 1280, height: 720, duration: 10.01, fps: 30, frames: 300 });
  });

  it('clamps fps to 15–60 and snaps to 24, 25, 30 or 60, 30 when unknown', () => {
    const fps = (rate: string) =>
      metadataFromProbe({
        streams: [video({ avg_frame_rate: rate, r_frame_rate: '0/0' })],
        format: { duration: '2', format_name: 'mp4' },
      }).fps;
    expect(fps('24000/1001')).toBe(24);
    expect(fps('25/1')).toBe(25);
    expect(fps('120/1')).toBe(60);
    expect(fps('8/1')).toBe(24);
    expect(fps('0/0')).toBe(30);
    expect(fps('50/1')).toBe(60);
  });

  it('estimates frames from duration × fps when the container does not count them', () => {
    expect(
      metadataFromProbe({
        streams: [video({ nb_frames: undefined, avg_frame_rate: '25/1' })],
        format: { duration: '4', format_name: 'matroska,webm' },
      }).frames,
    ).toBe(100);
  });

  it('gives images their size and audio its duration', () => {
    expect(
      metadataFromProbe({
        streams: [video({ codec_name: 'png' })],
        format: { format_name: 'png_pipe' },
      }),
    ).toEqual({ width: 1280, height: 720 });
    expect(
      metadataFromProbe({ streams: [{ codec_type: 'audio' }], format: { duration: '3.5' } }),
    ).toEqual({ duration: 3.5 });
  });

  it('refuses files without streams and durations that are not positive', () => {
    expect(() => metadataFromProbe({ streams: [], format: {} })).toThrow(MediaMetadataError);
    for (const duration of ['0', 'N/A', '-1']) {
      expect(() =>
        metadataFromProbe({ streams: [video()], format: { duration, format_name: 'mp4' } }),
      ).toThrow('The video has no valid duration');
    }
  });
});
