import {
  MESSAGES,
  SHOT_PROMPT_MAX,
  shotRegenerateCredits,
  type MediaAsset,
  type ShotMediaType,
  type TimelineItem,
} from '@storyloom/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { LoaderCircle, Sparkles, TriangleAlert } from 'lucide-react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { fetchGenerationProviders } from '../../../create/explainer/explainer-api';
import { fetchStory } from '../../../lib/stories-api';
import { useStory } from '../../../story/use-story';
import { Button } from '../../../ui/button';
import { fetchShotResources, regenerateShot } from '../../shots/shots-api';
import { shotResourcesKey, useShotRuns, type ShotRun } from '../../shots/use-shot-runs';
import { useEditor, useEditorStore } from '../store/editor-context';

type ShotRuns = ReturnType<typeof useShotRuns>;
const ShotRunsContext = createContext<ShotRuns | null>(null);

/**
 * The shot generations of the open editor, kept while the selection changes: a finished run's
 * new media is fetched with the story and made active in the editor (the timeline rebuilds);
 * the story version that holds it becomes the base of the next sync.
 */
export function ShotGenerationProvider(props: { storyId: string; children: ReactNode }) {
  const store = useEditorStore();
  const runs = useShotRuns(props.storyId, (run) => {
    if (run.status !== 'completed') return;
    void fetchStory(props.storyId).then((story) => {
      const assets = story.video_editor_timeline?.mediaAssets ?? [];
      const made: MediaAsset[] = [];
      for (const shotId of run.shotIds ?? Object.keys(story.storyboard?.shots_map ?? {})) {
        const shot = story.storyboard?.shots_map[shotId];
        if (!shot) continue;
        for (const id of [
          run.mediaTypes.includes('image') ? shot.active_image_id : null,
          run.mediaTypes.includes('video') ? shot.active_video_id : null,
          run.mediaTypes.includes('voiceover') ? shot.active_voice_over_audio_id : null,
        ]) {
          const asset = id ? assets.find((candidate) => candidate.id === id) : undefined;
          if (asset) made.push(asset);
        }
      }
      if (made.length > 0)
        store.getState().setShotMedia(made, { serverVersion: story.version ?? 0 });
    });
  });
  return <ShotRunsContext.Provider value={runs}>{props.children}</ShotRunsContext.Provider>;
}

function useRuns(): ShotRuns {
  const runs = useContext(ShotRunsContext);
  if (!runs) throw new Error('The shot generation provider is missing');
  return runs;
}

type Tab = 'script' | 'image' | 'video';
const TAB_LABELS: Record<Tab, string> = { script: 'Script', image: 'Still Image', video: 'Video' };
const TAB_MEDIA: Record<Tab, ShotMediaType> = {
  script: 'voiceover',
  image: 'image',
  video: 'video',
};

/** When an asset was made, for comparing a shot's image with its video (0 when unknown). */
const madeAt = (asset: MediaAsset | undefined) =>
  asset?.created_at ? Date.parse(asset.created_at) : 0;

/**
 * The shot editor of the property pane (spec 3 §2, §4) for an image, video or voice-over item:
 * tabs Script (script_to_video stories only), Still Image and Video; the prompt; the shot's
 * resources as thumbnails with their status (selecting one makes it active: the timeline
 * rebuilds, playback stops, the shot syncs); Retry / Create with its credits; 'Image Updated.
 * Create matching clip?' when the picture is newer than the clip; 'Uploaded' for uploaded
 * shots, which have no generation.
 */
