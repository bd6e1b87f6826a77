import { MESSAGES, type MediaAsset, type UploadKind } from '@storyloom/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { EditorStore } from '../store/editor-store';
import {
  createMediaResource,
  deleteMediaResources,
  listMediaResources,
  resourceOf,
  uploadMediaFile,
  UploadError,
  type UploadAnswer,
} from '../media-library-api';

/** An upload in the media pane (spec 3 §3 "Uploading asset"). */
export interface UploadingAsset {
  id: string;
  fileName: string;
  type: UploadKind;
  subtype: 'music' | 'voiceover' | null;
  /** 0–100, of the bytes sent. */
  progress: number;
  status: 'uploading' | 'processing' | 'completed' | 'error';
  fileSize: number;
  created_at: string;
  error?: string;
}

/** How long a finished upload's tile stays before the asset alone shows. */
const COMPLETED_TILE_MS = 1500;

function assetOfUpload(
  id: string,
  file: File,
  answer: UploadAnswer,
  subtype: 'music' | 'voiceover' | null,
): MediaAsset {
  const now = new Date().toISOString();
  return {
    id,
    title: file.name.slice(0, 500),
    url: answer.url,
    thumbnail_url: answer.thumbnail_url,
    resource_type: answer.resource_type,
    ...(answer.resource_type === 'audio' ? { subtype: subtype ?? 'music' } : {}),
    source: 'user_upload',
    is_deleted: false,
    created_at: now,
    updated_at: now,
    metadata: answer.metadata,
  };
}

/**
 * The story's media library as the pane uses it: uploads with their tiles, assets added at once
 * and taken back with 'Failed to add media asset' when the server refuses, removals put back
 * with 'Failed to remove media asset', and assets in use kept with the spec's texts.
 */
export function useMediaLibrary(store: EditorStore) {
  const [uploads, setUploads] = useState<UploadingAsset[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const storyId = store.getState().storyId;

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // Resources the server holds that this timeline lacks (e.g. added just before a reload whose
  // sync did not finish) join the library.
  useEffect(() => {
    let live = true;
    listMediaResources(storyId).then(
      (resources) => {
        if (!live) return;
        const known = new Set(store.getState().timeline.mediaAssets.map((asset) => asset.id));
        for (const asset of resources)
          if (!known.has(asset.id)) store.getState().addMediaAsset(asset);
      },
      (error: unknown) => console.warn('media resources not loaded', error),
    );
    return () => {
      live = false;
    };
  }, [store, storyId]);

  const patch = useCallback((id: string, change: Partial<UploadingAsset>) => {
    setUploads((current) =>
      current.map((tile) => (tile.id === id ? { ...tile, ...change } : tile)),
    );
  }, []);

  /** Adds an asset at once and confirms it with the server; taken back when refused. */
  const addAsset = useCallback(
    async (asset: MediaAsset): Promise<boolean> => {
      store.getState().addMediaAsset(asset);
      try {
        const stored = await createMediaResource(storyId, resourceOf(asset, asset.id));
        store.getState().addMediaAsset({ ...asset, ...stored });
        return true;
      } catch (error) {
        console.warn(error);
        store.getState().removeMediaAsset(asset.id);
        toast.error(MESSAGES.editor.addAssetFailed);
        return false;
      }
    },
    [store, storyId],
  );

  const upload = useCallback(
    (
      file: File,
      kind: UploadKind,
      subtype: 'music' | 'voiceover' | null,
      options: {
        /** Called once: with the asset in the library, or null when the upload failed. */
        onDone?: (asset: MediaAsset | null) => void;
      } = {},
    ) => {
      const id = crypto.randomUUID();
      setUploads((current) => [
        ...current,
        {
          id,
          fileName: file.name,
          type: kind,
          subtype,
          progress: 0,
          status: 'uploading',
          fileSize: file.size,
          created_at: new Date().toISOString(),
        },
      ]);
      void (async () => {
        try {
          const answer = await uploadMediaFile(file, {
            onProgress: (sent, total) =>
              patch(id, { progress: Math.min(100, Math.round((sent / total) * 100)) }),
            onSent: () => patch(id, { progress: 100, status: 'processing' }),
          });
          const asset = assetOfUpload(crypto.randomUUID(), file, answer, subtype);
          const added = await addAsset(asset);
          if (!added) throw new UploadError(MESSAGES.editor.uploadAndSaveFailed);
          patch(id, { status: 'completed', progress: 100 });
          options.onDone?.(asset);
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            setUploads((current) => current.filter((tile) => tile.id !== id));
          }, COMPLETED_TILE_MS);
          timers.current.add(timer);
        } catch (error) {
          patch(id, {
            status: 'error',
            error: error instanceof Error && error.message ? error.message : undefined,
          });
          options.onDone?.(null);
        }
      })();
    },
    [addAsset, patch],
  );

  const dismiss = useCallback((id: string) => {
    setUploads((current) => current.filter((tile) => tile.id !== id));
  }, []);

  /** Adds earlier uploads or library media to this story, each as a new asset. */
  const addCopies = useCallback(
    async (assets: readonly MediaAsset[]) => {
      await Promise.all(
        assets.map((asset) => {
          const now = new Date().toISOString();
          return addAsset({
            ...asset,
            id: crypto.randomUUID(),
            is_deleted: false,
            created_at: now,
            updated_at: now,
          });
        }),
      );
    },
    [addAsset],
  );

  /**
   * Deletes an asset: refused with the spec's text while the timeline uses it; otherwise gone at
   * once and put back with 'Failed to remove media asset' when the server refuses.
   */
  const remove = useCallback(
    async (asset: MediaAsset): Promise<string | null> => {
      const removed = store.getState().removeMediaAsset(asset.id);
      if (!removed.ok) return removed.message;
      try {
        await deleteMediaResources(storyId, [asset.id]);
      } catch (error) {
        console.warn(error);
        store.getState().addMediaAsset(asset);
        toast.error(MESSAGES.editor.removeAssetFailed);
      }
      return null;
    },
    [store, storyId],
  );

  return { uploads, upload, dismiss, addCopies, remove };
}

export type MediaLibrary = ReturnType<typeof useMediaLibrary>;

/** The editor's one media library, shared by the media pane and the timeline's file drop. */
export const MediaLibraryContext = createContext<MediaLibrary | null>(null);

export function useSharedMediaLibrary(): MediaLibrary {
  const library = useContext(MediaLibraryContext);
  if (!library) throw new Error('The media library is missing');
  return library;
}
