import { MESSAGES, formatFrames, type MediaAsset } from '@storyloom/core';
import { isAssetInUse } from '@storyloom/timeline';
import { clsx } from 'clsx';
import { AlertTriangle, Film, Trash2 } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { useEditor, useEditorStore } from '../store/editor-context';
import { AudioPreview } from './audio-preview';
import { ASSET_DRAG_TYPE } from '../timeline/track-row';
import type { UploadingAsset } from './use-media-library';

/** Starts dragging a media asset onto the timeline (spec 3 §3 drag payload 'media-asset'). */
export function startAssetDrag(event: DragEvent, asset: MediaAsset) {
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

/** An upload's tile (spec 3 §3 "Uploading asset", §8 'Upload Failed' with 'Got it'). */
export function UploadTile({
  upload,
  onDismiss,
  layout,
}: {
  upload: UploadingAsset;
  onDismiss: () => void;
  layout: 'grid' | 'row';
}) {
  const failed = upload.status === 'error';
  return (
    <div
      data-testid="upload-tile"
      data-status={upload.status}
      data-file-name={upload.fileName}
      className={clsx(
        'flex flex-col justify-center gap-1 overflow-hidden rounded-lg p-2 text-xs ring-1',
        // A failure grows to show its whole message.
        layout === 'grid' && !failed ? 'aspect-video' : 'min-h-12',
        failed ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-zinc-50 text-zinc-700 ring-zinc-200',
      )}
    >
      <span className="truncate font-medium" title={upload.fileName}>
        {upload.fileName}
      </span>
      {failed ? (
        <>
          <span className="flex items-center gap-1 font-semibold">
            <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
            {MESSAGES.editor.uploadFailed}
          </span>
          <span data-testid="upload-error" className="line-clamp-3 break-words">
            {upload.error ?? MESSAGES.editor.unknownUploadError}
          </span>
          <button
            type="button"
            onClick={onDismiss}
            className="self-start rounded-full bg-white px-2 py-0.5 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100"
          >
            {MESSAGES.editor.gotIt}
          </button>
        </>
      ) : (
        <>
          <span>
            {upload.status === 'uploading'
              ? `${MESSAGES.editor.uploading} ${upload.progress}%`
              : upload.status === 'processing'
                ? 'Processing…'
                : 'Uploaded'}
          </span>
          <span
            role="progressbar"
            aria-label={`Upload of ${upload.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.progress}
            className="h-1 w-full overflow-hidden rounded-full bg-zinc-200"
          >
            <span
              className={clsx(
                'block h-full rounded-full transition-[width]',
                upload.status === 'processing' ? 'animate-pulse bg-brand-500' : 'bg-brand-600',
              )}
              style={{ width: `${upload.progress}%` }}
            />
          </span>
        </>
      )}
    </div>
  );
}

/**
 * The delete button of an asset. While the timeline uses it: a video says so in a toast; a
 * picture or sound is kept with a tooltip (spec 3 §8).
 */
export function DeleteAssetButton({
  asset,
  onDelete,
  className,
}: {
  asset: MediaAsset;
  onDelete: (asset: MediaAsset) => void;
  className?: string;
}) {
  const inUse = useEditor((s) => isAssetInUse(s.timeline, asset.id));
  const blockedText =
    inUse && asset.resource_type !== 'video'
      ? asset.resource_type === 'image'
        ? MESSAGES.editor.imageInUse
        : MESSAGES.editor.assetInUse
      : null;
  return (
    <span className={clsx('group/delete relative', className)}>
      <button
        type="button"
        data-testid="delete-asset"
        aria-label={`Delete ${asset.title ?? asset.resource_type}`}
        aria-disabled={blockedText ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          if (blockedText) return;
          if (inUse) toast.error(MESSAGES.editor.videoInUse);
          else onDelete(asset);
        }}
        className={clsx(
          'rounded-full bg-white/90 p-1 shadow ring-1 ring-zinc-200',
          blockedText ? 'cursor-not-allowed text-zinc-300' : 'text-zinc-600 hover:text-red-600',
        )}
      >
        <Trash2 className="size-3.5" aria-hidden />
      </button>
      {blockedText ? (
        <span
          role="tooltip"
          className="pointer-events-none absolute top-full right-0 z-20 mt-1 hidden w-44 rounded-md bg-zinc-900 px-2 py-1 text-[11px] leading-snug text-white group-hover/delete:block"
        >
          {blockedText}
        </span>
      ) : null}
    </span>
  );
}

/** A video or picture of the library: its thumbnail, length, and delete button. */
export function VisualAssetTile({
  asset,
  onDelete,
}: {
  asset: MediaAsset;
  onDelete: (asset: MediaAsset) => void;
}) {
  const [failed, setFailed] = useState(false);
  const store = useEditorStore();
  const previewed = useEditor((s) => s.previewAssetId === asset.id);
  const source = asset.resource_type === 'image' ? asset.url : asset.thumbnail_url;
  const seconds = asset.metadata?.duration;
  return (
    <div
      draggable
      role="button"
      tabIndex={0}
      aria-pressed={previewed}
      data-testid="media-asset"
      data-asset-id={asset.id}
      data-asset-type={asset.resource_type}
      title={asset.title ?? asset.resource_type}
      onDragStart={(event) => startAssetDrag(event, asset)}
      // Selecting a resource previews it on the stage (spec 3 §2 "Centre stage").
      onClick={(event) => {
        if (event.target instanceof Element && event.target.closest('button')) return;
        store.getState().previewAsset(asset.id);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') store.getState().previewAsset(asset.id);
      }}
      className={`group relative aspect-video cursor-grab overflow-hidden rounded-lg bg-zinc-100 ring-1 hover:ring-brand-500 ${
        previewed ? 'ring-2 ring-brand-500' : 'ring-zinc-200'
      }`}
    >
      {source && !failed ? (
        <img
          src={source}
          alt={asset.title ?? ''}
          draggable={false}
          loading="lazy"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      ) : failed ? (
        <span className="flex h-full items-center justify-center text-xs text-zinc-500">
          {MESSAGES.editor.imageLoadFailed}
        </span>
      ) : (
        <Film className="m-auto mt-[18%] size-6 text-zinc-400" aria-hidden />
      )}
      {asset.resource_type === 'video' && seconds ? (
        <span className="absolute right-1 bottom-1 rounded bg-black/60 px-1 text-[10px] text-white tabular-nums">
          {formatFrames(seconds * 30, 30)}
        </span>
      ) : null}
      <DeleteAssetButton
        asset={asset}
        onDelete={onDelete}
        className="absolute top-1 right-1 opacity-0 group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100"
      />
    </div>
  );
}

/** A sound of the library: play preview with waveform, title, length, delete; dragged onto the timeline. */
export function AudioAssetRow({
  asset,
  onDelete,
}: {
  asset: MediaAsset;
  onDelete: (asset: MediaAsset) => void;
}) {
  const seconds = asset.metadata?.duration;
  const title = asset.title ?? 'Audio';
  return (
    <div
      draggable
      data-testid="media-asset"
      data-asset-id={asset.id}
      data-asset-type={asset.resource_type}
      onDragStart={(event) => startAssetDrag(event, asset)}
      className="group flex cursor-grab flex-col gap-1 rounded-lg px-2 py-1.5 text-sm text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-50 hover:ring-brand-500"
    >
      <span className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={title}>
          {title}
        </span>
        {seconds ? (
          <span className="text-xs text-zinc-500 tabular-nums">
            {formatFrames(seconds * 30, 30)}
          </span>
        ) : null}
        <DeleteAssetButton asset={asset} onDelete={onDelete} />
      </span>
      <AudioPreview url={asset.url} waveform={{ url: asset.url }} label={title} />
    </div>
  );
}
