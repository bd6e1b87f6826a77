import {
  BRAND_NAME,
  EXPORT_ACTION_DELAY_MS,
  exportExtraStepsFor,
  exportFileName,
  isStoryOwner,
  isWorkflowFailure,
  MESSAGES,
  sanitizeFileTitle,
  shareIntentUrl,
  sharePayload,
  type ContestId,
  type ShareAction,
  type SharePlatform,
  type Story,
} from '@storyloom/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signInPath } from '../auth/callback-url';
import { useCurrentUser } from '../auth/use-current-user';
import { ApiError, apiErrorFromBody } from '../lib/api-error';
import { followWorkflow } from '../lib/follow-workflow';
import { queryKeys } from '../lib/query-keys';
import { fetchStory, patchStory, startExport } from '../lib/stories-api';
import { copyText } from './copy-text';
import { exportPlan, shareActionVerb, shareLink } from './share-rules';
import { recordStoryEvent, trackEvent } from '../lib/tracking';

/** What the export progress overlay shows; null when it is closed. */
export interface ExportOverlayState {
  phase: 'running' | 'downloading' | 'complete' | 'failed';
  /** The workflow status so far; null until it is known. */
  status: string | null;
  error?: string | undefined;
}

export interface ShareRunOptions {
  /** The Remove Watermark toggle. */
  removeWatermark: boolean;
  /** The toggle differs from its initial value, which makes the last export outdated. */
  watermarkChanged: boolean;
  /** generate_link only: open this platform's share page with the link. */
  platform?: SharePlatform;
  /** publish only: the contests to enter. */
  contests?: ContestId[];
}

export type ShareBusy = ShareAction | 'unpublish' | 'platform' | null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

