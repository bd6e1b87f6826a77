import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor } from '../store/editor-context';
import { AudioAssetRow } from './media-tiles';
import type { MediaLibrary } from './use-media-library';

/** The Voiceover tab (spec 3 §2): the story's voice-over assets, each with a play preview. */
export function VoiceoverTab({ library, tiles }: { library: MediaLibrary; tiles: ReactNode }) {
  const voices = useEditor(
    useShallow((s) =>
      s.timeline.mediaAssets.filter(
        (asset) =>
          !asset.is_deleted && asset.resource_type === 'audio' && asset.subtype === 'voiceover',
      ),
    ),
  );
  return (
    <div className="flex flex-col gap-1.5" data-testid="voiceover-list">
      {tiles}
      {voices.length === 0 ? (
        <p className="p-4 text-center text-sm text-zinc-500">
          No voice-over yet. Drop an audio file here to add one.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5" aria-label="Voice-overs">
          {voices.map((asset) => (
            <li key={asset.id}>
              <AudioAssetRow asset={asset} onDelete={(a) => void library.remove(a)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
