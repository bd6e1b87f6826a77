import { z } from 'zod';
import {
  MESSAGES,
  TRENDING_FOLDER,
  type LyricsVideoPayloadInput,
  type MusicVideoPayloadInput,
} from '@storyloom/core';
import { apiErrorFromBody } from '../../lib/api-error';
import { requestJson, withQuery } from '../../lib/api-client';
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

/** GET /api/media/trim_limits: the segment lengths this server accepts. */
export function fetchTrimLimits() {
  return requestJson(
    '/api/media/trim_limits',
    z.object({ minSeconds: z.number(), maxSeconds: z.number() }),
  );
}

const trendingSchema = z.object({
  tracks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      duration: z.number(),
      lyrics: z.string().optional(),
    }),
  ),
});
export type TrendingSong = z.infer<typeof trendingSchema>['tracks'][number];

/** The trending songs (spec 2 §3: two lists, with and without lyrics), from the stock library. */
export async function fetchTrendingSongs(): Promise<{
  withLyrics: TrendingSong[];
  withoutLyrics: TrendingSong[];
}> {
  const list = (hasLyrics: boolean) =>
    requestJson(
      withQuery('/api/music/tracks', { folder: TRENDING_FOLDER, has_lyrics: String(hasLyrics) }),
      trendingSchema,
    ).then((answer) => answer.tracks);
  const [withLyrics, withoutLyrics] = await Promise.all([list(true), list(false)]);
  return { withLyrics, withoutLyrics };
}

/**
 * A song of the library as a file, for the segment step of the song dialog. The server makes
 * a composed track's audio on its first use, so this can take minutes; `signal` abandons it.
 */
export async function songFile(song: TrendingSong, signal?: AbortSignal): Promise<File> {
  const response = await fetch(song.url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(MESSAGES.musicUrl.downloadFailed);
  const blob = await response.blob();
  const extension = blob.type.includes('wav') ? 'wav' : 'mp3';
  return new File([blob], `${song.name}.${extension}`, { type: blob.type || 'audio/mpeg' });
}
