import { EDITOR_CONSTANTS, type PictureFit } from '@storyloom/core';
import { PlayerAudio } from './player-audio';
import {
  fittedPictureRect,
  drawFrameOverlays,
  frameStateAt,
  isFrameInWindow,
  audioEnvelope,
  itemSourceTimeAt,
  itemSpeed,
  movingPictureLayout,
  type AudioEntry,
  type AudioEnvelope,
  type MotionState,
  type TimelineComposition,
} from '@storyloom/compose';

type Media = HTMLVideoElement | HTMLAudioElement;

/**
 * A still with its motion, placed by compose's pixel grid (the exporter's: fitted at an even
 * size on an even offset, zoomed to even sizes, cropped on even pixels).
 */
function drawMovingPicture(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  motion: MotionState,
  frame: { width: number; height: number },
  fit: PictureFit,
) {
  const { fitted, zoomed, crop } = movingPictureLayout(
    { width: image.naturalWidth, height: image.naturalHeight },
    frame,
    motion,
    fit,
  );
  ctx.save();
  ctx.beginPath();
  ctx.rect(fitted.x, fitted.y, fitted.width, fitted.height);
  ctx.clip();
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(image, fitted.x - crop.x, fitted.y - crop.y, zoomed.width, zoomed.height);
  ctx.restore();
}

/** Seconds of drift between a playing element and the timeline before it is re-seeked. */
const MAX_DRIFT_SECONDS = 0.25;

/**
 * Draws the editor's preview frame by frame with `@storyloom/compose` (the exporter's own
 * definition of a frame) and plays the sound of media elements through Web Audio (player-audio.ts). Pictures come from
 * images loaded once per URL and from `<video>` elements premounted 3 s before their item
 * starts (spec 3 §9), one per item so a clip used twice plays at two places. The watermark is
 * left out: compose is asked for an editor-preview composition.
 */
