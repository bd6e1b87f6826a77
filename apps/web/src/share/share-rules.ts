import {
  EXPORT_PROGRESS_RING_CAP,
  hasValidExport,
  isStoryOwner,
  sharePath,
  type ShareAction,
  type Story,
} from '@storyloom/core';

/**
 * The Remove Watermark toggle's initial value: on when the story's timeline has its
 * watermark switched off (the workflow default is a watermark, spec 1 §3).
 */
export function initialRemoveWatermark(story: Pick<Story, 'video_editor_timeline'>): boolean {
  return story.video_editor_timeline?.globalConfig.watermark.enabled === false;
}

/** The public share link of a story on this site. */
export function shareLink(origin: string, storyId: string): string {
  return `${origin}${sharePath(storyId)}`;
}

export type ExportPlan =
  /** The last export is valid: use it as it is. */
  | { kind: 'reuse'; url: string }
  /** Export first (the owner only). */
  | { kind: 'export' }
  /** Not the owner and the export is outdated: the last one is what there is. */
  | { kind: 'use-last'; url: string }
  /** Nothing to share: 'No video available to share'. */
  | { kind: 'none' };

/**
 * Step 1 of the share action flow (spec 1 §4): reuse a valid export (it exists, is not
 * outdated, and the watermark toggle still has its initial value), otherwise export again —
 * which only the owner can; others get the last export, or nothing.
 */
export function exportPlan(input: {
  story: Pick<Story, 'user_id' | 'last_export_url' | 'is_export_outdated'>;
  userId: string | null | undefined;
  watermarkChanged: boolean;
}): ExportPlan {
  const { story } = input;
  if (hasValidExport(story) && !input.watermarkChanged && story.last_export_url) {
    return { kind: 'reuse', url: story.last_export_url };
  }
  if (isStoryOwner(story, input.userId)) return { kind: 'export' };
  return story.last_export_url
    ? { kind: 'use-last', url: story.last_export_url }
    : { kind: 'none' };
}

/** The action named in 'Failed to {action}. Please try again.' */
export function shareActionVerb(action: ShareAction): string {
  switch (action) {
    case 'download':
      return 'download';
    case 'generate_link':
      return 'generate link';
    case 'publish':
      return 'publish';
    case 'share_link_native':
    case 'share_file_native':
      return 'share';
  }
}

/** The export ring's next value while processing: a random step, never past 90 (spec 1 §4). */
export function nextRingProgress(current: number, random: number): number {
  const step = 2 + Math.floor(random * 7);
  return Math.min(EXPORT_PROGRESS_RING_CAP, Math.max(current, current + step));
}
