import { MUSIC_VIDEO_DRAFT_KEYS } from './music-video/music-video-form-model';

/**
 * The drafts the creation page's back button clears (spec 2 §2: script, vlog and music video;
 * only the music video form keeps drafts here, one per type — the script and vlog forms start
 * empty each time). The ASMR draft is cleared after a successful submit instead.
 */
export function clearBackButtonDrafts(): void {
  for (const key of MUSIC_VIDEO_DRAFT_KEYS) globalThis.localStorage?.removeItem(key);
}
