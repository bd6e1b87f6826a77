import { describe, expect, it } from 'vitest';
import {
  actionVideoRatio,
  actionVideoRequestSchema,
  aspectRatioFor,
  darkFrameRetryStep,
  exportFileName,
  formatFrames,
  frameStripTimes,
  isAcceptableThumbnail,
  maxTimelineZoom,
  OUTPUT_SIZES,
  outputSettingsFor,
  sanitizeFileTitle,
  shareIntentUrl,
  sharePayload,
  snapVideoFps,
  UPLOAD_LIMITS,
  uploadKindOf,
  validateEditorUpload,
  zipAssetPath,
} from './index';

describe('upload limits', () => {
  it('matches the spec 3 §5 table', () => {
    expect(UPLOAD_LIMITS).toEqual({
      video: { extensions: ['mp4', 'webm', 'mov', 'avi'], maxBytes: 104857600 },
      image: { extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'], maxBytes: 10485760 },
      audio: { extensions: ['mp3', 'wav', 'aac', 'ogg', 'mpeg'], maxBytes: 10485760 },
    });
  });

  it('derives the kind from MIME, else from the extension', () => {
    expect(uploadKindOf({ name: 'x.bin', type: 'video/mp4' })).toBe('video');
    expect(uploadKindOf({ name: 'x.png', type: '' })).toBe('image');
    expect(uploadKindOf({ name: 'x.pdf', type: 'application/pdf' })).toBeNull();
    expect(uploadKindOf({ name: 'x.pdf' })).toBeNull();
  });

  it.each([
    [{ name: 'clip.mp4', type: 'video/mp4', size: 104857600 }, null],
    [{ name: 'clip.mov', type: 'video/quicktime', size: 10 }, null],
    [{ name: 'clip.mp4', type: 'video/mp4', size: 104857601 }, 'clip.mp4 is too large (max 100MB)'],
    [{ name: 'pic.png', type: 'image/png', size: 10485761 }, 'pic.png is too large (max 10MB)'],
    [{ name: 'pic.tiff', type: 'image/tiff', size: 1 }, 'pic.tiff type not supported for image'],
    [{ name: 'doc.pdf', type: 'application/pdf', size: 1 }, 'Unsupported file type: doc.pdf'],
    [{ name: 'song.mp3', type: 'audio/mpeg', size: 1 }, null],
  ])('%j -> %s', (file, message) => {
    expect(validateEditorUpload(file)).toBe(message);
  });

  it('thumbnails: png, jpeg, webp, gif up to 10 MB', () => {
    expect(isAcceptableThumbnail({ type: 'image/gif', size: 10485760 })).toBe(true);
    expect(isAcceptableThumbnail({ type: 'image/gif', size: 10485761 })).toBe(false);
    expect(isAcceptableThumbnail({ type: 'image/bmp', size: 1 })).toBe(false);
  });
});

describe('output settings', () => {
  it('maps ratios to sizes', () => {
    expect(OUTPUT_SIZES['16:9']).toEqual({ width: 1920, height: 1080 });
    expect(OUTPUT_SIZES['9:16']).toEqual({ width: 1080, height: 1920 });
    expect(OUTPUT_SIZES['1:1']).toEqual({ width: 1080, height: 1080 });
    expect(outputSettingsFor('9:16', 600)).toEqual({
      width: 1080,
      height: 1920,
      aspectRatio: '9:16',
      totalDurationInFrames: 600,
    });
    expect(aspectRatioFor(1280, 720)).toBe('16:9');
    expect(aspectRatioFor(720, 1280)).toBe('9:16');
    expect(aspectRatioFor(1000, 1050)).toBe('1:1');
    expect(aspectRatioFor(0, 0)).toBe('16:9');
  });
});

describe('share and zip', () => {
  it('numbers zip assets with 3 digits', () => {
    expect(zipAssetPath('activeImageUrls', 0, 'https://cdn/x/abc.jpg?sig=1')).toBe(
      'images/image_001.jpg',
    );
    expect(zipAssetPath('activeVideoUrls', 11, 'https://cdn/x/clip')).toBe('videos/video_012.mp4');
  });

  it('builds file names and share payloads', () => {
    expect(sanitizeFileTitle('Café: night / day!')).toBe('Cafe_night_day');
    expect(sanitizeFileTitle('???')).toBe('story');
    expect(exportFileName('s1', 'My Trip')).toBe('Storyloom_My_Trip_s1.mp4');
    expect(sharePayload({ title: '', url: 'https://x/s/1', handle: '@storyloom' })).toEqual({
      title: 'Storyloom My Story',
      text: 'Check out this story on @storyloom: My Story',
      url: 'https://x/s/1',
    });
    expect(shareIntentUrl('reddit', { title: 'A B', url: 'https://x/1' })).toBe(
      'https://www.reddit.com/submit?url=https%3A%2F%2Fx%2F1&title=A%20B',
    );
  });
});

describe('editor and library constants', () => {
  it('samples the frame strip at the middle of 12 segments', () => {
    expect(frameStripTimes(12)).toEqual([
      0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5,
    ]);
    expect(frameStripTimes(0)).toEqual([]);
    expect(darkFrameRetryStep(10)).toBe(0.1);
    expect(darkFrameRetryStep(48)).toBe(0.2);
  });

  it('computes the zoom maximum and snaps fps', () => {
    expect(maxTimelineZoom(600, null)).toBe(2.5);
    expect(maxTimelineZoom(600, 100)).toBe(3);
    expect(maxTimelineZoom(600, 1)).toBe(10);
    expect(maxTimelineZoom(100, 100)).toBe(1);
    expect(snapVideoFps(undefined)).toBe(30);
    expect(snapVideoFps(23.976)).toBe(24);
    expect(snapVideoFps(120)).toBe(60);
    expect(snapVideoFps(5)).toBe(24);
    expect(formatFrames(30 * 75)).toBe('1:15');
  });

  it('action video requests', () => {
    const valid = {
      characterUrl: 'https://cdn/c.png',
      characterType: 'image',
      referenceUrl: 'https://cdn/r.mp4',
      referenceType: 'video',
      model: 'runway-act2',
    };
    const ratioOf = (ratio?: string) =>
      actionVideoRatio(actionVideoRequestSchema.parse({ ...valid, ratio }).ratio);
    expect(ratioOf()).toBe('1280:720');
    expect(ratioOf('720:1280')).toBe('720:1280');
    expect(ratioOf('1:1')).toBe('1280:720');
    expect(
      actionVideoRequestSchema.safeParse({ ...valid, model: 'gen3' }).error?.issues[0]?.message,
    ).toBe('Invalid model selected');
    expect(
      actionVideoRequestSchema.safeParse({ ...valid, characterUrl: 'x' }).error?.issues[0]?.message,
    ).toBe('Must be a valid media URL');
    expect(actionVideoRequestSchema.safeParse({ ...valid, expressionIntensity: 6 }).success).toBe(
      false,
    );
    expect(actionVideoRatio('960:960')).toBe('960:960');
    expect(actionVideoRatio('4:3')).toBe('1280:720');
  });
});