async function fetchVideo(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/**
 * The share action flow of spec 1 §4 for one story: download, generate (and copy or share)
 * the link, publish, and the native share paths. A valid export is reused; otherwise the
 * owner's story is exported first (with remove_watermark and the action's extra step), the
 * run is followed over the status stream with the progress overlay, and after it completes
 * a 1-second delay precedes the action and the story queries are refreshed. A tab opened
 * for the action is closed when the export fails. Signed-out users go to sign in and come
 * back to the current address.
 */
export function useShareFlow(story: Story) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [overlay, setOverlay] = useState<ExportOverlayState | null>(null);
  const [busy, setBusy] = useState<ShareBusy>(null);
  const [restricted, setRestricted] = useState(false);
  const userId = user?.id ?? null;
  const owner = isStoryOwner(story, userId);

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.stories.all }),
    [queryClient],
  );

  /** Exports the story and follows the run; the fresh story, or null after a failure. */
  const exportStory = useCallback(
    async (action: ShareAction, removeWatermark: boolean): Promise<Story | null> => {
      setOverlay({ phase: 'running', status: null });
      const fail = (message: string | undefined) => {
        setOverlay({ phase: 'failed', status: 'failed', error: message });
        setTimeout(() => {
          setOverlay(null);
          toast.error(MESSAGES.share.actionFailed(shareActionVerb(action)));
        }, EXPORT_ACTION_DELAY_MS);
        return null;
      };
      try {
        const { workflowRunId } = await startExport({
          story_id: story.id,
          remove_watermark: removeWatermark,
          extra_steps: exportExtraStepsFor(action),
        });
        const last = await followWorkflow(workflowRunId, (update) =>
          setOverlay((current) =>
            current?.phase === 'running' ? { ...current, status: update.status } : current,
          ),
        );
        if (isWorkflowFailure(last.status) || last.status === 'RUN_CANCELED') {
          return fail(last.status === 'RUN_CANCELED' ? MESSAGES.workflow.canceled : last.error);
        }
        setOverlay({ phase: 'complete', status: 'completed' });
        await sleep(EXPORT_ACTION_DELAY_MS);
        await refresh();
        return last.story ?? (await fetchStory(story.id));
      } catch (error) {
        return fail(error instanceof Error ? error.message : undefined);
      }
    },
    [story.id, refresh],
  );

  /** The video to act on: reused, the last one, or a new export; null when there is none. */
  const videoFor = useCallback(
    async (action: ShareAction, options: ShareRunOptions): Promise<Story | null> => {
      const plan = exportPlan({ story, userId, watermarkChanged: options.watermarkChanged });
      if (plan.kind === 'none') {
        toast.error(MESSAGES.share.noVideo);
        return null;
      }
      if (plan.kind !== 'export') return story;
      return exportStory(action, options.removeWatermark);
    },
    [story, userId, exportStory],
  );

  const download = useCallback(
    async (options: ShareRunOptions) => {
      const current = await videoFor('download', options);
      if (!current) return;
      if (!current.last_export_url) {
        setOverlay(null);
        toast.error(MESSAGES.share.noVideo);
        return;
      }
      setOverlay({ phase: 'downloading', status: 'completed' });
      try {
        saveBlob(
          await fetchVideo(current.last_export_url),
          exportFileName(current.id, current.title),
        );
        recordStoryEvent(current.id, 'download');
      } catch {
        toast.error(MESSAGES.share.downloadFailed);
      } finally {
        setOverlay(null);
      }
    },
    [videoFor],
  );

  const generateLink = useCallback(
    async (action: ShareAction, options: ShareRunOptions, tab: Window | null) => {
      let current: Story | null = story;
      if (owner) {
        // The owner's link shows the latest export; others share the story as it is.
        current = await videoFor(action, options);
        if (!current) {
          tab?.close();
          return;
        }
        if (!current.is_public && !current.is_published) {
          try {
            current = await patchStory(story.id, { is_public: true });
            await refresh();
          } catch {
            tab?.close();
            toast.error(MESSAGES.share.actionFailed(shareActionVerb(action)));
            return;
          }
        }
      }
      const url = shareLink(window.location.origin, story.id);
      const payload = sharePayload({ title: current.title, url });
      if (options.platform) {
        const intent = shareIntentUrl(options.platform, { title: payload.text, url });
        if (tab) tab.location.href = intent;
        else window.open(intent, '_blank', 'noopener');
        return;
      }
      if (action === 'share_link_native') {
        try {
          await navigator.share({ title: payload.title, text: payload.text, url });
        } catch (error) {
          if (!(error instanceof DOMException && error.name === 'AbortError'))
            toast.warning(MESSAGES.share.nativeShareUnavailable);
        }
        return;
      }
      const copied = await copyText(url);
      if (copied === 'copied') toast.success(MESSAGES.share.linkCopied);
      else if (copied === 'failed') toast.error(MESSAGES.share.copyFailed);
      else toast.error(MESSAGES.share.copyFailedManual);
    },
    [story, owner, videoFor, refresh],
  );

  const shareFile = useCallback(
    async (options: ShareRunOptions) => {
      const current = await videoFor('share_file_native', options);
      if (!current) return;
      if (!current.last_export_url) {
        setOverlay(null);
        toast.error(MESSAGES.share.noVideo);
        return;
      }
      try {
        setOverlay({ phase: 'downloading', status: 'completed' });
        const blob = await fetchVideo(current.last_export_url);
        setOverlay(null);
        const file = new File([blob], exportFileName(current.id, current.title), {
          type: 'video/mp4',
        });
        const payload = sharePayload({ title: current.title });
        if (!navigator.canShare?.({ files: [file] })) throw new Error('unsupported');
        await navigator.share({ title: payload.title, text: payload.text, files: [file] });
      } catch (error) {
        setOverlay(null);
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast.warning(MESSAGES.share.nativeShareUnavailable);
      }
    },
    [videoFor],
  );

  const publish = useCallback(
    async (options: ShareRunOptions) => {
      const current = await videoFor('publish', options);
      if (!current) return;
      try {
        await patchStory(story.id, {
          is_published: true,
          last_export_thumbnail_url: current.last_export_thumbnail_url,
          is_thumbnail_modified: current.is_thumbnail_modified,
          contests: options.contests ?? [],
        });
        toast.success(MESSAGES.share.published);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'COMMUNITY_CONTENT_MODERATION')
          setRestricted(true);
        else toast.error(MESSAGES.share.publishFailed);
      } finally {
        await refresh();
      }
    },
    [story.id, videoFor, refresh],
  );

  const unpublish = useCallback(async () => {
    setBusy('unpublish');
    try {
      await patchStory(story.id, { is_published: false });
      toast.success(MESSAGES.share.unpublished);
    } catch {
      toast.error(MESSAGES.share.publishFailed);
    } finally {
      setBusy(null);
      await refresh();
    }
  }, [story.id, refresh]);

  /** Download all assets as a zip (owner only): the server streams it; failures name counts. */
  const downloadZip = useCallback(async () => {
    setBusy('download');
    try {
      const response = await fetch(`/stories/${encodeURIComponent(story.id)}/assets.zip`, {
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const body: unknown = await response.json().catch(() => null);
        throw apiErrorFromBody(response.status, response.statusText, body);
      }
      saveBlob(
        await response.blob(),
        `${BRAND_NAME}_${sanitizeFileTitle(story.title)}_${story.id}_assets.zip`,
      );
    } catch (error) {
      const detail = error instanceof Error ? error.message : '';
      toast.error(MESSAGES.share.zipFailed, {
        ...(detail && detail !== MESSAGES.share.zipFailed ? { description: detail } : {}),
      });
    } finally {
      setBusy(null);
    }
  }, [story.id, story.title]);

  /** Runs a share action; call it straight from the click (a platform tab opens at once). */
  const run = useCallback(
    (action: ShareAction, options: ShareRunOptions) => {
      if (!user) {
        void navigate(signInPath(`${window.location.pathname}${window.location.search}`));
        return;
      }
      trackEvent({
        event: 'story_shared_clicked',
        properties: {
          story_id: story.id,
          story_type: story.category_id,
          share_method: options.platform ?? action,
        },
      });
      // Opened inside the click so popup blockers allow it; pointed at the platform later.
      const tab = options.platform ? window.open('', '_blank') : null;
      if (tab) tab.opener = null;
      setBusy(options.platform ? 'platform' : action);
      const work =
        action === 'download'
          ? download(options)
          : action === 'publish'
            ? publish(options)
            : action === 'share_file_native'
              ? shareFile(options)
              : generateLink(action, options, tab);
      void work.finally(() => setBusy(null));
    },
    [user, navigate, download, publish, shareFile, generateLink],
  );

  return {
    run,
    unpublish,
    downloadZip,
    overlay,
    busy,
    owner,
    signedIn: Boolean(user),
    restricted,
    closeRestriction: () => setRestricted(false),
  };
}

export type ShareFlow = ReturnType<typeof useShareFlow>;
