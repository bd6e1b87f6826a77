import {
  type CaptionStyleOverride,
  type MediaAsset,
  type PictureFit,
  type TimelineItem,
  type Track,
  type VideoEditorTimeline,
} from '@storyloom/core';
import {
  brandLogoOpacityAt,
  brandLogoWindows,
  isWatermarkVisible,
  type FramePurpose,
} from './brand';
import {
  failureOverlayText,
  isFailedPlaceholder,
  showsFailureOverlay,
  type FailureOverlayText,
} from './failure';
import { fadeMultiplierAt, itemFades, type FadeDurations } from './fades';
import { imageMotionAt, imageMotionFor, type ImageMotion, type MotionState } from './image-motion';
import {
  itemDurationInFrames,
  itemFrameWindow,
  itemProgressAt,
  itemSourceTimeAt,
  itemSourceWindow,
  itemSpeed,
  isFrameInWindow,
  LOGO_SECONDS,
  type FrameWindow,
} from './item-timing';

export interface ComposeOptions {
  purpose: FramePurpose;
  /** The export's "remove watermark" choice. */
  removeWatermark?: boolean | undefined;
  /** Overrides globalConfig.watermark.enabled (the render call's watermarkConfig). */
  watermarkEnabled?: boolean | undefined;
  /** Overrides globalConfig.captions.enabled. */
  captionsEnabled?: boolean | undefined;
  /**
   * false leaves the branded intro/outro out whatever the branding (a render of part of a
   * story, or a test of other overlays); otherwise it plays where the watermark is on.
   */
  brandLogo?: boolean | undefined;
}

interface Placed {
  item: TimelineItem;
  trackId: string;
  window: FrameWindow;
  fades: FadeDurations;
}

/** What fills the picture while a visual item is on top. */
export type VisualEntry = Placed &
  (
    | { kind: 'video'; asset: MediaAsset }
    | { kind: 'image'; asset: MediaAsset; motion: ImageMotion }
    /** The branded intro/outro card. */
    | { kind: 'logo' }
    /** 'Generation failed. No credit used.' */
    | { kind: 'placeholder' }
    /** An overlay item without media: black under its failure card. */
    | { kind: 'blank' }
  ) & {
    /** The failed-generation card drawn over this item, if any. */
    failure: FailureOverlayText | null;
  };

export interface AudioEntry extends Placed {
  asset: MediaAsset;
  /** 'video' when the sound is a video item's own track (it may have none). */
  source: 'audio' | 'video';
  volume: number;
  speed: number;
  sourceStartSeconds: number;
  sourceDurationSeconds: number;
}

export interface CaptionEntry {
  item: TimelineItem;
  trackId: string;
  window: FrameWindow;
  text: string;
  itemStyle: CaptionStyleOverride | undefined;
}

export interface SkippedItem {
  itemId: string;
  reason: string;
}

/** A timeline resolved into what is drawn and heard, item by item (no pixels yet). */
export interface TimelineComposition {
  fps: number;
  totalFrames: number;
  /** Paint order: later entries cover earlier ones. */
  visual: VisualEntry[];
  audio: AudioEntry[];
  captions: CaptionEntry[];
  globalCaptionStyle: CaptionStyleOverride | undefined;
  watermark: boolean;
  /**
   * The branded logo intro/outro windows (spec 3 §2, §9), drawn over the story in the player and
   * the export alike; none when the story's branding is off or the export removes it.
   */
  brandLogo: FrameWindow[];
  /** How pictures and clips of another shape fill the frame (globalConfig.pictureFit). */
  pictureFit: PictureFit;
  /** Items left out because their media asset is missing (spec 3 §8: skipped, with a warning). */
  skipped: SkippedItem[];
}

const VISUAL_TYPES = new Set<TimelineItem['type']>(['video', 'image', 'overlay', 'logo']);

/**
 * Paint order of tracks: the primary track first (at the bottom), then the other tracks in
 * their list order, each covering the ones before it.
 */
