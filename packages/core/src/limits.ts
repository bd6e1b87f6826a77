import { z } from 'zod';
import { MESSAGES } from './messages';

/**
 * Bounds on everything a user can send (ours: the spec gives none). Every request is checked
 * against them before any work is done, so no request can make the server loop, run out of
 * memory or hold a worker for long: the timeline schema bounds frames, counts and lengths; the
 * server's body guard (`findJsonHazard`) bounds depth, string lengths and array lengths of any
 * JSON body, and refuses NUL characters and lone surrogates.
 */
export const LIMITS = {
  /** The longest timeline a story may have (3 hours). */
  timelineSeconds: 3 * 60 * 60,
  /** The highest timeline frame rate (globalConfig.fps). */
  maxFps: 120,
  /** Uploaded pictures: pixels in all and on a side (decoding costs width × height). */
  imagePixels: 40_000_000,
  imageSide: 16_384,
  /** Renders and exports a user may have running at once. */
  concurrentRenders: 3,
  /** Generation runs (stories, regenerations) a user may have running at once. */
  concurrentGenerations: 3,
  /** Pixels on a side of a rendered video. */
  outputSide: 3840,
  tracks: 100,
  /** Items over all tracks of one timeline. */
  timelineItems: 10_000,
  mediaAssets: 10_000,
  shots: 1_000,
  effectsPerItem: 4,
  /** Ids of tracks, items, assets and shots. */
  idLength: 200,
  urlLength: 2048,
  titleLength: 500,
  /** A caption's text, a shot's script or prompt. */
  textLength: 10_000,
  /** Longest clip a shot's video generation makes, in seconds. */
  shotClipSeconds: 60,
  /** Longest media a timeline may refer to, in seconds (a day). */
  mediaSeconds: 24 * 60 * 60,
  /** Pixels on a side of media metadata. */
  mediaSide: 100_000,
  /** JSON size of free-form objects (story metadata, category inputs, extra shot keys...). */
  freeFormJsonBytes: 16 * 1024,
  /** JSON size of one shot (its prompts, script and any extra keys). */
  shotJsonBytes: 64 * 1024,
  /** Request bodies: depth of nesting, length of any string, length of any array. */
  jsonDepth: 32,
  jsonStringLength: 100_000,
  jsonArrayLength: 20_000,
} as const;

/**
 * What a media file may declare, read by ffprobe from its headers before anything decodes it
 * (ours: the spec gives none). One set for every entry that takes media: uploads (video,
 * picture, audio), songs, voice-overs, caption sources, reference videos and the media of an
 * export. A few kilobytes can declare a day of sound or a 16000×16000 frame; decoding that is
 * what takes a server down, so such files are refused from their headers.
 */
export const MEDIA_LIMITS = {
  /** Declared length of the file or any of its streams: no use beyond the longest timeline. */
  seconds: LIMITS.timelineSeconds,
  /** Declared video frames: the longest timeline at the highest frame rate. */
  frames: LIMITS.timelineSeconds * LIMITS.maxFps,
  /** Pixels of one frame, in all and on a side: the same bounds as uploaded pictures. */
  framePixels: LIMITS.imagePixels,
  frameSide: LIMITS.imageSide,
  /** Sound sample rates: telephone speech to the highest studio rate. */
  minSampleRate: 8_000,
  maxSampleRate: 384_000,
  /** Sound channels (7.1 is 8; beyond this is not music or speech). */
  channels: 16,
} as const;

/** Facts ffprobe reads from a media file's headers (absent when it does not say). */
export interface DeclaredMedia {
  seconds?: number | undefined;
  frames?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
  sampleRate?: number | undefined;
  channels?: number | undefined;
}

