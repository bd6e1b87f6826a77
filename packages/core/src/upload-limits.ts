import { MESSAGES } from './messages';

export type UploadKind = 'video' | 'image' | 'audio';

export interface UploadLimit {
  readonly extensions: readonly string[];
  readonly maxBytes: number;
}

/** Editor upload limits (spec 3 §5). */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, UploadLimit>> = {
  video: { extensions: ['mp4', 'webm', 'mov', 'avi'], maxBytes: 104857600 },
  image: { extensions: ['jpeg', 'jpg', 'png', 'gif', 'webp'], maxBytes: 10485760 },
  audio: { extensions: ['mp3', 'wav', 'aac', 'ogg', 'mpeg'], maxBytes: 10485760 },
};

/** Thumbnail upload (spec 1 §5): png, jpeg, webp, gif up to 10 MB, stored under stories/thumbnails. */
export const THUMBNAIL_UPLOAD = {
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  maxBytes: 10485760,
  folder: 'stories/thumbnails',
} as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const EXTENSION_KINDS: Readonly<Record<string, UploadKind>> = Object.fromEntries(
  (Object.keys(UPLOAD_LIMITS) as UploadKind[]).flatMap((kind) =>
    UPLOAD_LIMITS[kind].extensions.map((extension) => [extension, kind] as const),
  ),
);

/**
 * The media kind of a file: from the MIME type prefix (video, image, audio), or from the
 * extension when the MIME type is missing. Null when neither tells.
 */
export function uploadKindOf(file: { name: string; type?: string | null }): UploadKind | null {
  const mime = (file.type ?? '').toLowerCase();
  if (mime.length > 0) {
    const prefix = mime.split('/')[0];
    return prefix === 'video' || prefix === 'image' || prefix === 'audio' ? prefix : null;
  }
  return EXTENSION_KINDS[fileExtension(file.name)] ?? null;
}

function allowedFor(kind: UploadKind, file: { name: string; type?: string | null }): boolean {
  const extensions = UPLOAD_LIMITS[kind].extensions;
  const extension = fileExtension(file.name);
  if (extensions.includes(extension)) return true;
  const subtype = (file.type ?? '').toLowerCase().split('/')[1] ?? '';
  // video/quicktime is .mov; audio/mpeg is .mp3; x- prefixes are common vendor spellings.
  const normalized = subtype.replace(/^x-/, '').replace('quicktime', 'mov');
  return normalized.length > 0 && extensions.includes(normalized);
}

/**
 * Validates one editor upload: the first error text (spec 3 §5), or null. Byte limits are
 * shown as whole MB.
 */
export function validateEditorUpload(file: {
  name: string;
  type?: string | null;
  size: number;
}): string | null {
  const kind = uploadKindOf(file);
  if (!kind) return MESSAGES.editor.unsupportedFileType(file.name);
  if (!allowedFor(kind, file)) return MESSAGES.editor.typeNotSupportedForKind(file.name, kind);
  const limit = UPLOAD_LIMITS[kind].maxBytes;
  if (file.size > limit)
    return MESSAGES.editor.fileTooLarge(file.name, Math.round(limit / 1048576));
  return null;
}

/** Whether a thumbnail file is acceptable (type and size). */
export function isAcceptableThumbnail(file: { type: string; size: number }): boolean {
  return (
    (THUMBNAIL_UPLOAD.mimeTypes as readonly string[]).includes(file.type) &&
    file.size <= THUMBNAIL_UPLOAD.maxBytes
  );
}