export function tracksInPaintOrder(tracks: readonly Track[]): Track[] {
  const primary =
    tracks.find((t) => t.isPrimary) ?? tracks.find((t) => t.type === 'video') ?? undefined;
  return primary ? [primary, ...tracks.filter((t) => t !== primary)] : [...tracks];
}

/** Resolves a timeline for drawing and mixing. Pure: no media is read. */
export function composeTimeline(
  timeline: VideoEditorTimeline,
  options: ComposeOptions,
): TimelineComposition {
  const fps = timeline.globalConfig.fps;
  const assets = new Map(timeline.mediaAssets.map((a) => [a.id, a]));
  const visual: VisualEntry[] = [];
  const audio: AudioEntry[] = [];
  const captions: CaptionEntry[] = [];
  const skipped: SkippedItem[] = [];

  for (const track of tracksInPaintOrder(timeline.tracks)) {
    for (const item of track.items) {
      const asset = item.mediaAssetId ? assets.get(item.mediaAssetId) : undefined;
      if (item.mediaAssetId && !asset && item.status !== 'failed') {
        skipped.push({
          itemId: item.id,
          reason: `Media asset with ID ${item.mediaAssetId} not found`,
        });
        continue;
      }
      const usable = asset && !asset.is_deleted ? asset : undefined;
      const duration = itemDurationInFrames(item, fps, usable);
      const window = itemFrameWindow(item, duration);
      const placed: Placed = {
        item,
        trackId: track.id,
        window,
        fades: itemFades(item.effects, window),
      };

      if (item.type === 'caption') {
        const text = item.caption?.data.text ?? '';
        if (text.trim())
          captions.push({
            item,
            trackId: track.id,
            window,
            text,
            itemStyle: item.caption?.style,
          });
        continue;
      }

      const isVisualTrack = track.type !== 'audio' && track.type !== 'caption';
      if (VISUAL_TYPES.has(item.type) && isVisualTrack) {
        const hasVisualMedia =
          usable?.resource_type === 'video' || usable?.resource_type === 'image';
        const failure = showsFailureOverlay(item, hasVisualMedia) ? failureOverlayText(item) : null;
        if (item.type === 'logo') visual.push({ ...placed, kind: 'logo', failure: null });
        else if (isFailedPlaceholder(item, hasVisualMedia))
          visual.push({ ...placed, kind: 'placeholder', failure: null });
        else if (usable && usable.resource_type === 'video')
          visual.push({ ...placed, kind: 'video', asset: usable, failure });
        else if (usable && usable.resource_type === 'image')
          visual.push({
            ...placed,
            kind: 'image',
            asset: usable,
            motion: imageMotionFor(item.id),
            failure,
          });
        else if (item.type === 'overlay') visual.push({ ...placed, kind: 'blank', failure });
        else skipped.push({ itemId: item.id, reason: 'Item has no picture to show' });
      }

      const heard =
        (item.type === 'audio' && usable && usable.resource_type !== 'image') ||
        (item.type === 'video' && usable?.resource_type === 'video');
      if (heard && usable && (item.volume ?? 1) > 0) {
        const source = itemSourceWindow(item, window.endFrame - window.startFrame, fps);
        audio.push({
          ...placed,
          asset: usable,
          source: item.type === 'audio' ? 'audio' : 'video',
          volume: item.volume ?? 1,
          speed: itemSpeed(item),
          sourceStartSeconds: source.startSeconds,
          sourceDurationSeconds: source.durationSeconds,
        });
      }
    }
  }

  const captionsEnabled = options.captionsEnabled ?? timeline.globalConfig.captions.enabled;
  const shownCaptions = captionsEnabled ? captions : [];
  const ends = [
    ...visual.map((e) => e.window.endFrame),
    ...audio.map((e) => e.window.endFrame),
    ...shownCaptions.map((e) => e.window.endFrame),
  ];
  const totalFrames = Math.max(1, ...ends);
  const branded =
    options.brandLogo !== false &&
    (options.watermarkEnabled ?? timeline.globalConfig.watermark.enabled) &&
    !options.removeWatermark;
  return {
    fps,
    totalFrames,
    visual,
    audio,
    captions: shownCaptions,
    globalCaptionStyle: timeline.globalConfig.captions.style,
    watermark: isWatermarkVisible({
      purpose: options.purpose,
      enabled: options.watermarkEnabled ?? timeline.globalConfig.watermark.enabled,
      removeWatermark: options.removeWatermark,
    }),
    brandLogo: branded ? brandLogoWindows(totalFrames, LOGO_SECONDS * fps) : [],
    pictureFit: timeline.globalConfig.pictureFit ?? 'contain',
    skipped,
  };
}

