import { AUDIO_UPLOAD, MESSAGES, validateMusicUrl } from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newBlobKey, type BlobExtension } from '../storage/blob-store.js';
import { checkStorageQuota } from '../storage/storage-quota.js';
import { sniffAudioMime } from '../storage/sniff.js';
import { MusicLinkError, MusicLinkFetcher, PUBLIC_NETWORK } from '../http/music-link-fetcher.js';
import { musicLinkPage } from './music-link-page.js';

/**
 * Hosts a music link may be fetched from: the link hosts of spec 2 §5 and the hosts their
 * pages serve audio from (Suno's cdn1.suno.ai; TikTok's CDNs). Sub-domains included.
 */
export const MUSIC_LINK_FETCH_HOSTS = [
  'suno.com',
  'suno.ai',
  'tiktok.com',
  'tiktokcdn.com',
  'tiktokcdn-us.com',
] as const;

/** A page is read up to this size. */
const PAGE_MAX_BYTES = 3 * 1024 * 1024;

const EXTENSION_OF: Record<string, BlobExtension | undefined> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

/**
 * POST /api/media/parse_music_url (spec 2 §7): a Suno or TikTok link's song, fetched from the
 * allowed hosts only and never from a private address, stored as the user's upload.
 */
export class MusicLinkService {
  private readonly fetcher: MusicLinkFetcher;

  constructor(
    private readonly ctx: Pick<AppContext, 'blobs' | 'media' | 'config'> & {
      musicLinkNetwork?: AppContext['musicLinkNetwork'];
    },
  ) {
    this.fetcher = new MusicLinkFetcher(
      MUSIC_LINK_FETCH_HOSTS,
      ctx.musicLinkNetwork ?? PUBLIC_NETWORK,
    );
  }

  async parse(
    userId: string,
    link: string,
  ): Promise<{ success: true; url: string; metadata: { title: string } }> {
    const invalid = validateMusicUrl(link);
    if (invalid) throw badRequest(invalid, 'INVALID_MUSIC_URL');
    const url = /^https?:\/\//i.test(link.trim()) ? link.trim() : `https://${link.trim()}`;
    try {
      const page = await this.fetcher.get(url, PAGE_MAX_BYTES);
      const song = page.type.startsWith('audio/')
        ? { audioUrl: page.url, title: null, bytes: page.body }
        : { ...musicLinkPage(page.body.toString('utf8'), page.url), bytes: null };
      if (!song.audioUrl)
        throw new MusicLinkError(
          `${MESSAGES.musicUrl.parseFailedPrefix} no song found on the page`,
          'FETCH_FAILED',
        );
      const bytes =
        song.bytes ?? (await this.fetcher.get(song.audioUrl, AUDIO_UPLOAD.maxBytes)).body;
      const mime = sniffAudioMime(bytes.subarray(0, 16));
      const extension = mime ? EXTENSION_OF[mime] : undefined;
      if (!extension)
        throw new MusicLinkError(
          `${MESSAGES.musicUrl.parseFailedPrefix} the link's file is not audio`,
          'FETCH_FAILED',
        );
      await checkStorageQuota(this.ctx, userId, bytes.length);
      const key = newBlobKey('uploads', extension);
      await this.ctx.blobs.put(key, bytes);
      await this.ctx.media.record({ key, userId, kind: 'upload', bytes: bytes.length });
      const title =
        song.title ??
        decodeURIComponent(new URL(song.audioUrl).pathname.split('/').pop() ?? 'Song');
      return { success: true, url: this.ctx.blobs.url(key), metadata: { title } };
    } catch (error) {
      if (!(error instanceof MusicLinkError)) throw error;
      if (error.code === 'TOO_LARGE')
        throw new HttpError(413, 'FILE_TOO_LARGE', MESSAGES.generate.audioTooLarge);
      if (
        error.code === 'FETCH_FAILED' &&
        !error.message.startsWith(MESSAGES.musicUrl.parseFailedPrefix)
      )
        throw new HttpError(
          502,
          'MUSIC_LINK_FAILED',
          `${MESSAGES.musicUrl.parseFailedPrefix} ${error.message}`,
        );
      throw new HttpError(error.code === 'FETCH_FAILED' ? 502 : 400, error.code, error.message);
    }
  }
}
