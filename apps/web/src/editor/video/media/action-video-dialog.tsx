import {
  ACTION_VIDEO_MODEL,
  ACTION_VIDEO_RATIOS,
  ACTION_VIDEO_REFERENCE_SECONDS,
  DEFAULT_ACTION_VIDEO_RATIO,
  MESSAGES,
  workflowPollResponseSchema,
  type MediaAsset,
} from '@storyloom/core';
import { clsx } from 'clsx';
import { Film, Image as ImageIcon, Loader2 } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { requestJson } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { followWorkflow } from '../../../lib/follow-workflow';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { useEditor } from '../store/editor-context';
import { uploadMediaFile } from '../media-library-api';
import type { MediaLibrary } from './use-media-library';

/** A picture or clip chosen for the action video: from the story's media or just uploaded. */
interface Pick {
  url: string;
  thumbnail: string | null;
  duration?: number | undefined;
}

const RATIO_LABELS: Record<(typeof ACTION_VIDEO_RATIOS)[number], string> = {
  '1280:720': 'Landscape 16:9 (1280×720)',
  '720:1280': 'Portrait 9:16 (720×1280)',
  '960:960': 'Square 1:1 (960×960)',
  '1104:832': 'Landscape 4:3 (1104×832)',
  '832:1104': 'Portrait 3:4 (832×1104)',
  '1584:672': 'Cinema 21:9 (1584×672)',
};

const absolute = (url: string) => new URL(url, window.location.origin).toString();

/** A video's length and size, read by the browser from its metadata. */
function videoMetadata(url: string): Promise<{ duration: number; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () =>
      resolve({ duration: video.duration, width: video.videoWidth, height: video.videoHeight });
    video.onerror = () => reject(new Error(MESSAGES.editor.actionVideoFailed));
    video.src = url;
  });
}

const inReferenceRange = (seconds: number | undefined) =>
  seconds !== undefined &&
  seconds >= ACTION_VIDEO_REFERENCE_SECONDS.min &&
  seconds <= ACTION_VIDEO_REFERENCE_SECONDS.max;

/**
 * The action video (spec 3 §3, §5): a character picture moved after a reference video (3–30 s)
 * by `POST /action-video/create`; the run's progress shows while it works, and the finished
 * clip joins the story's videos, ready to be dragged onto the timeline.
 */
