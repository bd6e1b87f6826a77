import { randomUUID } from 'node:crypto';
import {
  CAPTION_CREDIT_TYPE,
  captionAudioSeconds,
  captionDetectionCredits,
  MESSAGES,
  type GenerateCaptionRequest,
  type GenerateCaptionResponse,
  type MediaAsset,
  type TimelineItem,
  type Track,
} from '@storyloom/core';
import type { TimedPhrase, TranscriptionProvider } from '@storyloom/pipeline';
import type { SessionUser } from '../auth/session.js';
import type { CreditLedger } from '../generation/credit-ledger.js';
import { badRequest } from '../http/errors.js';
import { blobKeyOfUrl } from '../render/media-files.js';
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
}

/** One audio item to listen to, with its file and (for the story's own voice-over) its text. */
interface Source {
  item: TimelineItem;
  key: string;
  knownText?: string;
}

const NOT_YOUR_MEDIA = (url: string) =>
  badRequest(`${url} is not one of your media files`, 'NOT_YOUR_MEDIA');

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
 * their story's media). Charges 'story.caption_generation' per started minute first and gives it
 * back if detection fails. A generated voice-over of the user's story is aligned to its shot's
 * script (the words are known); anything else is recognised.
 */
export class CaptionDetectionService {
  constructor(private readonly deps: CaptionDetectionDeps) {}

  /** The item's file, checked to be the user's; the shot's script when it is the story's voice-over. */
  private async source(
    user: SessionUser,
    item: TimelineItem,
    assets: ReadonlyMap<string, MediaAsset>,
  ): Promise<Source> {
    const asset = item.mediaAssetId ? assets.get(item.mediaAssetId) : undefined;
    if (!asset) throw badRequest(`Media asset with ID ${item.mediaAssetId ?? ''} not found`);
    const key = blobKeyOfUrl(asset.url, this.deps.publicUrl);
    if (!key) throw NOT_YOUR_MEDIA(asset.url);
    const blob = await this.deps.media.find(key);
    if (!blob) throw NOT_YOUR_MEDIA(asset.url);
    const story = blob.storyId ? await this.deps.stories.findById(blob.storyId) : undefined;
    const owned = blob.userId === user.id || story?.userId === user.id;
    if (!owned) throw NOT_YOUR_MEDIA(asset.url);
    const source: Source = { item, key };
    if (
      story?.userId === user.id &&
      asset.source === 'generated' &&
      asset.subtype === 'voiceover'
    ) {
      const storyboard = story.storyboard as {
        shots_map?: Record<string, { script?: string | null } | null>;
      } | null;
      const script = asset.shot_id ? storyboard?.shots_map?.[asset.shot_id]?.script : undefined;
      if (script?.trim()) source.knownText = script;
    }
    return source;
  }

  private async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.deps.blobs.read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async detect(
    user: SessionUser,
    request: GenerateCaptionRequest,
  ): Promise<GenerateCaptionResponse> {
    const assets = new Map(request.mediaAssets.map((asset) => [asset.id, asset]));
    const fps = request.globalConfig.fps;
    const sources = new Map<string, Source[]>();
    for (const track of request.tracks) {
      const list: Source[] = [];
      for (const item of track.items) list.push(await this.source(user, item, assets));
      sources.set(track.id, list);
    }
    const credits = captionDetectionCredits(captionAudioSeconds(request.tracks, fps));
    const runId = `caption-${randomUUID()}`;
    await this.deps.ledger.charge({
      userId: user.id,
      amount: credits,
      creditType: CAPTION_CREDIT_TYPE,
      workflowRunId: runId,
    });
    try {
      const captions: Record<string, Track> = {};
      for (const track of request.tracks) {
        const items: TimelineItem[] = [];
        for (const source of sources.get(track.id) ?? []) {
          const phrases = await this.deps.transcription.transcribe({
            audio: await this.read(source.key),
            ...(source.knownText ? { knownText: source.knownText } : {}),
            ...(request.language ? { language: request.language } : {}),
          });
          items.push(...captionItemsFor(source.item, phrases, fps));
        }
        captions[track.id] = {
          id: randomUUID(),
          type: 'caption',
          subtype: 'caption',
          name: 'Captions',
          items: items.sort((a, b) => a.startTimeInFrames - b.startTimeInFrames),
          isPrimary: false,
        };
      }
      return { success: true, captions, message: `Captions detected (${credits} credits)` };
    } catch (error) {
      // Detection failed: the credits go back and the editor shows the spec's message.
      await this.deps.ledger.refund(runId);
      return {
        success: false,
        message: MESSAGES.editor.captionFailed,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }
}
