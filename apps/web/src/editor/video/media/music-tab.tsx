import { MESSAGES, searchMusic, splitMoods, type MediaAsset } from '@storyloom/core';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, Check, ChevronDown, Library, Plus, Search, Upload } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { fetchMusicTracks, type MusicTrack } from '../../../create/explainer/explainer-api';
import { formatDuration } from '../../../lib/format-duration';
import { MenuContent } from '../../../ui/menu';
import { AudioPreview } from './audio-preview';
import { useEditor } from '../store/editor-context';
import { AudioAssetRow, startAssetDrag } from './media-tiles';
import type { MediaLibrary } from './use-media-library';

/** A multi-select filter (spec 3 §2 Genre, Mood, Tempo). */
function MultiSelect({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid={`music-filter-${label.toLowerCase()}`}
        className={clsx(
          'flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1',
          selected.length > 0
            ? 'bg-brand-50 text-brand-700 ring-brand-500'
            : 'text-zinc-700 ring-zinc-200 hover:bg-zinc-100',
        )}
      >
        {label}
        {selected.length > 0 ? ` (${selected.length})` : ''}
        <ChevronDown className="size-3" aria-hidden />
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="max-h-72 overflow-y-auto">
        {options.map((option) => (
          <DropdownMenu.CheckboxItem
            key={option}
            checked={selected.includes(option)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(
                checked ? [...selected, option] : selected.filter((value) => value !== option),
              )
            }
            className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-1.5 text-sm text-zinc-800 outline-none select-none data-[highlighted]:bg-zinc-100"
          >
            <span className="flex size-4 items-center justify-center rounded ring-1 ring-zinc-300">
              <DropdownMenu.ItemIndicator>
                <Check className="size-3" />
              </DropdownMenu.ItemIndicator>
            </span>
            {option}
          </DropdownMenu.CheckboxItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** A stock track in the search results: preview with waveform, facts, and Add / drag. */
function StockTrackRow({
  track,
  added,
  onAdd,
}: {
  track: MusicTrack;
  added: MediaAsset | undefined;
  onAdd: (track: MusicTrack) => void;
}) {
  return (
    <li
      data-testid="music-result"
      data-track-name={track.name}
      draggable={Boolean(added)}
      onDragStart={(event) => (added ? startAssetDrag(event, added) : undefined)}
      className={clsx(
        'flex flex-col gap-1 rounded-lg px-2 py-1.5 ring-1 ring-zinc-200',
        added ? 'cursor-grab' : null,
      )}
    >
      <span className="flex items-center gap-2">
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-zinc-800">{track.name}</span>
          <span className="block truncate text-[11px] text-zinc-500">
            {[track.genre, splitMoods(track.mood).join(', '), track.tempo].join(' · ')}
          </span>
        </span>
        <span className="text-xs text-zinc-500 tabular-nums">{formatDuration(track.duration)}</span>
        <button
          type="button"
          aria-label={added ? `${track.name} added` : `Add ${track.name}`}
          disabled={Boolean(added)}
          onClick={() => onAdd(track)}
          className="flex size-7 items-center justify-center rounded-full text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 disabled:text-brand-600"
        >
          {added ? <Check className="size-3.5" /> : <Plus className="size-3.5" />}
        </button>
      </span>
      <AudioPreview url={track.url} waveform={{ trackId: track.id }} label={track.name} />
    </li>
  );
}

/**
 * The Music tab (spec 3 §2): a home view (Upload card, Browse card, the story's own music) and
 * a search view over the music library (Back, Genre / Mood / Tempo multi-select filters, the
 * results, 'No music found'). Filtering is core's `searchMusic`.
 */
export function MusicTab({
  library,
  onUpload,
  tiles,
}: {
  library: MediaLibrary;
  onUpload: () => void;
  /** The tiles of music uploads in progress. */
  tiles: ReactNode;
}) {
  const [view, setView] = useState<'home' | 'search'>('home');
  const [query, setQuery] = useState('');
  const [genres, setGenres] = useState<string[]>([]);
  const [moods, setMoods] = useState<string[]>([]);
  const [tempos, setTempos] = useState<string[]>([]);
  const music = useEditor(
    useShallow((s) =>
      s.timeline.mediaAssets.filter(
        (asset) =>
          !asset.is_deleted && asset.resource_type === 'audio' && asset.subtype !== 'voiceover',
      ),
    ),
  );
  const catalogue = useQuery({
    queryKey: ['music-tracks', '', '', ''],
    queryFn: () => fetchMusicTracks({ search: '', genre: '', tempo: '' }),
    staleTime: 60_000,
    enabled: view === 'search',
  });
  const results = useMemo(
    () =>
      searchMusic(catalogue.data?.tracks ?? [], query, {
        genres,
        moods,
        tempos,
      }),
    [catalogue.data, query, genres, moods, tempos],
  );
  const filtered =
    query.trim() !== '' || genres.length > 0 || moods.length > 0 || tempos.length > 0;
  const byUrl = useMemo(() => new Map(music.map((asset) => [asset.url, asset])), [music]);

  const addTrack = (track: MusicTrack) => {
    const now = new Date().toISOString();
    void library.addCopies([
      {
        id: track.id,
        title: track.name,
        url: track.url,
        resource_type: 'audio',
        subtype: 'music',
        source: 'generated',
        created_at: now,
        metadata: { duration: track.duration },
        configs: { genre: track.genre, mood: track.mood, tempo: track.tempo },
      },
    ]);
  };

  if (view === 'search')
    return (
      <div className="flex flex-col gap-2" data-testid="music-search">
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setView('home')}
            className="flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100"
          >
            <ArrowLeft className="size-3.5" aria-hidden />
            Back
          </button>
        </div>
        <label className="flex items-center gap-2 rounded-full px-3 py-1.5 ring-1 ring-zinc-200 focus-within:ring-brand-500">
          <Search className="size-3.5 text-zinc-400" aria-hidden />
          <input
            type="search"
            aria-label="Search music"
            placeholder={
              catalogue.data
                ? `Search ${MESSAGES.editor.songsInLibrary(catalogue.data.tracks.length)}`
                : 'Search songs'
            }
            value={query}
            onChange={(event) => setQuery(event.target.value.slice(0, 200))}
            className="min-w-0 flex-1 bg-transparent text-sm outline-none"
          />
        </label>
        <div className="flex flex-wrap gap-1">
          <MultiSelect
            label="Genre"
            options={catalogue.data?.genres ?? []}
            selected={genres}
            onChange={setGenres}
          />
          <MultiSelect
            label="Mood"
            options={catalogue.data?.moods ?? []}
            selected={moods}
            onChange={setMoods}
          />
          <MultiSelect
            label="Tempo"
            options={catalogue.data?.tempos ?? []}
            selected={tempos}
            onChange={setTempos}
          />
        </div>
        {catalogue.isPending ? (
          <p className="p-4 text-center text-sm text-zinc-500">{MESSAGES.editor.loading}</p>
        ) : results.length === 0 ? (
          <p className="p-4 text-center text-sm text-zinc-500">{MESSAGES.editor.noMusic}</p>
        ) : (
          <>
            {filtered ? (
              <p data-testid="music-result-count" className="px-1 text-xs text-zinc-500">
                {MESSAGES.editor.songsInLibrary(results.length)}
              </p>
            ) : null}
            <ul className="flex flex-col gap-1.5" aria-label="Music results">
              {results.map((track) => (
                <StockTrackRow
                  key={track.id}
                  track={track}
                  added={byUrl.get(track.url)}
                  onAdd={addTrack}
                />
              ))}
            </ul>
          </>
        )}
      </div>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="music-home">
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={onUpload}
          className="flex flex-col items-center gap-1 rounded-xl bg-zinc-50 p-3 text-sm font-medium text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100"
        >
          <Upload className="size-5 text-brand-600" aria-hidden />
          Upload
        </button>
        <button
          type="button"
          onClick={() => setView('search')}
          className="flex flex-col items-center gap-1 rounded-xl bg-zinc-50 p-3 text-sm font-medium text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-100"
        >
          <Library className="size-5 text-brand-600" aria-hidden />
          Browse
        </button>
      </div>
      {tiles}
      {music.length === 0 ? (
        <p className="px-2 text-center text-xs text-zinc-500">
          Music you upload or add from the library shows here.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5" aria-label="Your music">
          {music.map((asset) => (
            <li key={asset.id}>
              <AudioAssetRow asset={asset} onDelete={(a) => void library.remove(a)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
