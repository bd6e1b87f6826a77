import {
  type CreateMediaResource,
  deletedMediaResourcesResponseSchema,
  type MediaAsset,
  mediaResourceListSchema,
  mediaResourceResponseSchema,
  type MediaUploadResponse,
  mediaUploadResponseSchema,
  MESSAGES,
} from '@storyloom/core';
import { requestJson, withQuery } from '../../lib/api-client';

export type UploadAnswer = MediaUploadResponse;

/** An upload refused or broken: its text is what the tile shows. */
export class UploadError extends Error {
  override name = 'UploadError';
}

/**
 * POST /api/media/upload (spec 3 §7): the file streamed as multipart field `file`, with the
 * bytes sent reported as they go (`onProgress(sent, total)`), and `onSent` once the last byte is
 * out (the server then reads and stores it). A status outside 200–299 is an error: the server's
 * message when it gives one, else 'HTTP {status}: {text}'.
 */
export function uploadMediaFile(
  file: File,
  handlers: { onProgress: (sent: number, total: number) => void; onSent: () => void },
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) handlers.onProgress(event.loaded, event.total);
    };
    xhr.upload.onload = () => handlers.onSent();
    xhr.onerror = () => reject(new UploadError(MESSAGES.editor.fileUploadFailed));
    xhr.onabort = () => reject(new UploadError(MESSAGES.editor.uploadFailedShort));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      if (xhr.status < 200 || xhr.status > 299) {
        const message =
          body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
            ? body.message
            : MESSAGES.editor.httpError(xhr.status, xhr.statusText);
        reject(new UploadError(message));
        return;
      }
      const parsed = mediaUploadResponseSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new UploadError(MESSAGES.editor.uploadFailedShort));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const storyPath = (storyId: string) => `/stories/${encodeURIComponent(storyId)}/media_resources`;

/** Media resource create (spec 3 §7): the stored resource as a media asset. */
export async function createMediaResource(
  storyId: string,
  body: CreateMediaResource,
): Promise<MediaAsset> {
  const answer = await requestJson(storyPath(storyId), mediaResourceResponseSchema, {
    method: 'POST',
    body,
  });
  return answer.media_resource;
}

/** A story's media resources (spec 3 §7 "fetching a story's media resources"). */
export async function listMediaResources(storyId: string): Promise<MediaAsset[]> {
  return (await requestJson(storyPath(storyId), mediaResourceListSchema)).media_resources;
}

/** Media resource delete by ids (spec 3 §7). */
export async function deleteMediaResources(storyId: string, ids: string[]): Promise<void> {
  await requestJson(storyPath(storyId), deletedMediaResourcesResponseSchema, {
    method: 'DELETE',
    body: { ids },
  });
}

/** The history picker: the user's earlier uploads of a kind. */
export async function fetchUploadHistory(type: 'video' | 'image' | 'audio') {
  return (await requestJson(withQuery('/api/media/history', { type }), mediaResourceListSchema))
    .media_resources;
}

/** The media picker's generation and albums tabs. */
export async function fetchMediaLibrary(tab: 'generation' | 'albums', type: 'video' | 'image') {
  return (
    await requestJson(withQuery('/api/media/library', { tab, type }), mediaResourceListSchema)
  ).media_resources;
}

/** The create body that adds an existing asset (an earlier upload, a generated one) to a story. */
export function resourceOf(asset: MediaAsset, id: string): CreateMediaResource {
  const type = asset.resource_type === 'file' ? 'video' : asset.resource_type;
  return {
    id,
    type,
    url: asset.url,
    ...(asset.subtype === 'music' || asset.subtype === 'voiceover'
      ? { subtype: asset.subtype }
      : {}),
    ...(asset.thumbnail_url ? { thumbnail_url: asset.thumbnail_url } : {}),
    ...(asset.title ? { title: asset.title } : {}),
    ...(asset.metadata ? { metadata: asset.metadata } : {}),
    ...(asset.configs ? { configs: asset.configs } : {}),
  };
}
