import type {
  CaptionLanguage,
  CaptionStyleOverride,
  GenerateCaptionRequest,
  TimelineItem,
  Track,
  VideoEditorTimeline,
} from '@storyloom/core';
import { captionStyleOverrideSchema, MESSAGES } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { COMMAND_DESCRIPTIONS, commitTracks, type CommandResult } from './commit-tracks';
import { itemEnd } from './frames';
import { freeRange } from './free-range';
import { ignored, refuse } from './refusal';
import { isVoiceOverTrack, owningSpan, spanOf } from './shot-links';
import { assetIndex, findItem, findTrack } from './timeline-lookup';
import { TRACK_NAMES, trackCategory } from './track-category';
import { sortItems } from './track-rules';

/**
 * Detected captions (spec 3 §4): each caption track goes right after its source track,
 * replacing the caption tracks that followed it before (a redetection), in one undoable batch;
 * the captions display switch is turned on. Caption items that cannot be shown (not captions,
 * negative start, no duration) are left out.
 */
export function insertCaptionTracks(
  timeline: VideoEditorTimeline,
  args: { captions: Readonly<Record<string, Track>>; newId: IdSource },
): CommandResult {
  const sources = Object.keys(args.captions);
  for (const sourceId of sources) {
    const found = findTrack(timeline, sourceId);
    if (!found.ok) return found;
  }
  const usedTrackIds = new Set<string>();
  const usedItemIds = new Set<string>();
  let replacing = false;
  const kept: Track[] = [];
  for (const track of timeline.tracks) {
    if (replacing && track.type === 'caption') continue;
    replacing = sources.includes(track.id);
    kept.push(track);
  }
  for (const track of kept) {
    usedTrackIds.add(track.id);
    for (const item of track.items) usedItemIds.add(item.id);
  }
  const unique = (id: string, used: Set<string>) => {
    const chosen = id && !used.has(id) ? id : args.newId();
    used.add(chosen);
    return chosen;
  };

  const tracks: Track[] = [];
  for (const track of kept) {
    tracks.push(track);
    const detected = args.captions[track.id];
    if (!detected) continue;
    // Captions detected from a voice-over are linked to the shot of the voice-over item they
    // are spoken in, so they move and trim with it.
    const voices = isVoiceOverTrack(track)
      ? track.items
          .filter((item) => item.shotId)
          .map((item) => ({ ...spanOf(item), shotId: item.shotId! }))
      : [];
    const items: TimelineItem[] = detected.items
      .filter(
        (item) =>
          item.type === 'caption' &&
          item.startTimeInFrames >= 0 &&
          Math.round(item.startTimeInFrames + item.durationInFrames) >
            Math.round(item.startTimeInFrames),
      )
      .map((item) => {
        const start = Math.round(item.startTimeInFrames);
        const end = Math.round(item.startTimeInFrames + item.durationInFrames);
        const placed: TimelineItem = {
          ...item,
          id: unique(item.id, usedItemIds),
          startTimeInFrames: start,
          durationInFrames: end - start,
        };
        const voice = owningSpan({ start, end }, voices);
        if (voice && start < voice.end && end > voice.start) placed.shotId = voice.shotId;
        else delete placed.shotId;
        return placed;
      });
    tracks.push({
      id: unique(detected.id, usedTrackIds),
      type: 'caption',
      subtype: 'caption',
      name: detected.name ?? TRACK_NAMES.caption,
      items: sortItems(items),
      isPrimary: false,
    });
  }
  const globalConfig = {
    ...timeline.globalConfig,
    captions: { ...timeline.globalConfig.captions, enabled: true },
  };
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.captions, {
    timeline: { globalConfig },
  });
}

/**
 * The frames a caption's Start and End may take (spec 3 §5: start ≥ 0, end ≥ start + 1),
 * narrowed so captions never overlap and stay inside their unit: between its neighbours on
 * the track, inside the voice-over it was made from (a linked caption) or before
 * `captionEndLimit` (a free caption). Null when the item is not a caption.
 */
export function captionTimingRange(
  timeline: VideoEditorTimeline,
  itemId: string,
): { minStart: number; maxEnd: number } | null {
  const found = findItem(timeline, itemId);
  if (!found.ok || found.value.item.type !== 'caption') return null;
  const range = freeRange(timeline, found.value)!;
  return { minStart: Math.max(0, Math.ceil(range.start)), maxEnd: Math.floor(range.end) };
}

/**
 * Caption editing (spec 3 §4–5): new text and/or timing in whole frames, clamped to
 * `captionTimingRange`; the end frame is at least start + 1.
 */
export function editCaption(
  timeline: VideoEditorTimeline,
  args: { itemId: string; text?: string; startFrame?: number; endFrame?: number },
): CommandResult {
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  const { item, trackIndex } = found.value;
  if (item.type !== 'caption') return refuse('not_supported', MESSAGES.editor.notSupported);
  const range = captionTimingRange(timeline, args.itemId)!;
  const askedStart = args.startFrame ?? item.startTimeInFrames;
  const askedEnd = args.endFrame ?? itemEnd(item);
  if (!Number.isFinite(askedStart) || !Number.isFinite(askedEnd) || !(askedEnd >= askedStart + 1))
    return refuse('invalid_value', MESSAGES.editor.invalidCaptionTiming);
  const start = Math.max(range.minStart, Math.round(askedStart));
  const end = Math.min(range.maxEnd, Math.round(askedEnd));
  if (!(end >= start + 1)) return refuse('invalid_value', MESSAGES.editor.invalidCaptionTiming);
  const text = args.text ?? item.caption?.data.text ?? '';
  if (
    start === item.startTimeInFrames &&
    end === itemEnd(item) &&
    text === (item.caption?.data.text ?? '')
  )
    return ignored('no change');
  const next: TimelineItem = {
    ...item,
    startTimeInFrames: start,
    durationInFrames: end - start,
    caption: { ...item.caption, data: { text } },
  };
  const tracks = timeline.tracks.map((track, index) =>
    index === trackIndex
      ? {
          ...track,
          items: sortItems(track.items.map((candidate) => (candidate === item ? next : candidate))),
        }
      : track,
  );
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.editCaption);
}

