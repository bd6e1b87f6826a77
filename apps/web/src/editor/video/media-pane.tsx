import type { MediaAsset } from '@storyloom/core';
import { clsx } from 'clsx';
import { AudioLines, Captions, Film, Image as ImageIcon, Music } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CaptionsTab } from './captions-tab';
import { useEditor } from './editor-context';
import { ASSET_DRAG_TYPE } from './track-row';

type Tab = 'video' | 'image' | 'music' | 'voiceover' | 'caption';

const TABS: { tab: Tab; label: string; Icon: typeof Film }[] = [
  { tab: 'video', label: 'Videos', Icon: Film },
  { tab: 'image', label: 'Images', Icon: ImageIcon },
  { tab: 'music', label: 'Music', Icon: Music },
  { tab: 'voiceover', label: 'Voiceover', Icon: AudioLines },
  { tab: 'caption', label: 'Captions', Icon: Captions },
];

function inTab(asset: MediaAsset, tab: Tab): boolean {
  if (asset.is_deleted) return false;
  if (tab === 'video' || tab === 'image') return asset.resource_type === tab;
  if (asset.resource_type !== 'audio') return false;
  return tab === 'voiceover' ? asset.subtype === 'voiceover' : asset.subtype !== 'voiceover';
}

function startAssetDrag(event: DragEvent, asset: MediaAsset) {
  event.dataTransfer.effectAllowed = 'copy';
  event.dataTransfer.setData(
    ASSET_DRAG_TYPE,
    JSON.stringify({
      source: 'media-asset',
      mediaAssetId: asset.id,
      mediaAssetType: asset.resource_type,
    }),
  );
}

/**
 * The media assets pane (spec 3 §2): five tabs with icons (the active or hovered one shows its
 * label); the story's assets with thumbnails, dragged onto the timeline to insert them.
 */
export function MediaPane() {
  const [tab, setTab] = useState<Tab>('video');
  const assets = useEditor(
    useShallow((s) => s.timeline.mediaAssets.filter((asset) => inTab(asset, tab))),
  );
  return (
    <aside
      aria-label="Media assets"
      data-testid="media-pane"
      className="flex min-h-0 flex-1 flex-col border-r border-zinc-200 bg-white"
    >
      <div role="tablist" className="flex gap-1 border-b border-zinc-200 p-2">
        {TABS.map(({ tab: value, label, Icon }) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-label={label}
            className={clsx(
              'group flex items-center gap-1 rounded-full px-2 py-1 text-xs font-medium',
              tab === value ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
            )}
            onClick={() => setTab(value)}
          >
            <Icon className="size-4" aria-hidden />
            <span className={tab === value ? '' : 'hidden group-hover:inline'}>{label}</span>
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {tab === 'caption' ? (
          <CaptionsTab />
        ) : assets.length === 0 ? (
          <p className="p-4 text-center text-sm text-zinc-500">Nothing here yet.</p>
        ) : tab === 'video' || tab === 'image' ? (
          <ul className="grid grid-cols-2 gap-2">
            {assets.map((asset) => (
              <li key={asset.id}>
                <div
                  draggable
                  data-testid="media-asset"
                  data-asset-id={asset.id}
                  title={asset.title ?? asset.resource_type}
                  onDragStart={(event) => startAssetDrag(event, asset)}
                  className="aspect-video cursor-grab overflow-hidden rounded-lg bg-zinc-100 ring-1 ring-zinc-200 hover:ring-brand-400"
                >
                  {asset.resource_type === 'image' || asset.thumbnail_url ? (
                    <img
                      src={
                        asset.resource_type === 'image' ? asset.url : (asset.thumbnail_url ?? '')
                      }
                      alt={asset.title ?? ''}
                      draggable={false}
                      loading="lazy"
                      className="h-full w-full object-cover"
                    />
                  ) : (
                    <Film className="m-auto size-6 text-zinc-400" aria-hidden />
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="flex flex-col gap-1">
            {assets.map((asset) => (
              <li
                key={asset.id}
                draggable
                data-testid="media-asset"
                data-asset-id={asset.id}
                onDragStart={(event) => startAssetDrag(event, asset)}
                className="flex cursor-grab items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100"
              >
                <Music className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="truncate">{asset.title ?? 'Audio'}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
