import {
  isAcceptableThumbnail,
  LIBRARY_CONSTANTS,
  MESSAGES,
  THUMBNAIL_UPLOAD,
  type Story,
} from '@storyloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { Film, History, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { uploadImage } from '../lib/media-api';
import { queryKeys } from '../lib/query-keys';
import { patchStory } from '../lib/stories-api';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FramePickerDialog } from './frame-picker-dialog';

type ThumbnailSource = 'upload' | 'history' | 'frame' | 'restore';

/** The failure toast of each way of changing the thumbnail (spec 1 §8). */
function failureText(source: ThumbnailSource, error: unknown): string {
  if (source === 'history') return MESSAGES.thumbnail.historyFailed;
  if (source === 'frame') return MESSAGES.thumbnail.frameFailed;
  if (source === 'upload' && error instanceof Error && error.message) return error.message;
  return MESSAGES.thumbnail.updateFailed;
}

/**
 * 'Choose a Thumbnail (Optional)' (spec 1 §2, §5): a 169px box with the current thumbnail,
 * upload (png, jpeg, webp or gif up to 10 MB; the first file only), pick from history (the
 * last 10), pick a frame from the export, and 'Restore original thumbnail' when it differs.
 * Every change marks the thumbnail modified, except restoring the original.
 */
export function ThumbnailChooser({ story }: { story: Story }) {
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [frameOpen, setFrameOpen] = useState(false);
  const current = story.last_export_thumbnail_url;
  const original = story.original_thumbnail_url;
  const history = (story.metadata.thumbnail_history ?? []).slice(
    0,
    LIBRARY_CONSTANTS.historyPickMax,
  );

  const apply = async (source: ThumbnailSource, url: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const next = await url();
      await patchStory(story.id, {
        last_export_thumbnail_url: next,
        is_thumbnail_modified: source !== 'restore',
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
      toast.success(MESSAGES.story.updated);
      return true;
    } catch (error) {
      toast.error(failureText(source, error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const upload = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!isAcceptableThumbnail(file)) {
      toast.error(MESSAGES.thumbnail.invalidFile);
      return;
    }
    void apply('upload', () => uploadImage(file, file.name));
  };

  const pickFrame = () => {
    if (!story.last_export_url) {
      toast.error(MESSAGES.thumbnail.exportFirst);
      return;
    }
    setFrameOpen(true);
  };

  return (
    <section
      aria-labelledby={`thumbnail-${story.id}`}
      data-testid="thumbnail-chooser"
      className="flex flex-col gap-2 rounded-2xl border border-zinc-200 p-3"
      style={{ minHeight: LIBRARY_CONSTANTS.thumbnailBoxHeight }}
    >
      <h3 id={`thumbnail-${story.id}`} className="text-sm font-semibold text-zinc-900">
        {MESSAGES.thumbnail.title}
      </h3>
      <div className="flex gap-3">
        <div className="aspect-video w-2/5 shrink-0 overflow-hidden rounded-lg bg-zinc-100">
          {current ? (
            <img src={current} alt="Current thumbnail" className="size-full object-cover" />
          ) : (
            <span className="grid size-full place-items-center text-[10px] text-zinc-500">
              {MESSAGES.myStories.noPreview}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Button
            size="xs"
            variant="secondary"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <Upload className="size-3.5" aria-hidden />
            Upload
          </Button>
          <Button
            size="xs"
            variant="secondary"
            disabled={busy || history.length === 0}
            onClick={() => setHistoryOpen(true)}
          >
            <History className="size-3.5" aria-hidden />
            History
          </Button>
          <Button size="xs" variant="secondary" disabled={busy} onClick={pickFrame}>
            <Film className="size-3.5" aria-hidden />
            Pick frame
          </Button>
        </div>
      </div>
      {story.last_export_url ? null : (
        <p className="text-[11px] text-zinc-500">{MESSAGES.thumbnail.exportRequired}</p>
      )}
      {original && original !== current ? (
        <Button
          size="xs"
          variant="ghost"
          disabled={busy}
          onClick={() => void apply('restore', () => Promise.resolve(original))}
        >
          <RotateCcw className="size-3.5" aria-hidden />
          {MESSAGES.thumbnail.restoreOriginal}
        </Button>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        aria-label="Upload a thumbnail"
        accept={THUMBNAIL_UPLOAD.mimeTypes.join(',')}
        className="hidden"
        onChange={(event) => {
          upload(event.target.files);
          event.target.value = '';
        }}
      />
      <Dialog open={historyOpen} onOpenChange={setHistoryOpen} title="Earlier thumbnails">
        <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {history.map((url) => (
            <button
              key={url}
              type="button"
              aria-label="Use this thumbnail"
              disabled={busy}
              onClick={() =>
                void apply('history', () => Promise.resolve(url)).then(
                  (ok) => ok && setHistoryOpen(false),
                )
              }
              className="aspect-video overflow-hidden rounded-lg bg-zinc-100 hover:ring-2 hover:ring-brand-500"
            >
              <img src={url} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      </Dialog>
      {story.last_export_url ? (
        <FramePickerDialog
          open={frameOpen}
          onOpenChange={setFrameOpen}
          videoUrl={story.last_export_url}
          onPick={async (frame) => {
            const ok = await apply('frame', () => uploadImage(frame, `frame-${story.id}.jpg`));
            if (ok) setFrameOpen(false);
          }}
        />
      ) : null}
    </section>
  );
}
