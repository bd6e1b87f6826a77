import { LIBRARY_CONSTANTS, MESSAGES, waveformPeaks } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fetchMusicWaveform } from '../../../create/explainer/explainer-api';
import { waveformBars } from '../../../create/explainer/explainer-form-model';
import { loadPeaks } from '../timeline/waveform-peaks';

const BARS = 28;

/** The one sound the pane plays at a time. */
let playing: { url: string; audio: HTMLAudioElement; stop: () => void } | null = null;

/**
 * Peaks of a stock track (from the server, which renders a composed track first: asked for
 * once the track is played) or of any sound (decoded in the browser).
 */
function usePeaks(source: { trackId: string } | { url: string }, played: boolean) {
  return useQuery({
    enabled: played || !('trackId' in source),
    queryKey: ['media-pane-waveform', 'trackId' in source ? source.trackId : source.url],
    queryFn: async () => {
      if ('trackId' in source)
        return fetchMusicWaveform(source.trackId, LIBRARY_CONSTANTS.waveformSamples);
      const peaks = await loadPeaks(source.url);
      return peaks ? waveformPeaks(peaks.peaks, LIBRARY_CONSTANTS.waveformSamples) : [];
    },
    staleTime: Infinity,
  });
}

/**
 * Play/pause of a sound with its waveform (spec 3 §2 music and voice-over previews). Between
 * Play and the first sound (a stock track the server renders on first play takes a while) the
 * button spins and says it is loading.
 */
export function AudioPreview({
  url,
  waveform,
  label,
}: {
  url: string;
  waveform: { trackId: string } | { url: string };
  label: string;
}) {
  const [isPlaying, setPlaying] = useState(false);
  const [played, setPlayed] = useState(false);
  const [loading, setLoading] = useState(false);
  const peaks = usePeaks(waveform, played);
  const bars = waveformBars(peaks.data ?? [], BARS);

  useEffect(
    () => () => {
      if (playing?.url === url) playing.stop();
    },
    [url],
  );

  function toggle() {
    if (isPlaying && playing?.url === url) {
      playing.stop();
      return;
    }
    playing?.stop();
    const audio = new Audio(url);
    const stop = () => {
      audio.pause();
      setPlaying(false);
      setLoading(false);
      if (playing?.audio === audio) playing = null;
    };
    audio.onended = stop;
    audio.onplaying = () => setLoading(false);
    audio.onwaiting = () => setLoading(true);
    playing = { url, audio, stop };
    setPlaying(true);
    setLoading(true);
    setPlayed(true);
    audio.play().catch((error: unknown) => {
      console.warn('audio preview failed', error);
      stop();
    });
  }

  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <button
        type="button"
        aria-label={`${isPlaying ? 'Pause' : 'Play'} ${label}`}
        aria-pressed={isPlaying}
        aria-busy={loading || undefined}
        title={loading ? MESSAGES.editor.loading : undefined}
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
      >
        {loading ? (
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
        ) : isPlaying ? (
          <Pause className="size-3.5" />
        ) : (
          <Play className="size-3.5" />
        )}
      </button>
      {loading ? (
        <span
          role="status"
          data-testid="audio-loading"
          className="shrink-0 text-[11px] text-zinc-500"
        >
          {MESSAGES.editor.loading}
        </span>
      ) : null}
      <span
        data-testid="audio-waveform"
        data-ready={peaks.data ? 'true' : 'false'}
        aria-hidden
        className="flex h-6 min-w-0 flex-1 items-center gap-px"
      >
        {bars.map((height, i) => (
          <span
            key={i}
            className={clsx(
              'w-full max-w-1 rounded-full',
              peaks.data ? (isPlaying ? 'bg-brand-600' : 'bg-brand-500') : 'bg-zinc-200',
            )}
            style={{ height: `${Math.max(10, Math.round(height * 100))}%` }}
          />
        ))}
      </span>
    </span>
  );
}
