import { categoryIdSchema, type CategoryId } from '@storyloom/core';
import { ASMR_HOOKS } from './asmr/asmr-steps';
import { EXPLAINER_HOOKS } from './explainer/explainer-steps';
import { MUSIC_VIDEO_HOOKS } from './music-video/music-video-steps';
import { TOLD_STORY_HOOKS, type FlowHooks } from './steps/flow-hooks';
import { VLOG_HOOKS } from './vlog/vlog-steps';

/** Each story kind's flow hooks, as the flow registers them; a story made from scratch is told. */
export const FLOW_HOOKS: Readonly<Record<CategoryId, FlowHooks>> = {
  script_to_video: EXPLAINER_HOOKS,
  character_vlog: VLOG_HOOKS,
  music_video: MUSIC_VIDEO_HOOKS,
  asmr_video: ASMR_HOOKS,
  create_from_scratch: TOLD_STORY_HOOKS,
};

/** The flow hooks of a stored story's category (a told story's for a category we do not know). */
export function flowHooksOf(categoryId: string): FlowHooks {
  const kind = categoryIdSchema.safeParse(categoryId);
  return kind.success ? FLOW_HOOKS[kind.data] : TOLD_STORY_HOOKS;
}
