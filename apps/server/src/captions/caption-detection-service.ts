import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CAPTION_CREDIT_TYPE,
  CAPTION_DETECTION_LIMITS,
  captionDetectionCredits,
  MESSAGES,
  type GenerateCaptionRequest,
  type GenerateCaptionResponse,
  type MediaAsset,
  type TimelineItem,
  type Track,
} from '@storyloom/core';
import type { TimedPhrase, TranscriptionProvider } from '@storyloom/pipeline';
import { ffprobe } from '@storyloom/render';
import type { SessionUser } from '../auth/session.js';
import type { CreditLedger } from '../generation/credit-ledger.js';
import { badRequest } from '../http/errors.js';
import type { MediaUploadService } from '../media/media-upload-service.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { MediaRegistry } from '../storage/media-registry.js';
import type { StoryRepository } from '../stories/story-repository.js';

export interface CaptionDetectionDeps {
  blobs: BlobStore;
  media: MediaRegistry;
  stories: StoryRepository;
  ledger: CreditLedger;
  transcription: TranscriptionProvider;
  publicUrl: string;
  /** A work folder removed afterwards (the uploads' one). */
  files: Pick<MediaUploadService, 'inWorkFolder'>;
}

/**
 * One distinct file to listen to, transcribed once: its blob key, the items cut from it (with
 * their track), and, for the story's own voice-over, its known text.
 */
interface Source {
  key: string;
  url: string;
  knownText?: string;
  items: { trackId: string; item: TimelineItem }[];
}

const notYourMedia = (url: string) =>
  badRequest(MESSAGES.editor.captionNotYourMedia(url), 'NOT_YOUR_MEDIA');

/** A probe of one source: 10 s at most. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Caption items of one audio item: each recognised phrase placed where the item plays that part
 * of its source (trim and speed applied), cut to the item's window; phrases outside it are left
 * out.
 */
export function captionItemsFor(
  item: TimelineItem,
  phrases: readonly TimedPhrase[],
  fps: number,
): TimelineItem[] {
  const speed = item.speed > 0 ? item.speed : 1;
  const trimStart = item.sourceTrimStartFrames ?? 0;
  const start = item.startTimeInFrames;
  const end = start + item.durationInFrames;
  const place = (seconds: number) => start + (seconds * fps - trimStart) / speed;
  const items: TimelineItem[] = [];
  for (const phrase of phrases) {
    const text = phrase.text.trim();
    if (!text) continue;
    const from = Math.max(start, Math.round(place(phrase.start)));
    const to = Math.min(end, Math.round(place(phrase.end)));
    if (to - from < 1) continue;
    items.push({
      id: randomUUID(),
      type: 'caption',
      title: text.slice(0, 200),
      startTimeInFrames: from,
      durationInFrames: to - from,
      speed: 1,
      volume: 1,
      caption: { data: { text } },
    });
  }
  return items;
}

/**
 * POST /stories/generate_caption (spec 3 §7): listens to every audio item of the given tracks
 * and answers a caption track per source track. Every file must be the user's (their upload or
 * their story's media). Items are grouped by file: each distinct file is streamed to disk, probed
 * and transcribed once, its items being windows cut from that one transcription. Charges
 * 'story.caption_generation' per started minute of the distinct files' probed length first and
 * gives it back if detection fails. A generated voice-over of the user's story is aligned to its shot's
 * script (the words are known); anything else is recognised.
 */
export class CaptionDetectionService {
  constructor(private readonly deps: CaptionDetectionDeps) {}

  /**
   * The request's items grouped by file (one source per distinct file), held to
   * CAPTION_DETECTION_LIMITS.sources before anything is looked up.
   */
  private group(request: GenerateCaptionRequest): Source[] {
    const assets = new Map(request.mediaAssets.map((asset) => [asset.id, asset]));
    const sources = new Map<string, Source>();
    for (const track of request.tracks) {
      for (const item of track.items) {
        const asset = item.mediaAssetId ? assets.get(item.mediaAssetId) : undefined;
        if (!asset) throw badRequest(MESSAGES.editor.mediaAssetNotFound(item.mediaAssetId ?? ''));
        const key = blobKeyOfUrl(asset.url, this.deps.publicUrl);
        if (!key) throw notYourMedia(asset.url);
        let source = sources.get(key);
        if (!source) {
          if (sources.size >= CAPTION_DETECTION_LIMITS.sources)
            throw badRequest(
              MESSAGES.editor.captionTooManySources(CAPTION_DETECTION_LIMITS.sources),
              'TOO_MANY_SOURCES',
            );
          source = { key, url: asset.url, items: [] };
          sources.set(key, source);
        }
        source.items.push({ trackId: track.id, item });
      }
    }
    return [...sources.values()];
  }

