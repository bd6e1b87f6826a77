import type { GlobalConfig, MediaAsset, TimelineItem, Track } from '@storyloom/core';
import {
  MESSAGES,
  TIMELINE_ITEM_TYPES,
  effectSchema,
  globalConfigSchema,
  mediaAssetSchema,
  timelineItemSchema,
} from '@storyloom/core';
import type { z } from 'zod';
import { clampSpeed } from './change-speed';
import { clampVolume } from './change-volume';
import { FRAME_EPSILON } from './frames';
import { assetSourceFrames, hasSource, itemDurationInFrames } from './item-duration';
import type { RefusalCode } from './refusal';
import { normalizeTrackType } from './track-category';
import {
  applyTrackRules,
  clampEffects,
  primaryTrackIndex,
  resolveOverlaps,
  sortItems,
} from './track-rules';

type Json = Record<string, unknown>;

/** Raised inside the loader only; `loadTimeline` turns it into a refusal. */
export class LoadRefusal extends Error {
  constructor(
    readonly code: Extract<RefusalCode, 'invalid_tracks' | 'invalid_assets' | 'init_failed'>,
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'LoadRefusal';
  }
}

const invalidTracks = (detail: string) =>
  new LoadRefusal('invalid_tracks', MESSAGES.editor.invalidTracks, detail);
const invalidAssets = (detail: string) =>
  new LoadRefusal('invalid_assets', MESSAGES.editor.invalidAssets, detail);

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const finite = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A private copy of JSON-like data (plain objects, arrays, primitives); other values drop out. */
export function cloneJson(value: unknown, depth = 0): unknown {
  if (depth > 64) throw new LoadRefusal('init_failed', MESSAGES.editor.initFailed, 'too deep');
  if (Array.isArray(value)) return value.map((entry) => cloneJson(entry, depth + 1));
  if (typeof value === 'object' && value !== null) {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return undefined;
    const copy: Json = {};
    for (const [key, entry] of Object.entries(value)) copy[key] = cloneJson(entry, depth + 1);
    return copy;
  }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    return undefined;
  return value;
}

/**
 * Parses `value` (a private copy, changed in place) with `schema`, removing what fails —
 * the deepest part of each failing path that exists — until it parses. Null when a `required`
 * top-level key is missing or invalid.
 */
export function pruneInvalid<T>(
  schema: z.ZodType<T>,
  value: Json,
  required: readonly string[],
): T | null {
  for (let attempt = 0; attempt < 256; attempt++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const path = parsed.error.issues[0]?.path ?? [];
    const chain: [Json | unknown[], PropertyKey][] = [];
    let container: unknown = value;
    for (const key of path) {
      if (Array.isArray(container) && typeof key === 'number' && key < container.length) {
        chain.push([container, key]);
        container = container[key];
      } else if (isRecord(container) && typeof key === 'string' && key in container) {
        chain.push([container, key]);
        container = container[key];
      } else break;
    }
    const last = chain[chain.length - 1];
    if (!last) return null;
    const [parent, key] = last;
    if (chain.length === 1 && required.includes(String(key))) return null;
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete parent[key as string];
  }
  return null;
}

/** Media assets: each must have an id, a url and a known resource type; other bad fields go. */
export function repairAssets(value: unknown, repairs: string[]): MediaAsset[] {
  if (value === undefined || value === null) {
    repairs.push('mediaAssets missing: none');
    return [];
  }
  if (!Array.isArray(value)) throw invalidAssets('mediaAssets is not a list');
  const seen = new Set<string>();
  const assets: MediaAsset[] = [];
  value.forEach((entry, index) => {
    if (!isRecord(entry)) throw invalidAssets(`mediaAssets.${index} is not an object`);
    const asset = pruneInvalid(mediaAssetSchema, cloneJson(entry) as Json, [
      'id',
      'url',
      'resource_type',
    ]);
    if (!asset) throw invalidAssets(`mediaAssets.${index} lacks an id, url or resource type`);
    if (seen.has(asset.id)) {
      repairs.push(`duplicate media asset ${asset.id} dropped`);
      return;
    }
    seen.add(asset.id);
    assets.push(asset);
  });
  return assets;
}

/** The global config: bad fields fall back to their defaults. */
export function repairGlobalConfig(value: unknown, repairs: string[]): GlobalConfig {
  if (!isRecord(value)) {
    if (value !== undefined) repairs.push('globalConfig reset to defaults');
    return globalConfigSchema.parse({});
  }
  return (
    pruneInvalid(globalConfigSchema, cloneJson(value) as Json, []) ?? globalConfigSchema.parse({})
  );
}

interface ItemContext {
  assets: ReadonlyMap<string, MediaAsset>;
  fps: number;
  repairs: string[];
  where: string;
}

/**
 * One item: it needs an id and a known type. A missing or unusable duration takes the
 * fallback order; start, speed and volume are clamped; a video or audio item's source window
 * is made consistent with its duration and kept inside its media; fades at most half. An item
 * whose media asset does not exist is skipped (spec 3 §8), with a note.
 */
