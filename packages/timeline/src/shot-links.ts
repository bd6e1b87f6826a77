import type { TimelineItem, Track } from '@storyloom/core';
import { itemEnd } from './frames';
import { hasSource, sourceWindow } from './item-duration';

/**
 * A shot's unit (spec 3 §4 groups; issue "linked shot edits"): the shot's item on the primary
 * track, the voice-over items of the same shot and the captions made from them. A voice-over
 * item belongs to shot S when it sits on a voice-over track and carries `shotId` S; a caption
 * belongs to S when it carries `shotId` S (the captions generated with a story, and captions
 * detected from a voice-over track, are linked this way; "Unlink caption" clears it). Linked
 * items always lie inside their unit: a voice-over inside its shot's span, a caption inside the
 * voice-over item it was made from (or inside the shot when the shot has no voice-over).
 * Items on other tracks that share the shot item's `groupId` move with it but are not clipped.
 */
export interface Span {
  start: number;
  end: number;
}

export function isVoiceOverTrack(track: Pick<Track, 'type' | 'subtype'>): boolean {
  return track.type === 'audio' && track.subtype === 'voiceover';
}

/** Whether an item on a non-primary track is cut to its unit (voice-over and caption items). */
export function isClippedLink(track: Pick<Track, 'type' | 'subtype'>): boolean {
  return isVoiceOverTrack(track) || track.type === 'caption';
}

export function spanOf(item: Pick<TimelineItem, 'startTimeInFrames' | 'durationInFrames'>): Span {
  return { start: item.startTimeInFrames, end: itemEnd(item) };
}

/** The primary track's shots: each shot id with the span of its (first) item. */
export function shotSpans(primary: Track | undefined): Map<string, Span> {
  const spans = new Map<string, Span>();
  for (const item of primary?.items ?? [])
    if (item.shotId && !spans.has(item.shotId)) spans.set(item.shotId, spanOf(item));
  return spans;
}

/** Voice-over spans by shot id, over every voice-over track. */
export function voiceSpans(tracks: readonly Track[], primaryIndex: number): Map<string, Span[]> {
  const spans = new Map<string, Span[]>();
  tracks.forEach((track, index) => {
    if (index === primaryIndex || !isVoiceOverTrack(track)) return;
    for (const item of track.items) {
      if (!item.shotId) continue;
      const list = spans.get(item.shotId) ?? [];
      list.push(spanOf(item));
      spans.set(item.shotId, list);
    }
  });
  return spans;
}

/** Of several spans, the one a span belongs to: the one holding its middle, else the most overlap, else the nearest. */
export function owningSpan<T extends Span>(span: Span, candidates: readonly T[]): T | undefined {
  const middle = (span.start + span.end) / 2;
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const candidate of candidates) {
    if (middle >= candidate.start && middle < candidate.end) return candidate;
    const overlap = Math.min(span.end, candidate.end) - Math.max(span.start, candidate.start);
    if (overlap > bestScore) {
      bestScore = overlap;
      best = candidate;
    }
  }
  return best;
}

/**
 * Where a caption may lie: inside the voice-over it was made from; undefined for a free caption
 * (no shot on the timeline, or a shot without voice-over: a music video's lyrics follow the
 * song, not the pictures).
 */
export function captionBound(
  caption: TimelineItem,
  shots: ReadonlyMap<string, Span>,
  voices: ReadonlyMap<string, readonly Span[]>,
): Span | undefined {
  if (!caption.shotId || !shots.has(caption.shotId)) return undefined;
  const spoken = voices.get(caption.shotId);
  return spoken && spoken.length > 0 ? owningSpan(spanOf(caption), spoken) : undefined;
}

/**
 * An item cut to [start, end) of the timeline (whole frames), its source window cut with it;
 * null when less than one frame is left.
 */
export function clipItem(item: TimelineItem, bound: Span): TimelineItem | null {
  const start = item.startTimeInFrames;
  const end = itemEnd(item);
  if (start >= bound.start && end <= bound.end) return item;
  const from = Math.round(Math.max(start, bound.start));
  const to = Math.round(Math.min(end, bound.end));
  if (to - from < 1) return null;
  const next: TimelineItem = { ...item, startTimeInFrames: from, durationInFrames: to - from };
  if (hasSource(item.type)) {
    const window = sourceWindow(item);
    const sourceStart = Math.round(window.start + (from - start) * item.speed);
    next.sourceTrimStartFrames = sourceStart;
    next.sourceTrimEndFrames = Math.max(
      sourceStart,
      Math.min(window.end, Math.round(sourceStart + (to - from) * item.speed)),
    );
  }
  return clampEffects(next);
}