  /** Checks the source's file is the user's; adds the shot's script when it is the story's voice-over. */
  private async own(
    user: SessionUser,
    source: Source,
    assets: ReadonlyMap<string, MediaAsset>,
  ): Promise<void> {
    const blob = await this.deps.media.usableBy(source.key, user.id);
    if (!blob) throw notYourMedia(source.url);
    const story = blob.storyId ? await this.deps.stories.findById(blob.storyId) : undefined;
    if (story?.userId !== user.id) return;
    const storyboard = story.storyboard as {
      shots_map?: Record<string, { script?: string | null } | null>;
    } | null;
    for (const { item } of source.items) {
      const asset = assets.get(item.mediaAssetId ?? '');
      if (asset?.source !== 'generated' || asset.subtype !== 'voiceover' || !asset.shot_id)
        continue;
      const script = storyboard?.shots_map?.[asset.shot_id]?.script;
      if (script?.trim()) {
        source.knownText = script;
        return;
      }
    }
  }

  /** Streams the source's file to `file` (never held in memory whole) and answers its seconds. */
  private async fetch(key: string, file: string): Promise<number> {
    await pipeline(await this.deps.blobs.read(key), createWriteStream(file));
    const probed = await ffprobe(file, { timeoutMs: PROBE_TIMEOUT_MS });
    const seconds = Number(probed.format.duration);
    if (!(seconds > 0)) throw new Error('The file has no length');
    return seconds;
  }

  async detect(
    user: SessionUser,
    request: GenerateCaptionRequest,
  ): Promise<GenerateCaptionResponse> {
    const assets = new Map(request.mediaAssets.map((asset) => [asset.id, asset]));
    const fps = request.globalConfig.fps;
    const sources = this.group(request);
    for (const source of sources) await this.own(user, source, assets);
    return this.deps.files.inWorkFolder(async (dir) => {
      const files: string[] = [];
      let seconds = 0;
      try {
        for (const [index, source] of sources.entries()) {
          const file = path.join(dir, `source-${index}`);
          seconds += await this.fetch(source.key, file);
          files.push(file);
        }
      } catch (error) {
        // A file that is not readable audio: nothing is charged.
        return {
          success: false,
          message: MESSAGES.editor.captionFailed,
          error: error instanceof Error ? error.message : String(error),
        };
      }
      const credits = captionDetectionCredits(seconds);
      const runId = `caption-${randomUUID()}`;
      await this.deps.ledger.charge({
        userId: user.id,
        amount: credits,
        creditType: CAPTION_CREDIT_TYPE,
        workflowRunId: runId,
      });
      try {
        const items = new Map<string, TimelineItem[]>(
          request.tracks.map((track) => [track.id, []]),
        );
        for (const [index, source] of sources.entries()) {
          // One transcription per file; each item is a window cut from it.
          const phrases = await this.deps.transcription.transcribe({
            audio: await readFile(files[index]!),
            ...(source.knownText ? { knownText: source.knownText } : {}),
            ...(request.language ? { language: request.language } : {}),
          });
          for (const { trackId, item } of source.items)
            items.get(trackId)!.push(...captionItemsFor(item, phrases, fps));
        }
        const captions: Record<string, Track> = {};
        for (const track of request.tracks) {
          captions[track.id] = {
            id: randomUUID(),
            type: 'caption',
            subtype: 'caption',
            name: 'Captions',
            items: items.get(track.id)!.sort((a, b) => a.startTimeInFrames - b.startTimeInFrames),
            isPrimary: false,
          };
        }
        return { success: true, captions, message: MESSAGES.editor.captionsDetected(credits) };
      } catch (error) {
        // Detection failed: the credits go back and the editor shows the spec's message.
        await this.deps.ledger.refund(runId);
        return {
          success: false,
          message: MESSAGES.editor.captionFailed,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    });
  }
}
