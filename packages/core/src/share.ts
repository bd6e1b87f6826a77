import { z } from 'zod';
import { MESSAGES } from './messages';

/** Asset lists for the zip download (spec 1 §3). */
export const storyAssetListsSchema = z.object({
  title: z.string(),
  activeImageUrls: z.array(z.string()),
  activeVideoUrls: z.array(z.string()),
  activeVoiceOverAudioUrls: z.array(z.string()),
  lipSyncAudioUrls: z.array(z.string()),
  musicUrls: z.array(z.string()),
  backgroundMusicUrls: z.array(z.string()),
});
export type StoryAssetLists = z.infer<typeof storyAssetListsSchema>;

/** Zip: 15 downloads at a time (spec 1 §9). */
export const ZIP_DOWNLOAD_CONCURRENCY = 15;

/** Folder and file stem of each asset kind inside the zip. */
export const ZIP_ASSET_KINDS = {
  activeImageUrls: { folder: 'images', stem: 'image', fallbackExtension: 'jpg' },
  activeVideoUrls: { folder: 'videos', stem: 'video', fallbackExtension: 'mp4' },
  activeVoiceOverAudioUrls: { folder: 'voiceovers', stem: 'voiceover', fallbackExtension: 'mp3' },
  lipSyncAudioUrls: { folder: 'lipsync', stem: 'lipsync', fallbackExtension: 'mp3' },
  musicUrls: { folder: 'music', stem: 'music', fallbackExtension: 'mp3' },
  backgroundMusicUrls: {
    folder: 'background_music',
    stem: 'background_music',
    fallbackExtension: 'mp3',
  },
} as const satisfies Record<
  Exclude<keyof StoryAssetLists, 'title'>,
  { folder: string; stem: string; fallbackExtension: string }
>;
export type ZipAssetKind = keyof typeof ZIP_ASSET_KINDS;

function urlExtension(url: string): string | null {
  const path = url.split(/[?#]/)[0] ?? '';
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(extension) ? extension : null;
}

/** Path of the index-th (0-based) asset of a kind in the zip, numbered with 3 digits: images/image_001.jpg. */
export function zipAssetPath(kind: ZipAssetKind, index: number, url: string): string {
  const { folder, stem, fallbackExtension } = ZIP_ASSET_KINDS[kind];
  const number = String(index + 1).padStart(3, '0');
  return `${folder}/${stem}_${number}.${urlExtension(url) ?? fallbackExtension}`;
}

/** The title made safe for a file name: letters, digits, '-' and '_', at most 60 characters. */
export function sanitizeFileTitle(title: string | null | undefined): string {
  const cleaned = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 60);
  return cleaned.length > 0 ? cleaned : 'story';
}

/** Product brand used in share titles and file names. */
export const BRAND_NAME = 'Storyloom';

/** File name of an exported video: built from the story id and the sanitized title. */
export function exportFileName(storyId: string, title: string | null | undefined): string {
  return `${BRAND_NAME}_${sanitizeFileTitle(title)}_${storyId}.mp4`;
}

/** Share payload (spec 1 §3). */
export interface SharePayload {
  title: string;
  text: string;
  url?: string;
  files?: readonly unknown[];
}

export function sharePayload(input: {
  title?: string | null;
  url?: string;
  handle?: string;
}): SharePayload {
  const title = input.title && input.title.length > 0 ? input.title : MESSAGES.share.defaultTitle;
  return {
    title: `${BRAND_NAME} ${MESSAGES.share.defaultTitle}`,
    text: MESSAGES.share.shareText(input.handle ?? BRAND_NAME, title),
    ...(input.url === undefined ? {} : { url: input.url }),
  };
}

export const SHARE_PLATFORMS = ['twitter', 'linkedin', 'reddit'] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];
export const SHARE_PLATFORM_LABELS: Readonly<Record<SharePlatform, string>> = {
  twitter: 'Twitter/X',
  linkedin: 'LinkedIn',
  reddit: 'Reddit',
};

/** Share-intent URL of a platform, built from the title and link. */
export function shareIntentUrl(
  platform: SharePlatform,
  input: { title: string; url: string },
): string {
  const url = encodeURIComponent(input.url);
  const title = encodeURIComponent(input.title);
  switch (platform) {
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${title}&url=${url}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${url}&title=${title}`;
  }
}

/** Public share link path of a story. */
export function sharePath(storyId: string): string {
  return `/story/share/${encodeURIComponent(storyId)}`;
}
