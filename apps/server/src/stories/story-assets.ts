import { orderedShots, type Story, type StoryAssetLists } from '@storyloom/core';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

function unique(urls: (string | null)[]): string[] {
  return [...new Set(urls.filter((url): url is string => url !== null))];
}

/**
 * The asset lists of the zip download (spec 1 §3): the visible shots' active images, videos,
 * voice-overs and lip-sync audio in storyboard order, then the timeline's own media by kind;
 * the story's music; and the timeline's other audio as background music. Each list once per
 * URL.
 */
export function storyAssetLists(
  story: Pick<Story, 'title' | 'storyboard' | 'video_editor_timeline' | 'music_url'>,
): StoryAssetLists {
  const shots = story.storyboard ? orderedShots(story.storyboard.shots_map) : [];
  const visible = shots.filter((shot) => !shot.is_hidden);
  const assets = story.video_editor_timeline?.mediaAssets ?? [];
  const ofType = (type: string) =>
    assets.filter((asset) => asset.resource_type === type).map((asset) => asset.url);
  const audio = assets.filter((asset) => asset.resource_type === 'audio');
  const voiceOvers = unique([
    ...visible.map((shot) => text(shot.active_voice_over_audio_url)),
    ...audio.filter((asset) => asset.subtype === 'voiceover').map((asset) => asset.url),
  ]);
  const music = text(story.music_url);
  return {
    title: story.title,
    activeImageUrls: unique([
      ...visible.map((shot) => text(shot.active_image_url)),
      ...ofType('image'),
    ]),
    activeVideoUrls: unique([
      ...visible.map((shot) => text(shot.active_video_url)),
      ...ofType('video'),
    ]),
    activeVoiceOverAudioUrls: voiceOvers,
    lipSyncAudioUrls: unique(visible.map((shot) => text(shot.lip_sync_audio_url))),
    musicUrls: unique([music]),
    // The other sound of the timeline: never a voice-over twice, never the story's music.
    backgroundMusicUrls: unique(
      audio.map((asset) => asset.url).filter((url) => url !== music && !voiceOvers.includes(url)),
    ),
  };
}