/**
 * Caption styling (spec 3 §4 "Caption editing"): the change goes to the caption's own style;
 * with 'Apply to all captions' it goes to every caption and to the global caption style, so
 * captions added later look the same. Values outside the bounds of spec 3 §5 are refused.
 */
export function setCaptionStyle(
  timeline: VideoEditorTimeline,
  args: { itemId: string; style: CaptionStyleOverride; applyToAll: boolean },
): CommandResult {
  const parsed = captionStyleOverrideSchema.safeParse(args.style);
  if (!parsed.success) return refuse('invalid_value', MESSAGES.editor.invalidCaptionStyle);
  const found = findItem(timeline, args.itemId);
  if (!found.ok) return found;
  if (found.value.item.type !== 'caption')
    return refuse('not_supported', MESSAGES.editor.notSupported);
  const change = parsed.data;
  const restyle = (item: TimelineItem): TimelineItem => ({
    ...item,
    caption: {
      data: item.caption?.data ?? { text: '' },
      style: { ...item.caption?.style, ...change },
    },
  });
  const tracks = timeline.tracks.map((track) =>
    track.type !== 'caption'
      ? track
      : {
          ...track,
          items: track.items.map((item) =>
            item.type === 'caption' && (args.applyToAll || item.id === args.itemId)
              ? restyle(item)
              : item,
          ),
        },
  );
  const captions = timeline.globalConfig.captions;
  const globalConfig = args.applyToAll
    ? {
        ...timeline.globalConfig,
        captions: { ...captions, style: { ...captions.style, ...change } },
      }
    : timeline.globalConfig;
  return commitTracks(timeline, tracks, COMMAND_DESCRIPTIONS.captionStyle, {
    timeline: { globalConfig },
  });
}

/** 'Apply to all captions' turned off clears the global caption style (spec 3 §4). */
export function clearGlobalCaptionStyle(timeline: VideoEditorTimeline): CommandResult {
  const captions = timeline.globalConfig.captions;
  if (!captions.style) return ignored('no global caption style');
  const { style: _cleared, ...rest } = captions;
  return commitTracks(timeline, timeline.tracks, COMMAND_DESCRIPTIONS.captionStyle, {
    timeline: { globalConfig: { ...timeline.globalConfig, captions: rest } },
  });
}

/** The Display Caption switch (spec 3 §2): captions shown in the player and the export, or not. */
export function setCaptionsEnabled(
  timeline: VideoEditorTimeline,
  args: { enabled: boolean },
): CommandResult {
  const captions = timeline.globalConfig.captions;
  if (captions.enabled === args.enabled) return ignored('no change');
  return commitTracks(timeline, timeline.tracks, COMMAND_DESCRIPTIONS.captionsDisplay, {
    timeline: {
      globalConfig: { ...timeline.globalConfig, captions: { ...captions, enabled: args.enabled } },
    },
  });
}

/**
 * The audio tracks captions are detected from (spec 3 §5 "Caption detection rules"): music for
 * music videos, voice-over otherwise, with audio items only; none for character vlogs, and
 * none when no audio track has items (the Captions section is then hidden).
 */
export function captionSourceTracks(
  timeline: VideoEditorTimeline,
  category: string | null | undefined,
): Track[] {
  if (category === 'character_vlog') return [];
  const assets = assetIndex(timeline.mediaAssets);
  const wanted = category === 'music_video' ? 'music' : 'voiceover';
  return timeline.tracks
    .filter((track) => track.type === 'audio' && trackCategory(track, assets) === wanted)
    .map((track) => ({ ...track, items: track.items.filter((item) => item.type === 'audio') }))
    .filter((track) => track.items.length > 0);
}

/** Whether the Captions tab offers detection at all (some audio track has items; not a vlog). */
export function captionDetectionShown(
  timeline: VideoEditorTimeline,
  category: string | null | undefined,
): boolean {
  return (
    category !== 'character_vlog' &&
    timeline.tracks.some((track) => track.type === 'audio' && track.items.length > 0)
  );
}

/** POST /stories/generate_caption body (spec 3 §7): the source tracks and only their assets. */
export function captionDetectionRequest(
  timeline: VideoEditorTimeline,
  args: { category: string | null | undefined; language: CaptionLanguage },
): GenerateCaptionRequest | null {
  const tracks = captionSourceTracks(timeline, args.category);
  if (tracks.length === 0) return null;
  const used = new Set(tracks.flatMap((track) => track.items.map((item) => item.mediaAssetId)));
  return {
    tracks: tracks.map(({ id, type, name, subtype, items }) => ({
      id,
      type,
      ...(name !== undefined ? { name } : {}),
      ...(subtype !== undefined ? { subtype } : {}),
      items,
    })),
    mediaAssets: timeline.mediaAssets.filter((asset) => used.has(asset.id)),
    globalConfig: { fps: timeline.globalConfig.fps },
    ...(args.language !== 'auto' ? { language: args.language } : {}),
  };
}
