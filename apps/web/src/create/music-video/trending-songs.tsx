import {
  AWARDS_FEATURED_SONGS,
  formatMinutesSeconds,
  MESSAGES,
  TRENDING_PREVIEW_VOLUME,
} from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Award, LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { fetchTrendingSongs, type TrendingSong } from './music-video-api';

function useTrendingSongs(enabled: boolean) {
  return useQuery({
    queryKey: ['trending-songs'],
    queryFn: fetchTrendingSongs,
    staleTime: Infinity,
    enabled,
  });
}

/** Plays one song at a time at the trending preview volume (spec 2 §9: 0.3). */
function usePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => () => audio.current?.pause(), []);
  function toggle(song: TrendingSong) {
    audio.current?.pause();
    if (playing === song.id) {
      setPlaying(null);
      return;
    }
    const player = new Audio(song.url);
    player.volume = TRENDING_PREVIEW_VOLUME;
    player.onended = () => setPlaying(null);
    audio.current = player;
    setPlaying(song.id);
    void player.play().catch(() => setPlaying(null));
  }
  function stop() {
    audio.current?.pause();
    setPlaying(null);
  }
  return { playing, toggle, stop };
}

/** A line of a sung song's words for its row (the first one that has any), or null. */
export function firstLyricsLine(lyrics: string | undefined): string | null {
  return (
    lyrics
      ?.split('\n')
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? null
  );
}

function SongRow(props: {
  song: TrendingSong;
  picked: boolean;
  /** This song is being fetched for its segment step. */
  pending: boolean;
  playing: boolean;
  onPick: () => void;
  onPlay: () => void;
}) {
  const words = firstLyricsLine(props.song.lyrics);
  return (
    <li
      className={clsx(
        'flex items-center gap-2 rounded-xl border px-2 py-1.5',
        props.picked ? 'border-brand-600 bg-brand-50' : 'border-zinc-200',
      )}
    >
      <button
        type="button"
        onClick={props.onPlay}
        aria-label={props.playing ? `Pause ${props.song.name}` : `Play ${props.song.name}`}
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-white"
      >
        {props.playing ? <Pause className="size-3.5" /> : <Play className="size-3.5" />}
      </button>
      <button
        type="button"
        role="radio"
        aria-checked={props.picked}
        onClick={props.onPick}
        className="flex min-w-0 flex-1 items-center justify-between gap-2 text-left text-sm"
      >
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-zinc-800">{props.song.name}</span>
          {words ? (
            <span
              className="truncate text-xs text-zinc-500 italic"
              title={props.song.lyrics}
              data-testid="song-words"
            >
              {words}
            </span>
          ) : null}
        </span>
        {props.pending ? (
          <LoaderCircle
            className="size-4 shrink-0 animate-spin text-brand-600"
            aria-label="Preparing"
          />
        ) : null}
        <span className="text-xs text-zinc-500 tabular-nums">
          {formatMinutesSeconds(props.song.duration)}
        </span>
      </button>
    </li>
  );
}

/**
 * "Choose from trending songs" (spec 2 §2, §3): the two lists, with and without lyrics, each
 * song previewed at volume 0.3; choosing one hands it to the song dialog to cut a segment.
 * Using none says "Please select a song from trending songs".
 */
export function TrendingSongsDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChosen: (song: TrendingSong) => void;
  /** The song being fetched for its segment step, if any. */
  pendingId: string | null;
}) {
  const songs = useTrendingSongs(props.open);
  const preview = usePreview();
  const [picked, setPicked] = useState<TrendingSong | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = (open: boolean) => {
    if (!open) preview.stop();
    props.onOpenChange(open);
  };
  const lists = [
    { title: 'With lyrics', songs: songs.data?.withLyrics ?? [] },
    { title: 'Without lyrics', songs: songs.data?.withoutLyrics ?? [] },
  ];
  return (
    <Dialog
      open={props.open}
      onOpenChange={close}
      size="lg"
      title={MESSAGES.generate.trendingSongs}
    >
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {lists.map((list) => (
          <section key={list.title} className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
              {list.title}
            </h3>
            {songs.isLoading ? (
              <p className="text-sm text-zinc-500">Loading songs…</p>
            ) : list.songs.length === 0 ? (
              <p className="text-sm text-zinc-500">No songs in this list on this server.</p>
            ) : (
              <ul
                className="flex max-h-72 flex-col gap-1.5 overflow-y-auto pr-1"
                role="radiogroup"
                aria-label={list.title}
              >
                {list.songs.map((song) => (
                  <SongRow
                    key={song.id}
                    song={song}
                    picked={picked?.id === song.id}
                    pending={props.pendingId === song.id}
                    playing={preview.playing === song.id}
                    onPlay={() => preview.toggle(song)}
                    onPick={() => {
                      setError(null);
                      setPicked(song);
                    }}
                  />
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button
          type="button"
          onClick={() => {
            if (!picked) {
              setError(MESSAGES.generate.selectTrending);
              return;
            }
            close(false);
            props.onChosen(picked);
          }}
        >
          Use this song
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * The awards song picker (spec 2 §2): the Music Video Awards' 7 featured songs, the first
 * trending ones; picking one hands it to the song dialog.
 */
export function AwardsSongPicker(props: {
  onChosen: (song: TrendingSong) => void;
  /** The song being fetched for its segment step, if any. */
  pendingId: string | null;
}) {
  const songs = useTrendingSongs(true);
  const preview = usePreview();
  const featured = [...(songs.data?.withLyrics ?? []), ...(songs.data?.withoutLyrics ?? [])].slice(
    0,
    AWARDS_FEATURED_SONGS,
  );
  if (featured.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50/60 p-3">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-800">
        <Award className="size-4" aria-hidden />
        Music Video Awards · featured songs
      </p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Featured songs">
        {featured.map((song) => (
          <li
            key={song.id}
            className="flex items-center rounded-full border border-amber-200 bg-white"
          >
            <button
              type="button"
              onClick={() => preview.toggle(song)}
              aria-label={preview.playing === song.id ? `Pause ${song.name}` : `Play ${song.name}`}
              className="flex size-7 items-center justify-center rounded-full text-amber-700"
            >
              {preview.playing === song.id ? (
                <Pause className="size-3" />
              ) : (
                <Play className="size-3" />
              )}
            </button>
            <button
              type="button"
              onClick={() => {
                preview.stop();
                props.onChosen(song);
              }}
              aria-busy={props.pendingId === song.id}
              className="flex items-center gap-1 py-1 pr-3 text-xs font-medium text-zinc-800"
            >
              {song.name}
              {props.pendingId === song.id ? (
                <LoaderCircle
                  className="size-3 animate-spin text-amber-700"
                  aria-label="Preparing"
                />
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
