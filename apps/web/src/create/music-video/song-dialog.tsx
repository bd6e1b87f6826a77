import { waveformPeaks } from '@storyloom/core';
import {
  AUDIO_UPLOAD,
  defaultTrimWindow,
  formatMinutesSeconds,
  MESSAGES,
  TRIM_LIMITS,
  validateAudioFile,
} from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, Pause, Play, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import {
  keyStep,
  moveWindow,
  setWindowEdge,
  windowError,
  type ChosenSong,
  type SongWindow,
} from './music-video-form-model';
import { fetchTrimLimits, uploadSong } from './music-video-api';

/** Peaks drawn for the whole song (spec 2 §9: 1000 samples for a track waveform). */
const WAVEFORM_SAMPLES = 1000;

interface DecodedSong {
  file: File;
  duration: number;
  peaks: number[];
  objectUrl: string;
}

/** Decodes the file in the browser (Web Audio); a file that does not decode has length 0. */
async function decodeSong(file: File): Promise<DecodedSong> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await file.arrayBuffer());
    return {
      file,
      duration: audio.duration,
      peaks: waveformPeaks(audio.getChannelData(0), WAVEFORM_SAMPLES),
      objectUrl: URL.createObjectURL(file),
    };
  } catch {
    return { file, duration: 0, peaks: [], objectUrl: '' };
  } finally {
    void context.close();
  }
}

function Waveform({ peaks }: { peaks: number[] }) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.scale(ratio, ratio);
    context.clearRect(0, 0, width, height);
    context.fillStyle = '#7c3aed';
    const bar = width / Math.max(1, peaks.length);
    peaks.forEach((peak, index) => {
      const h = Math.max(1, peak * (height - 4));
      context.fillRect(index * bar, (height - h) / 2, Math.max(1, bar * 0.8), h);
    });
  }, [peaks]);
  return <canvas ref={canvas} className="absolute inset-0 size-full" aria-hidden />;
}

/**
 * The song upload dialog (spec 2 §2, §4, §5): "Upload Your Song (Up to 25 MB)" checks the
 * file's type, extension and size; "Select a Song Segment (Up to …)", titled with the
 * server's longest segment (5 minutes where allowed, else 1 minute), shows the whole song's
 * waveform and a window to drag (30 s centred by default; arrow keys step 1 s, 5 s with
 * Shift, 0.1 s with Ctrl or Cmd) whose length must be 10–60 s; confirming uploads the song and
 * the server cuts it.
 */
