import {
  audioEnvelope,
  BRAND_BACKGROUND,
  brandLogoOpacityOf,
  captionDrawingKey,
  composeTimeline,
  fittedPictureRect,
  frameCrop,
  itemSpeed,
  layoutCaption,
  visualSlices,
  watermarkRect,
  type AudioEnvelope,
  type CaptionLayout,
  type FailureOverlayText,
  type ImageMotion,
  type MeasureText,
  type SkippedItem,
  type DrawingContext,
  type Rect,
} from '@storyloom/compose';
import { LIMITS, MESSAGES, type PictureFit, type VideoEditorTimeline } from '@storyloom/core';
import { DEFAULT_SEGMENT_SECONDS } from './encoder-settings';
import { RenderError } from './render-error';

/** What the runner learnt about a media file by probing it. */
export interface MediaInfo {
  /** Local path (or URL) ffmpeg reads. */
  path: string;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Pixels of the first video stream (or the image). */
  width?: number | undefined;
  height?: number | undefined;
  durationSeconds?: number | undefined;
}

export interface Size {
  width: number;
  height: number;
}

/** What fills the picture for a run of frames. */
export type ClipSource =
  | { kind: 'color'; color: string }
  | {
      kind: 'video';
      path: string;
      /** Where in the source the clip starts, seconds (trimmed start + earlier frames × speed). */
      sourceStartSeconds: number;
      speed: number;
      fitted: Size;
      /** The part of a covering picture inside the frame (cut before padding); null: whole. */
      frameCrop: Rect | null;
    }
  | {
      kind: 'image';
      path: string;
      fitted: Size;
      /** The part of a covering picture inside the frame (cut before padding); null: whole. */
      frameCrop: Rect | null;
      motion: ImageMotion;
      /** The whole item's frames, for motion progress. */
      itemStartFrame: number;
      itemFrames: number;
    }
  /** A full-frame picture drawn by compose (the failed placeholder), shown still. */
  | { kind: 'still'; imageId: string }
  /** The logo card: brand background, the lockup fading in and out over the item. */
  | { kind: 'logo'; imageId: string; itemFrames: number; itemStartFrame: number };

export interface PlannedClip {
  startFrame: number;
  endFrame: number;
  source: ClipSource;
  /** The item's fades in absolute frames ([start, end) of each ramp), if any. */
  fadeIn: { startFrame: number; frames: number } | null;
  fadeOut: { startFrame: number; frames: number } | null;
}

/** A picture drawn once by compose and laid over the video in its time window. */
export type OverlayDrawing =
  | { kind: 'caption'; layout: CaptionLayout }
  | { kind: 'watermark' }
  | { kind: 'failure'; text: FailureOverlayText }
  | { kind: 'placeholder' }
  | { kind: 'logo' }
  /** The branded intro/outro logo over the picture, at one of compose's opacity steps. */
  | { kind: 'brandLogo'; opacity: number };

export interface OverlayImage {
  /** Identical drawings share one id (and one image file). */
  id: string;
  drawing: OverlayDrawing;
  /** Where the image sits in the frame (whole even pixels) and its size. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlannedOverlay {
  imageId: string;
  startFrame: number;
  endFrame: number;
}

export interface PlannedAudio {
  itemId: string;
  path: string;
  startFrame: number;
  endFrame: number;
  sourceStartSeconds: number;
  sourceDurationSeconds: number;
  /** Volume, fades and speed: compose's envelope, the one the browser player schedules. */
  envelope: AudioEnvelope;
}

export interface Segment {
  index: number;
  startFrame: number;
  endFrame: number;
}

/** A timeline compiled for ffmpeg: every frame range, picture, sound and segment decided. */
export interface RenderPlan {
  width: number;
  height: number;
  fps: number;
  totalFrames: number;
  clips: PlannedClip[];
  images: OverlayImage[];
  overlays: PlannedOverlay[];
  audio: PlannedAudio[];
  segments: Segment[];
  skipped: SkippedItem[];
}

export interface RenderPlanOptions {
  timeline: VideoEditorTimeline;
  /** Probed media by asset id. */
  media: ReadonlyMap<string, MediaInfo>;
  output: Size;
  removeWatermark?: boolean | undefined;
  watermarkEnabled?: boolean | undefined;
  captionsEnabled?: boolean | undefined;
  /** false: no branded intro/outro (see compose's ComposeOptions.brandLogo). */
  brandLogo?: boolean | undefined;
  /** Text measuring (and the watermark's size) need a drawing context's metrics. */
  measure: MeasureText;
  measureContext: Pick<DrawingContext, 'font' | 'letterSpacing' | 'measureText'>;
  /** Frames per segment; else `segmentSeconds` (120 unless told) at the timeline's rate. */
  segmentFrames?: number | undefined;
  segmentSeconds?: number | undefined;
}

