import { LIBRARY_CONSTANTS } from '@storyloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Pause, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { Button } from '../../ui/button';
import { fetchMusicTracks, fetchMusicWaveform } from './explainer-api';
import type { BackgroundMusicValues, ChosenTrack } from '../form-values';
import { waveformBars } from './explainer-form-model';

type MusicChoice = BackgroundMusicValues['backgroundMusic'];

const CHOICES: { value: MusicChoice; label: string }[] = [
  { value: 'auto', label: 'Auto (composed for your story)' },
  { value: 'none', label: 'No music' },
  { value: 'track', label: 'Stock track' },
];

/** A track length as m:ss, rounded to the second once (59.6 s is 1:00, never 0:60). */
const formatSeconds = (seconds: number) => formatDuration(seconds) ?? '0:00';

/** The 17-bar waveform of the music panel (spec 2 'Music panel states'). */
function Waveform({ trackId }: { trackId: string }) {
  const peaks = useQuery({
    queryKey: ['music-waveform', trackId],
    queryFn: () => fetchMusicWaveform(trackId, LIBRARY_CONSTANTS.waveformSamples),
    staleTime: Infinity,
  });
  const bars = waveformBars(peaks.data ?? [], LIBRARY_CONSTANTS.panelWaveformBars);
  return (
    <div className="flex h-8 w-full items-center gap-0.5" data-testid="music-waveform" aria-hidden>
      {bars.map((height, i) => (
        <span
          key={i}
          className={clsx('w-1.5 rounded-full', peaks.data ? 'bg-brand-500' : 'bg-zinc-200')}
          style={{ height: `${Math.max(12, Math.round(height * 100))}%` }}
        />
      ))}
    </div>
  );
}

/**
 * The background-music panel of the explainer form: auto, none, or a stock track of the
 * library (search, genre and tempo filters, a preview per track; the chosen track shows its
 * waveform with play/pause and a clear button).
 */
export function ExplainerMusicPanel(props: {
  choice: MusicChoice;
  track: ChosenTrack | null;
  onChange: (choice: MusicChoice, track: ChosenTrack | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [genre, setGenre] = useState('');
  const [tempo, setTempo] = useState('');
  const [playing, setPlaying] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const tracks = useQuery({
    queryKey: ['music-tracks', search, genre, tempo],
    queryFn: () => fetchMusicTracks({ search, genre, tempo }),
    enabled: props.choice === 'track',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  useEffect(() => () => audio.current?.pause(), []);

  function togglePlay(track: { id: string; url: string }) {
    if (playing === track.id) {
      audio.current?.pause();
      setPlaying(null);
      return;
    }
    audio.current?.pause();
    const element = new Audio(track.url);
    element.onended = () => setPlaying(null);
    audio.current = element;
    setPlaying(track.id);
    void element.play().catch(() => setPlaying(null));
  }

  function choose(choice: MusicChoice, track: ChosenTrack | null) {
    if (choice !== 'track' || !track) {
      audio.current?.pause();
      setPlaying(null);
    }
    props.onChange(choice, track);
  }

  const list = tracks.data;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-1" role="radiogroup" aria-label="Background music">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="radio"
              name="background-music"
              checked={props.choice === choice.value}
              onChange={() => choose(choice.value, choice.value === 'track' ? props.track : null)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {props.choice === 'track' ? (
        <>
          {props.track ? (
            <div
              className="flex items-center gap-2 rounded-xl border border-brand-500 bg-brand-50 p-2"
              data-testid="chosen-music-track"
            >
              <Button
                type="button"
                variant="secondary"
                size="xs"
                aria-label={playing === props.track.id ? 'Pause' : 'Play'}
                onClick={() => togglePlay(props.track!)}
              >
                {playing === props.track.id ? (
                  <Pause className="size-3.5" aria-hidden />
                ) : (
                  <Play className="size-3.5" aria-hidden />
                )}
              </Button>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="truncate text-xs font-medium text-zinc-800">
                  {props.track.name}
                </span>
                <Waveform trackId={props.track.id} />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="xs"
                aria-label="Clear music"
                onClick={() => choose('track', null)}
              >
                <X className="size-3.5" aria-hidden />
              </Button>
            </div>
          ) : null}
          <input
            aria-label="Search music"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search name, genre, mood or tempo"
            className="h-9 rounded-xl border border-zinc-300 px-3 text-sm"
          />
          <div className="flex gap-2">
            <select
              aria-label="Genre"
              value={genre}
              onChange={(e) => setGenre(e.target.value)}
              className="h-9 flex-1 rounded-xl border border-zinc-300 bg-white px-2 text-xs"
            >
              <option value="">All genres</option>
              {list?.genres.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
            <select
              aria-label="Tempo"
              value={tempo}
              onChange={(e) => setTempo(e.target.value)}
              className="h-9 flex-1 rounded-xl border border-zinc-300 bg-white px-2 text-xs"
            >
              <option value="">All tempos</option>
              {list?.tempos.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          {tracks.isPending ? (
            <p className="text-xs text-zinc-500">Loading tracks…</p>
          ) : tracks.isError ? (
            <p className="text-xs text-red-600">The music library could not be loaded.</p>
          ) : list && list.tracks.length === 0 ? (
            <p className="text-xs text-zinc-500">No tracks match.</p>
          ) : (
            <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label="Music tracks">
              {list?.tracks.map((track) => (
                <li
                  key={track.id}
                  className={clsx(
                    'flex items-center gap-2 rounded-lg px-1.5 py-1',
                    props.track?.id === track.id ? 'bg-brand-50' : 'hover:bg-zinc-50',
                  )}
                >
                  <button
                    type="button"
                    aria-label={`${playing === track.id ? 'Pause' : 'Play'} ${track.name}`}
                    onClick={() => togglePlay(track)}
                    className="rounded-full p-1 text-zinc-600 hover:bg-zinc-200"
                  >
                    {playing === track.id ? (
                      <Pause className="size-3.5" aria-hidden />
                    ) : (
                      <Play className="size-3.5" aria-hidden />
                    )}
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      choose('track', { id: track.id, name: track.name, url: track.url })
                    }
                    className="flex min-w-0 flex-1 flex-col text-left"
                  >
                    <span className="truncate text-xs font-medium text-zinc-800">{track.name}</span>
                    <span className="truncate text-[11px] text-zinc-500">
                      {track.folder} · {track.genre} · {track.tempo} ·{' '}
                      {formatSeconds(track.duration)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
