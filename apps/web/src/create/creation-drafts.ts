import { MUSIC_VIDEO_DRAFT_KEY } from './music-video/music-video-form-model';

/**
 * The drafts the creation page's back button clears (spec 2 §2: script, vlog and music video;
 * only the music video form keeps one here — the script and vlog forms start empty each time).
 * The ASMR draft is cleared after a successful submit instead.
 */
export function clearBackButtonDrafts(): void {
  globalThis.localStorage?.removeItem(MUSIC_VIDEO_DRAFT_KEY);
}
