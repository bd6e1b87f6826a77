import { composeTimeline } from '@storyloom/compose';
import { MESSAGES, OUTPUT_SIZES } from '@storyloom/core';
import { timelineAspectRatio } from '@storyloom/timeline';
import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useEditor, useEditorStore } from '../store/editor-context';
import { timelineTotalFrames, type EditorState } from '../store/editor-store';
import { FramePainter } from './frame-painter';
import { playbackPosition, startPlaybackClock, type PlaybackClock } from './playback-clock';

/** The caption fonts the exporter draws with, served by the server (compose README). */
function useCaptionFonts() {
  useEffect(() => {
    if (document.querySelector('link[data-caption-fonts]')) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/fonts/fonts.css';
    link.dataset.captionFonts = 'true';
    document.head.appendChild(link);
  }, []);
}

const composeFor = (state: EditorState) =>
  composeTimeline(state.timeline, { purpose: 'editor-preview' });

/**
 * The timeline player (spec 3 §2 "Centre stage"): a canvas at the export's size (the story's
 * aspect ratio, by core's rule, as the export), scaled by CSS,
 * on which every frame is drawn by `@storyloom/compose`. While playing, the playhead advances by
 * elapsed time × fps, so a slow frame is skipped rather than slowing the story down; the time is
 * the sound output's once sound comes out, so picture and sound cannot drift apart.
 */
export function PlayerStage() {
  const store = useEditorStore();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const mediaHostRef = useRef<HTMLDivElement>(null);
  const [buffering, setBuffering] = useState(false);
  const size = OUTPUT_SIZES[useEditor((s) => timelineAspectRatio(s.timeline, s.storySize))];
  useCaptionFonts();

  useEffect(() => {
    const canvas = canvasRef.current;
    const host = mediaHostRef.current;
    // Opaque: every frame fills black first, and the compositor can skip blending it.
    const ctx = canvas?.getContext('2d', { alpha: false });
    if (!canvas || !host || !ctx) return;
    const painter = new FramePainter(ctx, size.width, size.height, host);
    let composition = composeFor(store.getState());
    painter.setComposition(composition);
    let raf = 0;
    let scheduled = false;
    const paintSoon = () => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        const { frame, playing } = store.getState();
        painter.paint(frame, playing);
        canvas.dataset.frame = String(frame);
        canvas.dataset.ready = String(!painter.buffering);
        setBuffering(painter.buffering);
      });
    };
    painter.onNeedsRepaint = paintSoon;
    // Captions are drawn with the fallback until their font arrives, then again.
    void document.fonts?.ready.then(paintSoon);
    document.fonts?.addEventListener('loadingdone', paintSoon);

    let clock: PlaybackClock | null = null;
    const newClock = (frame: number) =>
      startPlaybackClock(frame, painter.audioTime(), performance.now());
    const positionOf = (c: PlaybackClock) =>
      playbackPosition(c, composition.fps, painter.audioTime(), performance.now());
    const tick = () => {
      const state = store.getState();
      if (!state.playing || !clock) return;
      const total = timelineTotalFrames(state.timeline);
      const frame = Math.floor(positionOf(clock));
      // Which clock playback follows: 'audio' once sound comes out, else 'performance'.
      const source = clock.audio ? 'audio' : 'performance';
      if (canvas.dataset.clock !== source) canvas.dataset.clock = source;
      if (frame >= total) {
        state.seek(total - 1);
        state.setPlaying(false);
        return;
      }
      if (frame !== state.frame) state.seek(frame);
      raf = requestAnimationFrame(tick);
    };
    const startClock = () => {
      painter.startAudio();
      const state = store.getState();
      const total = timelineTotalFrames(state.timeline);
      // Playing from the last frame starts again from the beginning.
      if (state.frame >= total - 1) state.seek(0);
      clock = newClock(store.getState().frame);
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(tick);
    };

    const unsubscribe = store.subscribe((state, previous) => {
      if (state.timeline !== previous.timeline) {
        composition = composeFor(state);
        painter.setComposition(composition);
      }
      if (state.playing !== previous.playing) {
        if (state.playing) startClock();
        else {
          clock = null;
          cancelAnimationFrame(raf);
          painter.pauseAll();
        }
      } else if (state.playing && state.frame !== previous.frame && clock) {
        // A seek while playing (ruler click): the clock restarts from there.
        const expected = Math.floor(positionOf(clock));
        if (Math.abs(state.frame - expected) > 2) clock = newClock(state.frame);
      }
      if (
        state.frame !== previous.frame ||
        state.timeline !== previous.timeline ||
        state.playing !== previous.playing
      )
        paintSoon();
    });
    paintSoon();
    if (store.getState().playing) startClock();
    return () => {
      unsubscribe();
      document.fonts?.removeEventListener('loadingdone', paintSoon);
      cancelAnimationFrame(raf);
      painter.dispose();
    };
  }, [store, size]);

  return (
    <div className="relative flex h-full w-full items-center justify-center overflow-hidden rounded-lg bg-zinc-900">
      <canvas
        ref={canvasRef}
        data-testid="editor-canvas"
        width={size.width}
        height={size.height}
        className="h-full w-full object-contain"
      />
      <div ref={mediaHostRef} hidden aria-hidden />
      <AssetPreview />
      {buffering ? (
        <p className="absolute top-3 left-3 rounded bg-black/70 px-2 py-1 text-xs text-white">
          {MESSAGES.editor.loadingVideo}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The previewed media-library asset over the player (spec 3 §2 "Centre stage"): a video looped,
 * muted, with controls, or a picture. Closing it, or starting playback, shows the player again.
 */
function AssetPreview() {
  const store = useEditorStore();
  const asset = useEditor((s) =>
    s.previewAssetId ? s.timeline.mediaAssets.find((a) => a.id === s.previewAssetId) : undefined,
  );
  if (!asset || (asset.resource_type !== 'video' && asset.resource_type !== 'image')) return null;
  return (
    <div
      data-testid="stage-asset-preview"
      data-asset-id={asset.id}
      className="absolute inset-0 flex items-center justify-center bg-zinc-900"
    >
      {asset.resource_type === 'video' ? (
        <video
          key={asset.id}
          src={asset.url}
          loop
          muted
          autoPlay
          controls
          playsInline
          className="h-full w-full object-contain"
        />
      ) : (
        <img src={asset.url} alt={asset.title ?? ''} className="h-full w-full object-contain" />
      )}
      <button
        type="button"
        aria-label="Back to the player"
        data-testid="stage-preview-close"
        onClick={() => store.getState().previewAsset(null)}
        className="absolute top-2 right-2 rounded-full bg-black/60 p-1.5 text-white hover:bg-black/80"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