export function ShotEditor({ item }: { item: TimelineItem }) {
  const store = useEditorStore();
  const storyId = useEditor((s) => s.storyId);
  const shotId = item.shotId ?? '';
  const shot = useEditor((s) => s.shotsMap[shotId]);
  const timelineAssets = useEditor((s) => s.timeline.mediaAssets);
  const story = useStory(storyId).data;
  const runs = useRuns();
  const queryClient = useQueryClient();
  const hasScript = story?.category_id === 'script_to_video';
  const tabs: Tab[] = hasScript ? ['script', 'image', 'video'] : ['image', 'video'];
  const [tab, setTab] = useState<Tab>(
    item.type === 'video' ? 'video' : item.type === 'audio' && hasScript ? 'script' : 'image',
  );
  const resources = useQuery({
    queryKey: shotResourcesKey(storyId, shotId),
    queryFn: () => fetchShotResources(storyId, shotId),
    enabled: Boolean(shot),
  });
  const providers = useQuery({
    queryKey: ['generation-providers'],
    queryFn: fetchGenerationProviders,
    staleTime: Infinity,
  });
  // Refreshed thumbnails whenever a run of this shot ends.
  const run = runs.statusOf(shotId, TAB_MEDIA[tab]);
  useEffect(() => {
    if (run?.status === 'completed' || run?.status === 'failed')
      void queryClient.invalidateQueries({ queryKey: shotResourcesKey(storyId, shotId) });
  }, [run?.status, queryClient, storyId, shotId]);

  if (!shot) return <p className="text-zinc-500">{MESSAGES.editor.shotNotFound(shotId)}</p>;

  // The server's resources and the ones this editor holds (e.g. made since it loaded).
  const byId = new Map<string, MediaAsset>();
  for (const asset of [
    ...(resources.data?.images ?? []),
    ...(resources.data?.videos ?? []),
    ...(resources.data?.audio ?? []),
    ...timelineAssets.filter((asset) => asset.shot_id === shotId),
  ])
    byId.set(asset.id, asset);
  const all = [...byId.values()];
  const kind = tab === 'image' ? 'image' : tab === 'video' ? 'video' : 'audio';
  const list = all.filter((asset) => asset.resource_type === kind);
  const activeId =
    tab === 'image'
      ? shot.active_image_id
      : tab === 'video'
        ? shot.active_video_id
        : shot.active_voice_over_audio_id;
  const activeImage = byId.get(shot.active_image_id ?? '');
  const activeVideo = byId.get(shot.active_video_id ?? '');
  const imageNewer =
    tab === 'video' && activeImage && activeVideo && madeAt(activeImage) > madeAt(activeVideo);
  const busy = run?.status === 'pending' || run?.status === 'generating';
  const mediaType = TAB_MEDIA[tab];
  const credits = shotRegenerateCredits({
    mediaTypes: [mediaType],
    advancedSettings: story?.advanced_settings,
    videoProvider: providers.data?.video ?? '',
  });
  const promptField =
    tab === 'image' ? 'image_prompt' : tab === 'video' ? 'video_prompt' : 'script';
  const prompt = shot[promptField] ?? '';

  async function generate() {
    try {
      const current = store.getState().shotsMap[shotId];
      const text = current?.[promptField] ?? '';
      const { workflowRunId } = await regenerateShot(storyId, shotId, {
        media_types: [mediaType],
        ...(tab === 'image' && text ? { image_prompt: text } : {}),
        ...(tab === 'video' && text ? { video_prompt: text } : {}),
        ...(tab === 'script' && text.trim() ? { voice_over: text } : {}),
      });
      runs.add({ workflowRunId, shotIds: [shotId], mediaTypes: [mediaType] });
    } catch (failure) {
      toast.error(
        MESSAGES.story.error(failure instanceof Error ? failure.message : String(failure)),
      );
    }
  }

  const uploaded = shot.shot_type === 'uploaded_video' || shot.shot_type === 'uploaded_image';
  if (uploaded)
    return (
      <div className="flex flex-col gap-3" data-testid="shot-editor">
        {shot.shot_type === 'uploaded_video' ? (
          <>
            <span className="w-fit rounded-full bg-zinc-900 px-2 py-0.5 text-xs font-medium text-white">
              {MESSAGES.editor.uploaded}
            </span>
            {shot.active_video_url ? (
              <video src={shot.active_video_url} controls muted className="w-full rounded-lg" />
            ) : null}
          </>
        ) : shot.active_image_url ? (
          <img src={shot.active_image_url} alt="" className="w-full rounded-lg" />
        ) : null}
      </div>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="shot-editor">
      <div role="tablist" aria-label="Shot media" className="flex rounded-full bg-zinc-100 p-0.5">
        {tabs.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            aria-selected={tab === candidate}
            onClick={() => setTab(candidate)}
            className={clsx(
              'flex-1 rounded-full px-2 py-1 text-xs font-medium',
              tab === candidate ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-600',
            )}
          >
            {TAB_LABELS[candidate]}
          </button>
        ))}
      </div>
      <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600">
        {tab === 'script' ? 'Script' : tab === 'image' ? 'Image prompt' : 'Video prompt'}
        <textarea
          key={`${shotId}-${tab}`}
          aria-label={
            tab === 'script' ? 'Script' : tab === 'image' ? 'Image prompt' : 'Video prompt'
          }
          defaultValue={prompt}
          rows={4}
          maxLength={SHOT_PROMPT_MAX}
          onBlur={(event) => {
            if (event.target.value !== prompt)
              store.getState().updateShotFields(shotId, { [promptField]: event.target.value });
          }}
          className="resize-y rounded-lg border border-zinc-200 px-2 py-1.5 text-sm font-normal text-zinc-900 focus:border-brand-500 focus:outline-none"
        />
      </label>
      {imageNewer ? (
        <p
          data-testid="image-updated"
          className="flex items-center gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-800"
        >
          <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
          {MESSAGES.editor.imageUpdated}
        </p>
      ) : null}
      <Button
        size="sm"
        disabled={busy}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          // A prompt being typed counts: leave the field first.
          (document.activeElement as HTMLElement | null)?.blur();
          void generate();
        }}
      >
        <Sparkles className="size-4" aria-hidden />
        {activeId ? MESSAGES.editor.retry : MESSAGES.editor.create} · {credits} credits
      </Button>
      <ul aria-label="Generated media" className="grid grid-cols-2 gap-2">
        {busy || run?.status === 'failed' ? <PendingTile run={run} /> : null}
        {list
          .slice()
          .reverse()
          .map((asset) => (
            <li key={asset.id}>
              <button
                type="button"
                data-testid="shot-resource"
                data-asset-id={asset.id}
                aria-pressed={asset.id === activeId}
                onClick={() => {
                  if (asset.id !== activeId) store.getState().setShotMedia([asset]);
                }}
                className={clsx(
                  'relative block aspect-video w-full overflow-hidden rounded-lg border-2 bg-zinc-100',
                  asset.id === activeId ? 'border-brand-600' : 'border-transparent',
                )}
              >
                {asset.resource_type === 'image' ? (
                  <img
                    src={asset.thumbnail_url ?? asset.url}
                    alt=""
                    className="size-full object-cover"
                  />
                ) : asset.resource_type === 'video' ? (
                  <video
                    src={asset.url}
                    muted
                    preload="metadata"
                    className="size-full object-cover"
                  />
                ) : (
                  <span className="flex size-full items-center justify-center text-xs text-zinc-600">
                    {asset.title ?? 'Voice-over'}
                  </span>
                )}
                <span className="absolute right-1 bottom-1 rounded bg-white/85 px-1 text-[10px] font-medium text-zinc-700">
                  {asset.id === activeId ? 'Active' : 'completed'}
                </span>
              </button>
            </li>
          ))}
        {list.length === 0 && !busy ? (
          <li className="col-span-2 text-xs text-zinc-500">Nothing generated yet.</li>
        ) : null}
      </ul>
    </div>
  );
}

/** The tile of a generation under way (or failed, with the spec's overlay text). */
function PendingTile({ run }: { run: ShotRun | undefined }) {
  const failed = run?.status === 'failed';
  return (
    <li
      data-testid="shot-resource-pending"
      data-status={run?.status}
      className={clsx(
        'flex aspect-video flex-col items-center justify-center gap-1 rounded-lg p-1 text-center text-[10px]',
        failed ? 'bg-red-50 text-red-700' : 'bg-brand-50 text-brand-700',
      )}
      title={failed ? MESSAGES.editor.failedShotOverlay : undefined}
    >
      {failed ? (
        <>
          <TriangleAlert className="size-4" aria-hidden />
          {MESSAGES.editor.failedShotStatus}
        </>
      ) : (
        <>
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {run?.status === 'pending' ? 'pending' : 'generating'}
        </>
      )}
    </li>
  );
}
