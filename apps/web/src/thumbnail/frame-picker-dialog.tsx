import { darkFrameRetryStep, frameStripTimes, LIBRARY_CONSTANTS, MESSAGES } from '@storyloom/core';
import { clsx } from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import {
  averageLuminance,
  clampTime,
  FrameCache,
  formatFrameTime,
  isDarkFrame,
  seekDelay,
} from './frame-sampling';

/** Strip frames already drawn, shared by every opening of the picker (12 entries). */
const stripCache = new FrameCache<string>();
const STRIP_SIZE = { width: 160, height: 90 };
const JPEG_QUALITY = 0.92;

interface FramePickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string;
  /** Stores the chosen frame; its own failures are its to report. */
  onPick: (frame: Blob) => Promise<void>;
}

/** The browser can decode the exported MP4 (H.264) at all. */
function canDecodeVideo(): boolean {
  const probe = document.createElement('video');
  return typeof probe.canPlayType === 'function' && probe.canPlayType('video/mp4') !== '';
}

function seekVideo(video: HTMLVideoElement, seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
    };
    const onSeeked = () => {
      done();
      resolve();
    };
    const onError = () => {
      done();
      reject(new Error('The video could not be read'));
    };
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('error', onError);
    video.currentTime = seconds;
  });
}

/** The video's current frame as a JPEG at quality 0.92, or null. */
async function captureFrame(video: HTMLVideoElement | null): Promise<Blob | null> {
  if (!video || video.videoWidth === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

function loadVideo(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= 2) return Promise.resolve();
  return new Promise((resolve, reject) => {
    video.addEventListener('loadeddata', () => resolve(), { once: true });
    video.addEventListener('error', () => reject(new Error('The video could not be read')), {
      once: true,
    });
  });
}

/**
 * Pick Cover Frame (spec 1 §2, §9): 960×640, a frame preview, a 12-frame strip sampled at
 * the middles of 12 equal segments (dark frames retried up to 3 times), a time slider clamped
 * to the video with seeks at most every 80 ms, the time readout, Cancel and 'Use this frame'
 * (a JPEG at quality 0.92).
 */
export function FramePickerDialog({
  open,
  onOpenChange,
  videoUrl,
  onPick,
}: FramePickerDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={MESSAGES.thumbnail.pickCoverFrame}
      size="xl"
      className="md:h-[640px]"
    >
      {open ? (
        <FramePicker videoUrl={videoUrl} onCancel={() => onOpenChange(false)} onPick={onPick} />
      ) : null}
    </Dialog>
  );
}

