import { z } from 'zod';
import { LIBRARY_CONSTANTS } from '../library-constants';
import { LIMITS } from '../limits';
import { stockMusicTrackSchema } from '../music';

/** A comma-separated multi-select filter (`?mood=Calm,Happy`), read with `splitMoods`. */
const listParam = z.string().optional();

/** GET /api/music/tracks query: search text and the genre, mood, tempo, folder filters. */
export const musicTrackQuerySchema = z.object({
  search: z.string().max(200).optional(),
  genre: listParam,
  mood: listParam,
  tempo: listParam,
  folder: z.string().optional(),
  has_lyrics: z.enum(['true', 'false']).optional(),
});

/** A library track as the API answers it (spec 2 §3 'Stock music track' plus its folder). */
export const libraryTrackSchema = stockMusicTrackSchema.extend({
  folder: z.string(),
  /** Beats per minute, for composed tracks. */
  bpm: z.number().optional(),
});
export type LibraryTrackAnswer = z.infer<typeof libraryTrackSchema>;

/** GET /api/music/tracks: the matching tracks and every filter's choices. */
export const musicTrackListResponseSchema = z.object({
  tracks: z.array(libraryTrackSchema),
  folders: z.array(z.string()),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  tempos: z.array(z.string()),
});
export type MusicTrackList = z.infer<typeof musicTrackListResponseSchema>;
export type MusicTrack = MusicTrackList['tracks'][number];

/** The fields of the track list a trending-songs list reads. */
export const trendingTrackListSchema = z.object({
  tracks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      duration: z.number(),
      /** The sung words of a song with lyrics (shown under its name in the picker). */
      lyrics: z.string().optional(),
    }),
  ),
});
export type TrendingTrack = z.infer<typeof trendingTrackListSchema>['tracks'][number];

/** GET /api/music/tracks/{id}/audio and …/waveform. */
export const musicTrackParamsSchema = z.object({ id: z.string() });

/** GET /api/music/tracks/{id}/waveform query: how many peaks. */
export const musicWaveformQuerySchema = z.object({
  samples: z.coerce.number().int().min(1).max(10_000).default(LIBRARY_CONSTANTS.waveformSamples),
});

/** GET /api/music/tracks/{id}/waveform: peaks 0–1. */
export const musicWaveformResponseSchema = z.object({
  id: z.string(),
  samples: z.number(),
  peaks: z.array(z.number()),
});

const seconds = z.coerce
  .number()
  .min(0)
  .max(24 * 3600);

/** POST /api/media/upload_audio form fields besides the file: the segment kept, in seconds. */
export const songTrimFieldsSchema = z.object({ trim_start: seconds, trim_end: seconds }).partial();

/** POST /api/media/upload_audio: the song stored, cut to the chosen segment. */
export const uploadedSongResponseSchema = z.object({
  url: z.string().min(1),
  duration: z.number(),
  waveform: z.array(z.number()),
});

/** GET /api/media/trim_limits: the segment lengths this server accepts. */
export const trimLimitsResponseSchema = z.object({
  minSeconds: z.number(),
  maxSeconds: z.number(),
});

/** POST /api/media/analyze_audio body. */
export const analyzeAudioRequestSchema = z.object({
  music_url: z.string().trim().min(1).max(LIMITS.urlLength),
  video_type: z.string().max(50).nullish(),
});

/** POST /api/media/analyze_audio: the song's tempo, beats, length and number of shots. */
export const analyzeAudioResponseSchema = z.object({
  duration: z.number(),
  tempo: z.number(),
  beats: z.array(z.number()),
  num_shots: z.number(),
});