/** Fades are at most half the item, in whole frames (spec 3 §5). */
export function clampEffects(item: TimelineItem): TimelineItem {
  if (!item.effects || item.effects.length === 0) return item;
  const half = Math.floor(item.durationInFrames / 2);
  if (item.effects.every((effect) => effect.durationInFrames <= half)) return item;
  return {
    ...item,
    effects: item.effects.map((effect) =>
      effect.durationInFrames <= half ? effect : { ...effect, durationInFrames: half },
    ),
  };
}

/** Items cut to their bounds (dropped when nothing is left); the same array when nothing changed. */
function clipAll(
  items: readonly TimelineItem[],
  boundOf: (item: TimelineItem) => Span | undefined,
): TimelineItem[] {
  let changed = false;
  const result: TimelineItem[] = [];
  for (const item of items) {
    const bound = boundOf(item);
    const next = bound ? clipItem(item, bound) : item;
    if (next !== item) changed = true;
    if (next) result.push(next);
  }
  return changed ? result : (items as TimelineItem[]);
}

/**
 * Captions of a track never overlap. Captions linked to a shot come first: ordered by start, one
 * that begins under the previous one starts where that one ends (and goes when nothing is left
 * of it). A free caption then keeps the longest stretch of its time that no other caption uses
 * (and goes when there is none): a shot moved over it does not lose its own captions.
 */
export function removeCaptionOverlaps(
  items: readonly TimelineItem[],
  isLinked: (item: TimelineItem) => boolean = () => false,
): TimelineItem[] {
  const byStart = (a: TimelineItem, b: TimelineItem) => a.startTimeInFrames - b.startTimeInFrames;
  const linked = items.filter(isLinked).sort(byStart);
  const placed: TimelineItem[] = [];
  let previousEnd = -Infinity;
  for (const item of linked) {
    const next =
      item.startTimeInFrames < previousEnd
        ? clipItem(item, { start: previousEnd, end: itemEnd(item) })
        : item;
    if (!next) continue;
    placed.push(next);
    previousEnd = itemEnd(next);
  }
  for (const item of items.filter((candidate) => !isLinked(candidate)).sort(byStart)) {
    const next = clipItem(item, longestFreeStretch(spanOf(item), placed));
    if (!next) continue;
    const at = placed.findIndex((other) => other.startTimeInFrames > next.startTimeInFrames);
    placed.splice(at < 0 ? placed.length : at, 0, next);
  }
  placed.sort(byStart);
  const same =
    placed.length === items.length && placed.every((item, index) => item === items[index]);
  return same ? (items as TimelineItem[]) : placed;
}

/** The longest part of a span that none of the (ordered) items covers; empty when none. */
function longestFreeStretch(span: Span, items: readonly TimelineItem[]): Span {
  let best: Span = { start: span.start, end: span.start };
  let cursor = span.start;
  const consider = (end: number) => {
    if (end - cursor > best.end - best.start) best = { start: cursor, end };
  };
  for (const item of items) {
    if (itemEnd(item) <= span.start || item.startTimeInFrames >= span.end) continue;
    consider(Math.min(span.end, item.startTimeInFrames));
    cursor = Math.max(cursor, itemEnd(item));
  }
  consider(span.end);
  return best;
}

/**
 * Keeps every unit whole after an edit: voice-over items inside their shot, linked captions
 * inside their voice-over, no two captions of a track overlapping. Unchanged tracks keep their
 * identity.
 */
export function settleLinks(tracks: readonly Track[], primaryIndex: number): Track[] {
  const shots = shotSpans(tracks[primaryIndex]);
  const voiced = tracks.map((track, index) => {
    if (index === primaryIndex || !isVoiceOverTrack(track)) return track;
    const items = clipAll(track.items, (item) =>
      item.shotId ? shots.get(item.shotId) : undefined,
    );
    return items === track.items ? track : { ...track, items };
  });
  const voices = voiceSpans(voiced, primaryIndex);
  return voiced.map((track) => {
    if (track.type !== 'caption') return track;
    const clipped = clipAll(track.items, (item) => captionBound(item, shots, voices));
    const items = removeCaptionOverlaps(
      clipped,
      (item) => captionBound(item, shots, voices) !== undefined,
    );
    return items === track.items ? track : { ...track, items };
  });
}