function FramePicker({
  videoUrl,
  onCancel,
  onPick,
}: {
  videoUrl: string;
  onCancel: () => void;
  onPick: (frame: Blob) => Promise<void>;
}) {
  const previewRef = useRef<HTMLVideoElement>(null);
  const [unavailable, setUnavailable] = useState(() => !canDecodeVideo());
  const [duration, setDuration] = useState(0);
  const [time, setTime] = useState(0);
  const [strip, setStrip] = useState<(string | null)[]>(() =>
    Array.from({ length: LIBRARY_CONSTANTS.frameStrip.thumbnails }, () => null),
  );
  const [saving, setSaving] = useState(false);
  const lastSeekAt = useRef<number | null>(null);
  const seekTimer = useRef<number | undefined>(undefined);
  const seekTarget = useRef(0);
  const times = frameStripTimes(duration);

  useEffect(() => () => window.clearTimeout(seekTimer.current), []);

  // The strip is drawn from a second, hidden video so the preview stays where the user is.
  useEffect(() => {
    if (unavailable || !(duration > 0)) return;
    let cancelled = false;
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    video.src = videoUrl;
    const canvas = document.createElement('canvas');
    canvas.width = STRIP_SIZE.width;
    canvas.height = STRIP_SIZE.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const sample = async () => {
      if (!context) throw new Error('No 2D canvas');
      await loadVideo(video);
      for (const [index, start] of frameStripTimes(duration).entries()) {
        const key = `${videoUrl}#${start.toFixed(3)}`;
        let image = stripCache.get(key);
        let at = start;
        for (let attempt = 0; !image; attempt++) {
          if (cancelled) return;
          await seekVideo(video, at);
          context.drawImage(video, 0, 0, STRIP_SIZE.width, STRIP_SIZE.height);
          const { data } = context.getImageData(0, 0, STRIP_SIZE.width, STRIP_SIZE.height);
          if (
            isDarkFrame(averageLuminance(data)) &&
            attempt < LIBRARY_CONSTANTS.frameStrip.darkRetries
          ) {
            at = clampTime(at + darkFrameRetryStep(duration), duration);
            continue;
          }
          image = canvas.toDataURL('image/jpeg', 0.7);
          stripCache.set(key, image);
        }
        if (cancelled) return;
        const frame = image;
        setStrip((current) => current.map((value, i) => (i === index ? frame : value)));
      }
    };
    sample().catch(() => {
      if (!cancelled) setUnavailable(true);
    });
    return () => {
      cancelled = true;
      video.removeAttribute('src');
      video.load();
    };
  }, [duration, unavailable, videoUrl]);

  const seek = (seconds: number) => {
    const target = clampTime(seconds, duration);
    setTime(target);
    seekTarget.current = target;
    if (seekTimer.current !== undefined) return;
    seekTimer.current = window.setTimeout(
      () => {
        seekTimer.current = undefined;
        lastSeekAt.current = performance.now();
        if (previewRef.current) previewRef.current.currentTime = seekTarget.current;
      },
      seekDelay(lastSeekAt.current, performance.now()),
    );
  };

  const confirm = async () => {
    const frame = await captureFrame(previewRef.current).catch(() => null);
    if (!frame) {
      toast.error(MESSAGES.thumbnail.featureUnavailable);
      return;
    }
    setSaving(true);
    try {
      await onPick(frame);
    } finally {
      setSaving(false);
    }
  };

  if (unavailable) {
    return (
      <div className="mt-6 flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-sm text-zinc-600">{MESSAGES.thumbnail.featureUnavailable}</p>
        <Button variant="secondary" onClick={onCancel}>
          {MESSAGES.thumbnail.cancel}
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-4 flex flex-col gap-4" data-testid="frame-picker">
      <div className="relative flex h-72 items-center justify-center overflow-hidden rounded-xl bg-zinc-950 md:h-[330px]">
        <video
          ref={previewRef}
          src={videoUrl}
          crossOrigin="anonymous"
          muted
          playsInline
          preload="auto"
          className="max-h-full max-w-full"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onError={() => setUnavailable(true)}
        >
          {MESSAGES.preview.noVideoSupport}
        </video>
      </div>
      <div className="grid grid-cols-6 gap-1.5 sm:grid-cols-12" data-testid="frame-strip">
        {times.map((at, index) => (
          <button
            key={index}
            type="button"
            aria-label={`Frame at ${formatFrameTime(at)}`}
            onClick={() => seek(at)}
            className={clsx(
              'aspect-video overflow-hidden rounded-md bg-zinc-200',
              Math.abs(time - at) < 0.05 ? 'ring-2 ring-brand-500' : null,
            )}
          >
            {strip[index] ? (
              <img src={strip[index]} alt="" className="size-full object-cover" />
            ) : null}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <input
          type="range"
          aria-label="Frame time"
          min={0}
          max={duration || 0}
          step={0.01}
          value={time}
          onChange={(event) => seek(Number(event.target.value))}
          className="flex-1 accent-brand-600"
        />
        <span
          className="w-28 text-right text-xs text-zinc-600 tabular-nums"
          data-testid="frame-time"
        >
          {formatFrameTime(time)} / {formatFrameTime(duration)}
        </span>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {MESSAGES.thumbnail.cancel}
        </Button>
        <Button onClick={() => void confirm()} disabled={saving || !(duration > 0)}>
          {MESSAGES.thumbnail.useThisFrame}
        </Button>
      </div>
    </div>
  );
}
