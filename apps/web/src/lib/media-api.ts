import { imageUploadResponseSchema } from '@storyloom/core';
import { apiErrorFromBody } from './api-error';

/** POST /api/media/upload_image (multipart field `file`): the stored image's URL. */
export async function uploadImage(file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const response = await fetch('/api/media/upload_image', {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, body);
  return imageUploadResponseSchema.parse(body).imageUrl;
}