type SegmentOptions = Pick<RenderPlanOptions, 'segmentFrames' | 'segmentSeconds'>;

/**
 * The picture's fitted size on compose's pixel grid (ffmpeg pads it centred, as the player) and,
 * for a picture covering the frame, the part of it inside the frame.
 */
function fitted(
  info: MediaInfo | undefined,
  output: Size,
  fit: PictureFit,
): { fitted: Size; frameCrop: Rect | null } {
  const rect = fittedPictureRect(
    info?.width ?? 0,
    info?.height ?? 0,
    output.width,
    output.height,
    fit,
  );
  return { fitted: { width: rect.width, height: rect.height }, frameCrop: frameCrop(rect, output) };
}

/** Builds the render plan. Pure: media facts come in already probed. */
export function buildRenderPlan(options: RenderPlanOptions): RenderPlan {
  const { timeline, media, output } = options;
  const composition = composeTimeline(timeline, {
    purpose: 'export',
    removeWatermark: options.removeWatermark,
    watermarkEnabled: options.watermarkEnabled,
    captionsEnabled: options.captionsEnabled,
    brandLogo: options.brandLogo,
  });
  const fps = composition.fps;
  const total = composition.totalFrames;
  if (composition.visual.length === 0 && composition.audio.length === 0) {
    throw new RenderError('EMPTY_TIMELINE', 'The timeline has nothing to render');
  }
  // The schema bounds explicit lengths; this also bounds lengths derived from media metadata,
  // so the segment list below is always short.
  if (!(total <= LIMITS.timelineSeconds * fps)) {
    throw new RenderError('TIMELINE_TOO_LONG', MESSAGES.limits.timelineTooLong);
  }

  const images = new Map<string, OverlayImage>();
  const overlays: PlannedOverlay[] = [];
  const addImage = (key: string, image: Omit<OverlayImage, 'id'>) => {
    const existing = images.get(key);
    if (existing) return existing.id;
    const id = `img${images.size}`;
    images.set(key, { id, ...image });
    return id;
  };
  const fullFrame = { x: 0, y: 0, width: output.width, height: output.height };
  const addOverlay = (imageId: string, startFrame: number, endFrame: number) => {
    const last = overlays.at(-1);
    // Consecutive windows of the same picture are one overlay.
    if (last && last.imageId === imageId && last.endFrame === startFrame) last.endFrame = endFrame;
    else overlays.push({ imageId, startFrame, endFrame });
  };

  const clips: PlannedClip[] = [];
  for (const slice of visualSlices(composition)) {
    const entry = slice.entry;
    const base = { startFrame: slice.startFrame, endFrame: slice.endFrame };
    if (!entry) {
      clips.push({
        ...base,
        source: { kind: 'color', color: 'black' },
        fadeIn: null,
        fadeOut: null,
      });
      continue;
    }
    const { window, fades } = entry;
    const fadeIn =
      fades.fadeIn > 0 ? { startFrame: window.startFrame, frames: fades.fadeIn } : null;
    const fadeOut =
      fades.fadeOut > 0
        ? { startFrame: window.endFrame - fades.fadeOut, frames: fades.fadeOut }
        : null;
    const itemFrames = window.endFrame - window.startFrame;
    let source: ClipSource;
    if (entry.kind === 'video') {
      const info = media.get(entry.asset.id);
      if (!info?.hasVideo) throw missingStream(entry.asset.id, 'video');
      source = {
        kind: 'video',
        path: info.path,
        sourceStartSeconds:
          ((entry.item.sourceTrimStartFrames ?? 0) +
            (slice.startFrame - window.startFrame) * itemSpeed(entry.item)) /
          fps,
        speed: itemSpeed(entry.item),
        ...fitted(info, output, composition.pictureFit),
      };
    } else if (entry.kind === 'image') {
      const info = media.get(entry.asset.id);
      if (!info?.hasVideo) throw missingStream(entry.asset.id, 'picture');
      source = {
        kind: 'image',
        path: info.path,
        ...fitted(info, output, composition.pictureFit),
        motion: entry.motion,
        itemStartFrame: window.startFrame,
        itemFrames,
      };
    } else if (entry.kind === 'logo') {
      const imageId = addImage('logo', { drawing: { kind: 'logo' }, ...fullFrame });
      source = { kind: 'logo', imageId, itemFrames, itemStartFrame: window.startFrame };
    } else if (entry.kind === 'placeholder') {
      const imageId = addImage('placeholder', { drawing: { kind: 'placeholder' }, ...fullFrame });
      source = { kind: 'still', imageId };
    } else {
      source = { kind: 'color', color: 'black' };
    }
    clips.push({ ...base, source, fadeIn, fadeOut });
    if (entry.failure) {
      const key = `failure:${JSON.stringify(entry.failure)}`;
      const id = addImage(key, { drawing: { kind: 'failure', text: entry.failure }, ...fullFrame });
      addOverlay(id, slice.startFrame, slice.endFrame);
    }
  }

  // The branded intro/outro: one picture per opacity step, each laid over its frames.
  for (const window of composition.brandLogo) {
    for (let frame = window.startFrame; frame < window.endFrame; frame++) {
      const opacity = brandLogoOpacityOf(composition, frame);
      if (opacity <= 0) continue;
      const id = addImage(`brand-logo:${opacity}`, {
        drawing: { kind: 'brandLogo', opacity },
        ...fullFrame,
      });
      addOverlay(id, frame, frame + 1);
    }
  }

  for (const caption of [...composition.captions].sort(
    (a, b) => a.window.startFrame - b.window.startFrame,
  )) {
    const layout = layoutCaption({
      text: caption.text,
      globalStyle: composition.globalCaptionStyle,
      itemStyle: caption.itemStyle,
      frameWidth: output.width,
      frameHeight: output.height,
      measure: options.measure,
    });
    if (layout.lines.length === 0) continue;
    const id = addImage(`caption:${captionDrawingKey(layout)}`, {
      drawing: { kind: 'caption', layout },
      ...layout.bounds,
    });
    addOverlay(id, caption.window.startFrame, Math.min(total, caption.window.endFrame));
  }

  if (composition.watermark) {
    const rect = watermarkRect(
      options.measureContext as DrawingContext,
      output.width,
      output.height,
    );
    const id = addImage('watermark', { drawing: { kind: 'watermark' }, ...rect });
    overlays.push({ imageId: id, startFrame: 0, endFrame: total });
  }

  const audio: PlannedAudio[] = [];
  for (const entry of composition.audio) {
    const info = media.get(entry.asset.id);
    if (!info?.hasAudio) {
      if (entry.source === 'video') continue; // a silent video clip
      throw missingStream(entry.asset.id, 'sound');
    }
    audio.push({
      itemId: entry.item.id,
      path: info.path,
      startFrame: entry.window.startFrame,
      endFrame: entry.window.endFrame,
      sourceStartSeconds: entry.sourceStartSeconds,
      sourceDurationSeconds: entry.sourceDurationSeconds,
      envelope: audioEnvelope(entry, fps),
    });
  }

  const segments = planSegments(total, fps, options);

  return {
    width: output.width,
    height: output.height,
    fps,
    totalFrames: total,
    clips,
    images: [...images.values()],
    overlays,
    audio,
    segments,
    skipped: composition.skipped,
  };
}

