import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stillImage } from '@storyloom/render/test-fixtures';
import type { Client } from './helpers.js';

/**
 * Uploads a still picture (made by the render package's fixture as `dir/name`) through
 * POST /api/media/upload_image: the status and its URL.
 */
export async function uploadStill(client: Client, dir: string, name: string) {
  const file = await stillImage(path.join(dir, name));
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), 'still.png');
  const res = await client.request('POST', '/api/media/upload_image', form);
  return { status: res.status, imageUrl: ((await res.json()) as { imageUrl: string }).imageUrl };
}

/** A timeline of one still picture at `url` (asset `still`), `frames` long at 30 fps. */
export function stillTimeline(url: string, frames: number) {
  return {
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'image',
            mediaAssetId: 'still',
            startTimeInFrames: 0,
            durationInFrames: frames,
          },
        ],
      },
    ],
    mediaAssets: [{ id: 'still', url, resource_type: 'image' }],
  };
}

/** A render_video request for one still picture at `url`, `frames` long (30 fps), at 320×180. */
export function stillRenderRequest(url: string, frames: number) {
  return {
    ...stillTimeline(url, frames),
    watermarkConfig: { enabled: false, type: 'storyloom' },
    configFromStory: { width: 320, height: 180 },
  };
}