/** The visual entry on top at a frame, or null (black). */
export function visualAt(composition: TimelineComposition, frame: number): VisualEntry | null {
  for (let i = composition.visual.length - 1; i >= 0; i--) {
    const entry = composition.visual[i]!;
    if (isFrameInWindow(entry.window, frame)) return entry;
  }
  return null;
}

/** A run of frames [startFrame, endFrame) showing one visual entry (or black when null). */
export interface VisualSlice {
  startFrame: number;
  endFrame: number;
  entry: VisualEntry | null;
}

/**
 * The picture track flattened: consecutive runs of frames with the same top entry, covering
 * [0, totalFrames). Items are opaque and full-frame, so only the top one is ever seen.
 */
export function visualSlices(composition: TimelineComposition): VisualSlice[] {
  const cuts = new Set<number>([0, composition.totalFrames]);
  for (const e of composition.visual) {
    if (e.window.startFrame < composition.totalFrames) cuts.add(e.window.startFrame);
    if (e.window.endFrame < composition.totalFrames) cuts.add(e.window.endFrame);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const slices: VisualSlice[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const startFrame = points[i]!;
    const endFrame = points[i + 1]!;
    const entry = visualAt(composition, startFrame);
    const last = slices.at(-1);
    if (last && last.entry === entry) last.endFrame = endFrame;
    else slices.push({ startFrame, endFrame, entry });
  }
  return slices;
}

/** Captions shown at a frame (each caption track contributes its item under the playhead). */
export function captionsAt(composition: TimelineComposition, frame: number): CaptionEntry[] {
  return composition.captions.filter((c) => isFrameInWindow(c.window, frame));
}

/** Everything the player needs to draw one frame. */
export interface FrameState {
  frame: number;
  visual: {
    entry: VisualEntry;
    progress: number;
    /** Fade multiplier (the picture fades to black). */
    opacity: number;
    /** For images. */
    motion: MotionState | null;
    /** For videos: where in the source, seconds. */
    sourceTime: number | null;
  } | null;
  captions: CaptionEntry[];
  watermark: boolean;
  /** The branded intro/outro logo's opacity at this frame; 0 outside its windows. */
  brandLogoOpacity: number;
}

export function frameStateAt(composition: TimelineComposition, frame: number): FrameState {
  const entry = visualAt(composition, frame);
  const progress = entry ? itemProgressAt(entry.window, frame) : 0;
  return {
    frame,
    visual: entry
      ? {
          entry,
          progress,
          opacity: fadeMultiplierAt(entry.fades, entry.window, frame),
          motion: entry.kind === 'image' ? imageMotionAt(entry.motion, progress) : null,
          sourceTime:
            entry.kind === 'video'
              ? itemSourceTimeAt(entry.item, entry.window, frame, composition.fps)
              : null,
        }
      : null,
    captions: captionsAt(composition, frame),
    watermark: composition.watermark,
    brandLogoOpacity: brandLogoOpacityOf(composition, frame),
  };
}

/** The branded intro/outro logo's opacity at a frame (0 outside its windows). */
export function brandLogoOpacityOf(composition: TimelineComposition, frame: number): number {
  const window = composition.brandLogo.find((w) => isFrameInWindow(w, frame));
  return window ? brandLogoOpacityAt(itemProgressAt(window, frame)) : 0;
}
