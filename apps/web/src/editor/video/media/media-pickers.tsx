import {
  EDITOR_CONSTANTS,
  mediaPickerTabs,
  type MediaAsset,
  type MediaPickerTab,
} from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, Film, Music } from 'lucide-react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { useEditor } from '../store/editor-context';
import { fetchMediaLibrary, fetchUploadHistory } from '../media-library-api';

const MAX_PICKS = EDITOR_CONSTANTS.historyPickMax;

/** A grid of media to choose from, at most `max` at a time. */
function PickGrid({
  assets,
  selected,
  onToggle,
  max,
  empty,
}: {
  assets: readonly MediaAsset[] | undefined;
  selected: readonly string[];
  onToggle: (id: string) => void;
  max: number;
  empty: string;
}) {
  if (!assets) return <p className="p-6 text-center text-sm text-zinc-500">loading...</p>;
  if (assets.length === 0) return <p className="p-6 text-center text-sm text-zinc-500">{empty}</p>;
  const full = selected.length >= max;
  return (
    <ul className="grid max-h-[55vh] grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-4">
      {assets.map((asset) => {
        const on = selected.includes(asset.id);
        const picture = asset.resource_type === 'image' ? asset.url : asset.thumbnail_url;
        return (
          <li key={asset.id}>
            <button
              type="button"
              data-testid="pick-item"
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => onToggle(asset.id)}
              className={clsx(
                'relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-zinc-100 ring-2 disabled:opacity-40',
                on ? 'ring-brand-600' : 'ring-transparent hover:ring-zinc-300',
              )}
            >
              {picture ? (
                <img src={picture} alt="" className="h-full w-full object-cover" />
              ) : asset.resource_type === 'audio' ? (
                <span className="flex flex-col items-center gap-1 px-2 text-xs text-zinc-600">
                  <Music className="size-5" aria-hidden />
                  <span className="line-clamp-2">{asset.title}</span>
                </span>
              ) : (
                <Film className="size-6 text-zinc-400" aria-hidden />
              )}
              {on ? (
                <span className="absolute top-1 right-1 rounded-full bg-brand-600 p-0.5 text-white">
                  <Check className="size-3" />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function useSelection(max: number) {
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id)
        ? current.filter((value) => value !== id)
        : current.length >= max
          ? current
          : [...current, id],
    );
  return { selected, toggle, clear: () => setSelected([]) };
}

/** The history picker (spec 3 §2): the user's earlier uploads of a kind, at most 10 chosen. */
export function HistoryPicker({
  open,
  onOpenChange,
  kind,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: 'video' | 'image' | 'audio';
  onPick: (assets: MediaAsset[]) => void;
}) {
  const { selected, toggle, clear } = useSelection(MAX_PICKS);
  const history = useQuery({
    queryKey: ['upload-history', kind],
    queryFn: () => fetchUploadHistory(kind),
    enabled: open,
  });
  const close = (next: boolean) => {
    if (!next) clear();
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title="Upload history"
      description={`Choose up to ${MAX_PICKS} of your earlier uploads.`}
    >
      <div className="mt-4" data-testid="history-picker">
        <PickGrid
          assets={history.data}
          selected={selected}
          onToggle={toggle}
          max={MAX_PICKS}
          empty="Nothing uploaded yet."
        />
        <div className="mt-4 flex items-center justify-end gap-2">
          <span className="mr-auto text-xs text-zinc-500">
            {selected.length}/{MAX_PICKS} selected
          </span>
          <Button variant="secondary" size="sm" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            disabled={selected.length === 0}
            onClick={() => {
              onPick((history.data ?? []).filter((asset) => selected.includes(asset.id)));
              close(false);
            }}
          >
            Add
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

const TAB_LABELS: Record<MediaPickerTab, string> = {
  generation: 'Generated',
  albums: 'Albums',
  storyAsset: 'This story',
};

/**
 * The media picker (spec 3 §2): tabs generation (media generated for the user's stories),
 * albums (their uploaded pictures; hidden when picking a video) and storyAsset (this story's).
 */
export function MediaPickerModal({
  open,
  onOpenChange,
  kind,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: 'video' | 'image';
  onPick: (assets: MediaAsset[], tab: MediaPickerTab) => void;
}) {
  const tabs = mediaPickerTabs(kind);
  const [tab, setTab] = useState<MediaPickerTab>('generation');
  const { selected, toggle, clear } = useSelection(MAX_PICKS);
  const storyAssets = useEditor(
    useShallow((s) =>
      s.timeline.mediaAssets.filter((asset) => !asset.is_deleted && asset.resource_type === kind),
    ),
  );
  const remote = useQuery({
    queryKey: ['media-library', tab, kind],
    queryFn: () => fetchMediaLibrary(tab as 'generation' | 'albums', kind),
    enabled: open && tab !== 'storyAsset',
  });
  const shown = tab === 'storyAsset' ? storyAssets : remote.data;
  const close = (next: boolean) => {
    if (!next) {
      clear();
      setTab('generation');
    }
    onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={kind === 'video' ? 'Choose videos' : 'Choose images'}
      description="Pick from what was generated for your stories, your albums or this story."
    >
      <div className="mt-4" data-testid="media-picker">
        <div role="tablist" className="mb-3 flex gap-1">
          {tabs.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={tab === value}
              data-tab={value}
              onClick={() => {
                setTab(value);
                clear();
              }}
              className={clsx(
                'rounded-full px-3 py-1 text-sm font-medium',
                tab === value ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
              )}
            >
              {TAB_LABELS[value]}
            </button>
          ))}
        </div>
        <PickGrid
          assets={shown}
          selected={selected}
          onToggle={toggle}
          max={MAX_PICKS}
          empty="Nothing here yet."
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            disabled={selected.length === 0}
            onClick={() => {
              onPick(
                (shown ?? []).filter((asset) => selected.includes(asset.id)),
                tab,
              );
              close(false);
            }}
          >
            Add
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