/** Why declared media breaks `MEDIA_LIMITS` (the user-facing message), or null when it fits. */
export function mediaLimitBreach(media: DeclaredMedia): string | null {
  const { seconds, frames, width, height, sampleRate, channels } = media;
  if (seconds !== undefined && seconds > MEDIA_LIMITS.seconds)
    return MESSAGES.limits.mediaTooLong(MEDIA_LIMITS.seconds / 3600);
  if (frames !== undefined && frames > MEDIA_LIMITS.frames)
    return MESSAGES.limits.mediaTooManyFrames(MEDIA_LIMITS.frames);
  if (
    (width ?? 0) > MEDIA_LIMITS.frameSide ||
    (height ?? 0) > MEDIA_LIMITS.frameSide ||
    (width ?? 0) * (height ?? 0) > MEDIA_LIMITS.framePixels
  )
    return MESSAGES.limits.mediaFrameTooLarge(MEDIA_LIMITS.framePixels, MEDIA_LIMITS.frameSide);
  if (
    sampleRate !== undefined &&
    (sampleRate < MEDIA_LIMITS.minSampleRate || sampleRate > MEDIA_LIMITS.maxSampleRate)
  )
    return MESSAGES.limits.mediaSampleRate(MEDIA_LIMITS.minSampleRate, MEDIA_LIMITS.maxSampleRate);
  if (channels !== undefined && channels > MEDIA_LIMITS.channels)
    return MESSAGES.limits.mediaChannels(MEDIA_LIMITS.channels);
  return null;
}

/** The largest frame value anywhere on a timeline: the whole length at the highest frame rate. */
export const MAX_FRAME_VALUE = LIMITS.timelineSeconds * LIMITS.maxFps;

/** A frame position or length: finite, never negative, never beyond the timeline cap. */
export const frameValueSchema = z.number().nonnegative().max(MAX_FRAME_VALUE);

export const idSchema = z.string().min(1).max(LIMITS.idLength);
export const urlTextSchema = z.string().min(1).max(LIMITS.urlLength);

/** Size of a value as JSON text, in UTF-16 code units (a close, cheap proxy for bytes). */
function jsonLength(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** Refuses a free-form value whose JSON is larger than `maxBytes`. */
export function jsonWithin<T extends z.ZodType>(schema: T, maxBytes: number, what: string) {
  return schema.refine((value) => jsonLength(value) <= maxBytes, {
    message: `${what} is too large (at most ${Math.round(maxBytes / 1024)} KB)`,
  });
}

export type JsonHazard =
  | { kind: 'depth'; path: string }
  | { kind: 'string-length'; path: string }
  | { kind: 'array-length'; path: string }
  | { kind: 'text'; path: string };

/** True when a string has a NUL character or a UTF-16 surrogate without its pair. */
export function hasUnsafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** The message a refused body gets, naming where the problem is. */
export function jsonHazardMessage(hazard: JsonHazard): string {
  const at = hazard.path || 'body';
  switch (hazard.kind) {
    case 'depth':
      return `${at}: nested too deeply (at most ${LIMITS.jsonDepth} levels)`;
    case 'string-length':
      return `${at}: text is too long (at most ${LIMITS.jsonStringLength} characters)`;
    case 'array-length':
      return `${at}: list is too long (at most ${LIMITS.jsonArrayLength} entries)`;
    case 'text':
      return `${at}: text contains a NUL character or an unpaired surrogate`;
  }
}

/**
 * The first hazard in a parsed JSON value, or null: nesting deeper than `LIMITS.jsonDepth`,
 * a string (value or key) longer than `LIMITS.jsonStringLength` or with unsafe characters,
 * an array longer than `LIMITS.jsonArrayLength`. Iterative, so a deep value cannot overflow
 * the stack while being checked.
 */
export function findJsonHazard(root: unknown): JsonHazard | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  const checkText = (text: string, path: string): JsonHazard | null => {
    if (text.length > LIMITS.jsonStringLength) return { kind: 'string-length', path };
    if (hasUnsafeText(text)) return { kind: 'text', path };
    return null;
  };
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const hazard = checkText(value, path);
      if (hazard) return hazard;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= LIMITS.jsonDepth) return { kind: 'depth', path };
    if (Array.isArray(value)) {
      if (value.length > LIMITS.jsonArrayLength) return { kind: 'array-length', path };
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key.slice(0, 60)}` : key.slice(0, 60);
      const hazard = checkText(key, childPath);
      if (hazard) return hazard;
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