export function SongDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChosen: (song: ChosenSong) => void;
  /** A song already fetched (a music link's): the dialog opens at its segment step. */
  file?: File | null;
}) {
  const [song, setSong] = useState<DecodedSong | null>(null);
  const [segment, setSegment] = useState<SongWindow>({ start: 0, end: 0 });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const track = useRef<HTMLDivElement | null>(null);
  // The server's longest segment: 60 s, or up to 300 s where the operator allows it.
  const limits = useQuery({
    queryKey: ['trim-limits'],
    queryFn: fetchTrimLimits,
    staleTime: Infinity,
  });
  const maxSeconds = limits.data?.maxSeconds ?? TRIM_LIMITS.max;

  useEffect(() => () => audio.current?.pause(), []);
  const given = props.file;
  useEffect(() => {
    if (props.open && given) void choose(given);
  }, [props.open, given]);

  // Only the latest file's decoding counts: a file chosen while another decodes replaces it,
  // and closing the dialog drops it.
  const decoding = useRef(0);
  function reset() {
    decoding.current += 1;
    setBusy(false);
    audio.current?.pause();
    audio.current = null;
    setPlaying(false);
    if (song?.objectUrl) URL.revokeObjectURL(song.objectUrl);
    setSong(null);
    setError(null);
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    const attempt = ++decoding.current;
    const problem = validateAudioFile(file);
    if (problem) {
      setError(problem);
      toast.error(problem);
      return;
    }
    setError(null);
    setBusy(true);
    const decoded = await decodeSong(file);
    if (attempt !== decoding.current) {
      if (decoded.objectUrl) URL.revokeObjectURL(decoded.objectUrl);
      return;
    }
    setBusy(false);
    if (decoded.duration <= 0) {
      setError(MESSAGES.generate.invalidAudio);
      return;
    }
    setSong(decoded);
    setSegment(defaultTrimWindow(decoded.duration, maxSeconds));
  }

  async function confirm() {
    if (!song) return;
    setBusy(true);
    setError(null);
    try {
      const whole = segment.start <= 0 && segment.end >= song.duration;
      const stored = await uploadSong(song.file, whole ? null : segment);
      props.onChosen({ url: stored.url, name: song.file.name, duration: stored.duration });
      reset();
      props.onOpenChange(false);
    } catch (failure) {
      console.error('Song upload failed', failure);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  function togglePlay() {
    if (!song) return;
    if (playing) {
      audio.current?.pause();
      setPlaying(false);
      return;
    }
    const player = audio.current ?? new Audio(song.objectUrl);
    audio.current = player;
    player.currentTime = segment.start;
    player.ontimeupdate = () => {
      if (player.currentTime >= segment.end) {
        player.pause();
        setPlaying(false);
      }
    };
    void player.play().then(
      () => setPlaying(true),
      () => setPlaying(false),
    );
  }

  /** Drags the window (or one of its edges) with the pointer. */
  function startDrag(event: PointerEvent<HTMLElement>, part: 'window' | 'start' | 'end') {
    if (!song || !track.current) return;
    event.preventDefault();
    event.stopPropagation();
    const box = track.current.getBoundingClientRect();
    const from = event.clientX;
    const initial = segment;
    const perPixel = song.duration / box.width;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const move = (e: globalThis.PointerEvent) => {
      const delta = (e.clientX - from) * perPixel;
      setSegment(
        part === 'window'
          ? moveWindow(initial, delta, song.duration)
          : setWindowEdge(initial, part, initial[part] + delta, song.duration),
      );
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  }

  function onKey(event: KeyboardEvent<HTMLElement>, part: 'window' | 'start' | 'end') {
    if (!song || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    event.stopPropagation();
    const delta = keyStep(event) * (event.key === 'ArrowLeft' ? -1 : 1);
    setSegment((current) =>
      part === 'window'
        ? moveWindow(current, delta, song.duration)
        : setWindowEdge(current, part, current[part] + delta, song.duration),
    );
  }

  const lengthError = song ? windowError(segment, maxSeconds) : null;
  const left = song ? (segment.start / song.duration) * 100 : 0;
  const width = song ? ((segment.end - segment.start) / song.duration) * 100 : 0;

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) reset();
        props.onOpenChange(open);
      }}
      size="lg"
      title={song ? MESSAGES.generate.selectSegmentUpTo(maxSeconds) : MESSAGES.generate.uploadSong}
    >
      {!song ? (
        <label
          onDragOver={(e) => {
            e.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragOver(false);
            const file = e.dataTransfer.files[0];
            if (file && !file.type.startsWith('audio')) {
              setError(MESSAGES.generate.selectAudioFile);
              toast.error(MESSAGES.generate.selectAudioFile);
              return;
            }
            void choose(file);
          }}
          className={clsx(
            'mt-4 flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center',
            dragOver ? 'border-brand-500 bg-brand-50' : 'border-zinc-300 bg-zinc-50',
          )}
        >
          <Upload className="size-8 text-zinc-500" aria-hidden />
          <span className="text-sm font-medium text-zinc-800">
            {busy ? 'Reading your song…' : 'Drop a song here or click to choose a file'}
          </span>
          <span className="text-xs text-zinc-500">
            {AUDIO_UPLOAD.extensions.join(' ')} · up to 25 MB
          </span>
          <input
            type="file"
            aria-label="Song file"
            accept={`audio/*,${AUDIO_UPLOAD.extensions.join(',')}`}
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          <p className="truncate text-sm text-zinc-700">
            {song.file.name} · {formatMinutesSeconds(song.duration)}
          </p>
          <div
            ref={track}
            className="relative h-24 touch-none rounded-xl bg-zinc-100"
            data-testid="song-waveform"
          >
            <Waveform peaks={song.peaks} />
            <div
              role="group"
              tabIndex={0}
              aria-label="Song segment"
              data-testid="song-segment"
              onPointerDown={(e) => startDrag(e, 'window')}
              onKeyDown={(e) => onKey(e, 'window')}
              className={clsx(
                'absolute inset-y-0 cursor-grab rounded-lg border-2 bg-brand-500/15 focus:ring-2 focus:ring-brand-300 focus:outline-none',
                lengthError ? 'border-red-500' : 'border-brand-600',
              )}
              style={{ left: `${left}%`, width: `${width}%` }}
            >
              {(['start', 'end'] as const).map((edge) => (
                <span
                  key={edge}
                  role="slider"
                  tabIndex={0}
                  aria-label={edge === 'start' ? 'Segment start' : 'Segment end'}
                  aria-valuemin={0}
                  aria-valuemax={Math.round(song.duration * 10) / 10}
                  aria-valuenow={segment[edge]}
                  aria-valuetext={formatMinutesSeconds(segment[edge])}
                  onPointerDown={(e) => startDrag(e, edge)}
                  onKeyDown={(e) => onKey(e, edge)}
                  className={clsx(
                    'absolute inset-y-0 w-3 cursor-ew-resize rounded bg-brand-600 focus:ring-2 focus:ring-brand-300 focus:outline-none',
                    edge === 'start' ? '-left-1.5' : '-right-1.5',
                  )}
                />
              ))}
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-700">
            <Button type="button" variant="secondary" size="sm" onClick={togglePlay}>
              {playing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" />}
              {playing ? 'Pause' : 'Play segment'}
            </Button>
            <span className="tabular-nums" data-testid="segment-times">
              {formatMinutesSeconds(segment.start)} – {formatMinutesSeconds(segment.end)} (
              {(segment.end - segment.start).toFixed(1)} s)
            </span>
          </div>
          <p className="text-xs text-zinc-500">
            Drag the window or its edges. Arrow keys move it 1 s, 5 s with Shift, 0.1 s with Ctrl or
            Cmd. A segment lasts {TRIM_LIMITS.min} s to {maxSeconds} s.
          </p>
        </div>
      )}
      {error || lengthError ? (
        <p
          role="alert"
          className="mt-3 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {error ?? lengthError}
        </p>
      ) : null}
      {song ? (
        <div className="mt-5 flex justify-between gap-2">
          <Button type="button" variant="ghost" onClick={reset} disabled={busy}>
            <ArrowLeft className="size-4" aria-hidden />
            Back
          </Button>
          <Button
            type="button"
            onClick={() => void confirm()}
            disabled={busy || Boolean(lengthError)}
          >
            {busy ? 'Uploading…' : 'Use this segment'}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