export function repairItem(value: unknown, context: ItemContext): TimelineItem | null {
  if (!isRecord(value)) throw invalidTracks(`${context.where} is not an object`);
  const raw = cloneJson(value) as Json;
  if (typeof raw.id !== 'string' || raw.id.length === 0)
    throw invalidTracks(`${context.where} has no id`);
  if (!(TIMELINE_ITEM_TYPES as readonly unknown[]).includes(raw.type))
    throw invalidTracks(`${context.where} has an unknown type`);
  const type = raw.type as TimelineItem['type'];
  let asset: MediaAsset | undefined;
  if (typeof raw.mediaAssetId === 'string') {
    asset = context.assets.get(raw.mediaAssetId);
    if (!asset) {
      context.repairs.push(`item ${raw.id} skipped: media asset ${raw.mediaAssetId} not found`);
      return null;
    }
  } else if (raw.mediaAssetId !== undefined && raw.mediaAssetId !== null) {
    delete raw.mediaAssetId;
  }
  const speedValue = finite(raw.speed);
  const speed = speedValue === undefined ? 1 : clampSpeed(speedValue);
  const volumeValue = finite(raw.volume);
  const trimStart = finite(raw.sourceTrimStartFrames);
  const trimEnd = finite(raw.sourceTrimEndFrames);
  let duration = itemDurationInFrames(
    {
      type,
      durationInFrames: finite(raw.durationInFrames) ?? Number.NaN,
      speed,
      sourceTrimStartFrames: trimStart !== undefined && trimStart >= 0 ? trimStart : undefined,
      sourceTrimEndFrames: trimEnd !== undefined && trimEnd >= 0 ? trimEnd : undefined,
    },
    context.fps,
    asset,
  );
  // Every frame field is a whole frame (issue: drags gave 275.833201).
  duration = Math.max(1, Math.round(duration));
  if (hasSource(type)) {
    let start = trimStart !== undefined && trimStart >= 0 ? Math.round(trimStart) : 0;
    let window = Math.round(duration * speed);
    const media = assetSourceFrames(asset, context.fps);
    const source = media === null ? null : Math.floor(media + FRAME_EPSILON);
    if (source !== null && start + window > source) {
      if (window > source) {
        duration = Math.max(1, Math.floor(source / speed));
        window = Math.min(source, Math.round(duration * speed));
      }
      start = Math.max(0, source - window);
    }
    raw.sourceTrimStartFrames = start;
    raw.sourceTrimEndFrames = start + window;
  } else {
    if (trimStart === undefined || trimStart < 0) delete raw.sourceTrimStartFrames;
    if (trimEnd === undefined || trimEnd < 0) delete raw.sourceTrimEndFrames;
  }
  if (Array.isArray(raw.effects)) {
    raw.effects = raw.effects
      .filter((effect) => effectSchema.safeParse(effect).success)
      .map((effect: { durationInFrames: number }) => ({
        ...effect,
        durationInFrames: Math.round(effect.durationInFrames),
      }));
  } else delete raw.effects;
  raw.speed = speed;
  raw.volume = volumeValue === undefined ? 1 : clampVolume(volumeValue);
  raw.startTimeInFrames = Math.max(0, Math.round(finite(raw.startTimeInFrames) ?? 0));
  raw.durationInFrames = duration;
  const item = pruneInvalid(timelineItemSchema, raw, [
    'id',
    'type',
    'startTimeInFrames',
    'durationInFrames',
  ]);
  if (!item) throw invalidTracks(`${context.where} cannot be repaired`);
  return clampEffects(item);
}

/**
 * Tracks: each needs an id and a list of items; an unknown type becomes video; duplicate ids
 * are renamed; then the track rules (one primary, packed; no overlaps elsewhere except
 * captions; empty non-primary tracks removed).
 */
export function repairTracks(value: unknown, context: Omit<ItemContext, 'where'>): Track[] {
  if (!Array.isArray(value)) throw invalidTracks('tracks is not a list');
  const trackIds = new Set<string>();
  const itemIds = new Set<string>();
  const unique = (id: string, used: Set<string>) => {
    let candidate = id;
    for (let n = 2; used.has(candidate); n++) candidate = `${id}-${n}`;
    if (candidate !== id) context.repairs.push(`duplicate id ${id} renamed ${candidate}`);
    used.add(candidate);
    return candidate;
  };
  const tracks: Track[] = value.map((entry, trackIndex) => {
    if (!isRecord(entry)) throw invalidTracks(`tracks.${trackIndex} is not an object`);
    if (typeof entry.id !== 'string' || entry.id.length === 0)
      throw invalidTracks(`tracks.${trackIndex} has no id`);
    if (!Array.isArray(entry.items)) throw invalidTracks(`tracks.${trackIndex} has no items`);
    const type = normalizeTrackType(entry.type);
    if (type !== entry.type) context.repairs.push(`track ${entry.id} became a video track`);
    const items: TimelineItem[] = [];
    entry.items.forEach((itemValue: unknown, itemIndex) => {
      const item = repairItem(itemValue, {
        ...context,
        where: `tracks.${trackIndex}.items.${itemIndex}`,
      });
      if (item) items.push({ ...item, id: unique(item.id, itemIds) });
    });
    const track: Track = { id: unique(entry.id, trackIds), type, items };
    if (typeof entry.name === 'string') track.name = entry.name;
    if (typeof entry.isPrimary === 'boolean') track.isPrimary = entry.isPrimary;
    return track;
  });
  const primary = primaryTrackIndex(tracks);
  const laidOut = tracks.map((track, index) => ({
    ...track,
    items:
      index === primary || track.type === 'caption'
        ? sortItems(track.items)
        : resolveOverlaps(track.items),
  }));
  return applyTrackRules(laidOut, context.assets);
}