export function ActionVideoDialog({
  open,
  onOpenChange,
  library,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  library: MediaLibrary;
}) {
  const assets = useEditor((s) => s.timeline.mediaAssets);
  const images = assets.filter((asset) => !asset.is_deleted && asset.resource_type === 'image');
  const videos = assets.filter(
    (asset) =>
      !asset.is_deleted &&
      asset.resource_type === 'video' &&
      inReferenceRange(asset.metadata?.duration),
  );
  const [character, setCharacter] = useState<Pick | null>(null);
  const [reference, setReference] = useState<Pick | null>(null);
  const [ratio, setRatio] = useState<string>(DEFAULT_ACTION_VIDEO_RATIO);
  const [intensity, setIntensity] = useState(3);
  const [uploading, setUploading] = useState<'character' | 'reference' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const characterInput = useRef<HTMLInputElement>(null);
  const referenceInput = useRef<HTMLInputElement>(null);
  const busy = uploading !== null || progress !== null;

  async function upload(event: ChangeEvent<HTMLInputElement>, role: 'character' | 'reference') {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setUploading(role);
    try {
      const answer = await uploadMediaFile(file, { onProgress: () => {}, onSent: () => {} });
      const expected = role === 'character' ? 'image' : 'video';
      if (answer.resource_type !== expected)
        throw new Error(
          role === 'character' ? MESSAGES.editor.invalidMediaUrl : MESSAGES.editor.referenceType,
        );
      if (role === 'reference' && !inReferenceRange(answer.metadata.duration))
        throw new Error(MESSAGES.editor.referenceDuration);
      const pick: Pick = {
        url: answer.url,
        thumbnail: role === 'character' ? answer.url : answer.thumbnail_url,
        duration: answer.metadata.duration,
      };
      if (role === 'character') setCharacter(pick);
      else setReference(pick);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : MESSAGES.editor.fileUploadFailed);
    } finally {
      setUploading(null);
    }
  }

  async function create() {
    if (!character || !reference) return;
    setError(null);
    setProgress(0);
    try {
      const { workflowRunId } = await requestJson(
        '/action-video/create',
        z.object({ workflowRunId: z.string() }),
        {
          method: 'POST',
          body: {
            characterUrl: absolute(character.url),
            characterType: 'image',
            referenceUrl: absolute(reference.url),
            referenceType: 'video',
            model: ACTION_VIDEO_MODEL,
            ratio,
            expressionIntensity: intensity,
          },
        },
      );
      const last = await followWorkflow(workflowRunId, (update) => {
        if (update.progress !== undefined) setProgress(update.progress);
      });
      if (last.status !== 'completed' && last.status !== 'RUN_SUCCESS')
        throw new Error(last.error || MESSAGES.editor.actionVideoFailed);
      const result = await requestJson('/stories/workflow/status', workflowPollResponseSchema, {
        method: 'POST',
        body: { workflowRunIds: [workflowRunId] },
      });
      const url = result.output.url;
      if (!url) throw new Error(MESSAGES.editor.actionVideoFailed);
      const asset: MediaAsset = {
        id: workflowRunId,
        title: 'Action video',
        url,
        resource_type: 'video',
        source: 'generated',
        metadata: await videoMetadata(url),
        configs: { model: ACTION_VIDEO_MODEL },
      };
      await library.addCopies([asset]);
      toast.success('Action video added to your videos');
      onOpenChange(false);
      setCharacter(null);
      setReference(null);
    } catch (cause) {
      const message =
        cause instanceof ApiError || cause instanceof Error
          ? cause.message
          : MESSAGES.editor.actionVideoFailed;
      setError(message);
      toast.error(message);
    } finally {
      setProgress(null);
    }
  }

  const tile = (selected: boolean) =>
    clsx(
      'relative aspect-video overflow-hidden rounded-lg bg-zinc-100 ring-2',
      selected ? 'ring-brand-600' : 'ring-transparent hover:ring-zinc-300',
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title="Action video"
      description="Move a character picture the way a person moves in a reference video."
      size="lg"
    >
      <div className="mt-4 flex flex-col gap-5 text-sm">
        <section aria-labelledby="action-character" className="flex flex-col gap-2">
          <h3 id="action-character" className="font-medium text-zinc-900">
            Character picture
          </h3>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {images.map((asset) => (
              <button
                key={asset.id}
                type="button"
                aria-pressed={character?.url === asset.url}
                aria-label={asset.title ?? 'Picture'}
                className={tile(character?.url === asset.url)}
                onClick={() => setCharacter({ url: asset.url, thumbnail: asset.url })}
              >
                <img src={asset.url} alt="" className="h-full w-full object-cover" />
              </button>
            ))}
            {character && !images.some((asset) => asset.url === character.url) ? (
              <div className={tile(true)}>
                <img
                  src={character.thumbnail ?? ''}
                  alt="Uploaded picture"
                  className="h-full w-full object-cover"
                />
              </div>
            ) : null}
            <UploadButton
              label="Upload a picture"
              busy={uploading === 'character'}
              disabled={busy}
              Icon={ImageIcon}
              onClick={() => characterInput.current?.click()}
            />
          </div>
          <input
            ref={characterInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            data-testid="action-character-file"
            onChange={(event) => void upload(event, 'character')}
          />
        </section>

        <section aria-labelledby="action-reference" className="flex flex-col gap-2">
          <h3 id="action-reference" className="font-medium text-zinc-900">
            Reference video{' '}
            <span className="font-normal text-zinc-500">
              ({ACTION_VIDEO_REFERENCE_SECONDS.min}–{ACTION_VIDEO_REFERENCE_SECONDS.max} seconds)
            </span>
          </h3>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {videos.map((asset) => (
              <button
                key={asset.id}
                type="button"
                aria-pressed={reference?.url === asset.url}
                aria-label={asset.title ?? 'Video'}
                className={tile(reference?.url === asset.url)}
                onClick={() =>
                  setReference({
                    url: asset.url,
                    thumbnail: asset.thumbnail_url ?? null,
                    duration: asset.metadata?.duration,
                  })
                }
              >
                {asset.thumbnail_url ? (
                  <img src={asset.thumbnail_url} alt="" className="h-full w-full object-cover" />
                ) : (
                  <Film className="m-auto size-6 text-zinc-400" aria-hidden />
                )}
              </button>
            ))}
            {reference && !videos.some((asset) => asset.url === reference.url) ? (
              <div className={tile(true)} data-testid="action-reference-picked">
                {reference.thumbnail ? (
                  <img
                    src={reference.thumbnail}
                    alt="Uploaded video"
                    className="h-full w-full object-cover"
                  />
                ) : (
                  <Film className="m-auto size-6 text-zinc-400" aria-hidden />
                )}
              </div>
            ) : null}
            <UploadButton
              label="Upload a video"
              busy={uploading === 'reference'}
              disabled={busy}
              Icon={Film}
              onClick={() => referenceInput.current?.click()}
            />
          </div>
          <input
            ref={referenceInput}
            type="file"
            accept="video/mp4,video/webm,video/ogg,video/quicktime"
            className="sr-only"
            data-testid="action-reference-file"
            onChange={(event) => void upload(event, 'reference')}
          />
        </section>

        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="font-medium text-zinc-900">Video size</span>
            <select
              value={ratio}
              disabled={busy}
              onChange={(event) => setRatio(event.target.value)}
              className="rounded-lg border border-zinc-300 px-3 py-2"
            >
              {ACTION_VIDEO_RATIOS.map((value) => (
                <option key={value} value={value}>
                  {RATIO_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="flex justify-between font-medium text-zinc-900">
              Expression intensity
              <output className="tabular-nums text-zinc-600">{intensity}</output>
            </span>
            <input
              type="range"
              min={1}
              max={5}
              step={1}
              value={intensity}
              disabled={busy}
              onChange={(event) => setIntensity(Number(event.target.value))}
              className="accent-brand-600"
            />
          </label>
        </div>

        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
            {error}
          </p>
        ) : null}

        <div className="flex items-center justify-end gap-3">
          {progress !== null ? (
            <div className="flex flex-1 items-center gap-2" aria-live="polite">
              <div
                role="progressbar"
                aria-label="Action video progress"
                aria-valuenow={Math.round(progress)}
                aria-valuemin={0}
                aria-valuemax={100}
                className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100"
              >
                <div
                  className="h-full bg-brand-600 transition-[width]"
                  style={{ width: `${Math.max(4, progress)}%` }}
                />
              </div>
              <span className="tabular-nums text-zinc-600">{Math.round(progress)}%</span>
            </div>
          ) : null}
          <Button disabled={!character || !reference || busy} onClick={() => void create()}>
            {progress !== null ? 'Creating…' : 'Create action video'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function UploadButton({
  label,
  busy,
  disabled,
  Icon,
  onClick,
}: {
  label: string;
  busy: boolean;
  disabled: boolean;
  Icon: typeof Film;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onClick}
      className="flex aspect-video flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-zinc-300 text-xs text-zinc-600 hover:bg-zinc-50 disabled:opacity-50"
    >
      {busy ? (
        <Loader2 className="size-5 animate-spin" aria-hidden />
      ) : (
        <Icon className="size-5" aria-hidden />
      )}
      {label}
    </button>
  );
}