export class FramePainter {
  private readonly images = new Map<string, HTMLImageElement>();
  private readonly media = new Map<string, Media>();
  private composition: TimelineComposition | null = null;
  private envelopes = new Map<AudioEntry, AudioEnvelope>();
  private readonly audio = new PlayerAudio();
  private lastFrame = 0;
  private playing = false;
  /** Called when something the frame needs has loaded (an image, a seeked video). */
  onNeedsRepaint: () => void = () => {};
  /** Whether the current frame waits for video data ('Loading video...'). */
  buffering = false;

  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly width: number,
    private readonly height: number,
    /** Hidden element holding the premounted media elements. */
    private readonly mediaHost: HTMLElement,
  ) {}

  setComposition(composition: TimelineComposition) {
    this.composition = composition;
    this.envelopes = new Map(
      composition.audio.map((entry) => [entry, audioEnvelope(entry, composition.fps)]),
    );
  }

  /** Starts the sound output: call from the gesture that starts playback. */
  startAudio() {
    this.audio.start();
  }

  /** Seconds on the sound output's clock, or null while no sound comes out (player-audio.ts). */
  audioTime(): number | null {
    return this.audio.now();
  }

  private image(url: string): HTMLImageElement {
    let image = this.images.get(url);
    if (!image) {
      image = new Image();
      image.decoding = 'async';
      image.onload = () => this.onNeedsRepaint();
      image.src = url;
      this.images.set(url, image);
    }
    return image;
  }

  private element(key: string, url: string, kind: 'video' | 'audio'): Media {
    let element = this.media.get(key);
    if (!element) {
      element = document.createElement(kind);
      element.preload = 'auto';
      if (element instanceof HTMLVideoElement) element.playsInline = true;
      element.dataset.mediaFor = key;
      element.addEventListener('seeked', () => this.onNeedsRepaint());
      element.addEventListener('loadeddata', () => this.onNeedsRepaint());
      element.addEventListener('error', () => {
        console.warn(`Media of item ${key} failed to load`);
      });
      element.src = url;
      this.mediaHost.appendChild(element);
      this.media.set(key, element);
    }
    return element;
  }

  /** Creates the elements needed from `frame` up to 3 s ahead; drops the ones long past. */
  private premount(composition: TimelineComposition, frame: number) {
    const ahead = frame + EDITOR_CONSTANTS.videoPremountSeconds * composition.fps;
    const wanted = new Set<string>();
    const near = (window: { startFrame: number; endFrame: number }) =>
      window.endFrame > frame && window.startFrame <= ahead;
    for (const entry of composition.visual) {
      if (entry.kind !== 'video' || !near(entry.window)) continue;
      wanted.add(entry.item.id);
      this.element(entry.item.id, entry.asset.url, 'video');
    }
    for (const entry of composition.audio) {
      if (!near(entry.window)) continue;
      wanted.add(entry.item.id);
      this.element(entry.item.id, entry.asset.url, entry.source === 'video' ? 'video' : 'audio');
    }
    for (const [key, element] of this.media) {
      if (wanted.has(key)) continue;
      this.audio.release(element);
      element.pause();
      element.removeAttribute('src');
      element.load();
      element.remove();
      this.media.delete(key);
    }
  }

  /** Draws one frame. */
  paint(frame: number, playing: boolean) {
    const composition = this.composition;
    if (!composition) return;
    this.lastFrame = frame;
    this.playing = playing;
    this.premount(composition, frame);
    this.syncSound(composition, frame, playing);

    const { ctx, width, height } = this;
    const state = frameStateAt(composition, frame);
    ctx.save();
    ctx.globalAlpha = 1;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    this.buffering = false;
    const visual = state.visual;
    if (visual) {
      ctx.globalAlpha = visual.opacity;
      const entry = visual.entry;
      if (entry.kind === 'image' && visual.motion) {
        const image = this.image(entry.asset.url);
        if (image.complete && image.naturalWidth > 0) {
          drawMovingPicture(ctx, image, visual.motion, { width, height }, composition.pictureFit);
        } else this.buffering = true;
      } else if (entry.kind === 'video' && visual.sourceTime !== null) {
        const video = this.media.get(entry.item.id);
        if (video instanceof HTMLVideoElement) {
          if (!playing && Math.abs(video.currentTime - visual.sourceTime) > 0.5 / composition.fps)
            video.currentTime = visual.sourceTime;
          if (video.readyState >= 2 && video.videoWidth > 0) {
            const rect = fittedPictureRect(
              video.videoWidth,
              video.videoHeight,
              width,
              height,
              composition.pictureFit,
            );
            ctx.drawImage(video, rect.x, rect.y, rect.width, rect.height);
          } else this.buffering = true;
          if (video.seeking) this.buffering = true;
        } else this.buffering = true;
      }
      ctx.globalAlpha = 1;
    }
    drawFrameOverlays(ctx, composition, state, width, height);
    ctx.restore();
  }

  /** Starts, re-seeks or pauses each sound so it follows the timeline at `frame`. */
  private syncSound(composition: TimelineComposition, frame: number, playing: boolean) {
    const active = new Map<string, AudioEntry>();
    for (const entry of composition.audio)
      if (isFrameInWindow(entry.window, frame)) active.set(entry.item.id, entry);
    const fps = composition.fps;
    for (const visual of composition.visual) {
      // A video picture without a sound entry (volume 0) still plays, muted.
      if (visual.kind !== 'video' || !isFrameInWindow(visual.window, frame)) continue;
      const element = this.media.get(visual.item.id);
      if (!element || active.has(visual.item.id)) continue;
      this.audio.silence(element);
      const target = itemSourceTimeAt(visual.item, visual.window, frame, fps);
      this.follow(element, target, itemSpeed(visual.item), playing);
    }
    for (const [key, element] of this.media) {
      const entry = active.get(key);
      if (!entry) {
        const isPicture = composition.visual.some(
          (v) => v.item.id === key && v.kind === 'video' && isFrameInWindow(v.window, frame),
        );
        if (!isPicture && !element.paused) element.pause();
        continue;
      }
      const envelope = this.envelopes.get(entry)!;
      this.audio.follow(element, envelope, (frame - entry.window.startFrame) / fps, playing);
      const target = itemSourceTimeAt(entry.item, entry.window, frame, fps);
      this.follow(element, target, envelope.speed, playing);
    }
  }

  private follow(element: Media, target: number, speed: number, playing: boolean) {
    if (!playing) {
      if (!element.paused) element.pause();
      return;
    }
    if (element.playbackRate !== speed) element.playbackRate = speed;
    if (element.paused) {
      if (Math.abs(element.currentTime - target) > 1 / 60) element.currentTime = target;
      element.play().catch(() => {
        // Autoplay refused or media failed: logged only (spec 3 §8).
        console.warn('Playback of an item was refused');
      });
    } else if (Math.abs(element.currentTime - target) > MAX_DRIFT_SECONDS) {
      element.currentTime = target;
    }
  }

  /** Pauses every sound (when playback stops or the editor closes). */
  pauseAll() {
    for (const element of this.media.values()) element.pause();
  }

  dispose() {
    this.audio.dispose();
    for (const element of this.media.values()) {
      element.pause();
      element.removeAttribute('src');
      element.load();
      element.remove();
    }
    this.media.clear();
    this.images.clear();
  }

  /** Repaints the last frame (after an image or a video frame arrived). */
  repaint() {
    this.paint(this.lastFrame, this.playing);
  }
}
