import { z } from 'zod';
import type { LyricsVideoPayloadInput, MusicVideoPayloadInput } from '@storyloom/core';
import { apiErrorFromBody } from '../../lib/api-error';
import { requestJson } from '../../lib/api-client';
import type { SongWindow } from './music-video-form-model';

const uploadedSongSchema = z.object({
  url: z.string().min(1),
  duration: z.number(),
  waveform: z.array(z.number()),
});

/** POST /api/media/upload_audio: the song stored on the server, cut to the chosen segment. */
export async function uploadSong(file: File, window: SongWindow | null) {
  const form = new FormData();
  if (window) {
    form.append('trim_start', window.start.toFixed(3));
    form.append('trim_end', window.end.toFixed(3));
  }
  form.append('file', file, file.name);
  const response = await fetch('/api/media/upload_audio', {
    method: 'POST',
    credentials: 'same-origin',
    body: form,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, body);
  return uploadedSongSchema.parse(body);
}

/** POST /stories/workflow/generate_music_video. */
export function startMusicVideo(payload: MusicVideoPayloadInput) {
  return requestJson(
    '/stories/workflow/generate_music_video',
    z.object({ workflowRunId: z.string() }),
    { method: 'POST', body: payload },
  );
}

/** POST /stories/workflow/generate_lyrics_to_video. */
export function startLyricsVideo(payload: LyricsVideoPayloadInput) {
  return requestJson(
    '/stories/workflow/generate_lyrics_to_video',
    z.object({ workflowRunId: z.string() }),
    { method: 'POST', body: payload },
  );
}