/** The segments of a timeline of `totalFrames` frames (120 s each unless told otherwise). */
export function planSegments(
  totalFrames: number,
  fps: number,
  options: SegmentOptions = {},
): Segment[] {
  const length = Math.max(
    1,
    Math.round(options.segmentFrames ?? (options.segmentSeconds ?? DEFAULT_SEGMENT_SECONDS) * fps),
  );
  const segments: Segment[] = [];
  for (let start = 0, index = 0; start < totalFrames; start += length, index++) {
    segments.push({ index, startFrame: start, endFrame: Math.min(totalFrames, start + length) });
  }
  return segments;
}

/**
 * How many segments a render of the timeline has, known before any media is probed (the plan
 * has the same): how many workers it can spread over.
 */
export function segmentCount(
  timeline: VideoEditorTimeline,
  options: SegmentOptions & Pick<RenderPlanOptions, 'captionsEnabled'> = {},
): number {
  const composition = composeTimeline(timeline, {
    purpose: 'export',
    captionsEnabled: options.captionsEnabled,
  });
  return planSegments(composition.totalFrames, composition.fps, options).length;
}

function missingStream(assetId: string, what: string): RenderError {
  return new RenderError(
    'MEDIA_UNREADABLE',
    `Media asset with ID ${assetId} has no ${what} that can be read`,
  );
}

/** The logo card's background colour, as ffmpeg's color source reads it. */
export const LOGO_BACKGROUND_HEX = rgbaToHex(BRAND_BACKGROUND);

export function rgbaToHex(rgba: string): string {
  const m = /rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(rgba);
  if (!m) return 'black';
  const hex = (v: string) => Number(v).toString(16).padStart(2, '0');
  return `0x${hex(m[1]!)}${hex(m[2]!)}${hex(m[3]!)}`;
}
