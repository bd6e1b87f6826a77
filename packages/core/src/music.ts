import { z } from 'zod';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';

export const MUSIC_TEMPOS = ['Slow', 'Medium', 'Fast', 'Upbeat'] as const;
export const musicTempoSchema = z.enum(MUSIC_TEMPOS);

/** Folders of the stock music library (spec 1 §9, spec 2 §3). */
export const MUSIC_FOLDERS = [
  'Cute',
  'Dynamic',
  'Light and Cheerful',
  'On Beat',
  'Quirky',
  'Sad',
  'Soothing',
  'TOP 20',
  'Default',
] as const;

/** The stock folder the trending songs and the awards' featured songs come from (ours). */
export const TRENDING_FOLDER = 'TOP 20';
/** Trending songs preview quietly (spec 2 §9). */
export const TRENDING_PREVIEW_VOLUME = 0.3;
/** The awards song picker offers this many featured songs (spec 2 §2). */
export const AWARDS_FEATURED_SONGS = 7;

/** Longest words a stock song lists (characters). */
export const STOCK_LYRICS_MAX = 4000;

/** A stock music track. mood is comma-separated text; has_lyrics is missing on some. */
export const stockMusicTrackSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  url: z.string().min(1),
  /** seconds */
  duration: z.number().nonnegative(),
  genre: z.string(),
  mood: z.string(),
  tempo: musicTempoSchema,
  story_media_resources_id: z.string().nullable().optional(),
  has_lyrics: z.boolean().optional(),
  /** A song's words, a line a line (the library's sung songs). */
  lyrics: z.string().max(STOCK_LYRICS_MAX).optional(),
});
export type StockMusicTrack = z.infer<typeof stockMusicTrackSchema>;

/** Value a background_music field takes for 'auto' and 'none' (spec 2 §4). */
export const MUSIC_AUTO = 'auto';

/** Splits a comma-separated mood text into trimmed, non-empty moods. */
export function splitMoods(mood: string | null | undefined): string[] {
  return (mood ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

export interface MusicSearchFilters {
  genres?: readonly string[];
  moods?: readonly string[];
  tempos?: readonly string[];
}

interface SearchableTrack {
  name: string;
  genre?: string | null;
  mood?: string | null;
  tempo?: string | null;
}

/**
 * Music search (spec 3 §5): the query matches name, genre, mood or tempo case-insensitively;
 * filters are OR within one filter and AND across filters; moods split on commas.
 */
export function searchMusic<T extends SearchableTrack>(
  tracks: readonly T[],
  query: string,
  filters: MusicSearchFilters = {},
): T[] {
  const needle = query.trim().toLowerCase();
  const lower = (values: readonly string[] | undefined) =>
    (values ?? []).map((value) => value.toLowerCase());
  const genres = lower(filters.genres);
  const moods = lower(filters.moods);
  const tempos = lower(filters.tempos);
  return tracks.filter((track) => {
    const trackMoods = splitMoods(track.mood).map((mood) => mood.toLowerCase());
    const genre = (track.genre ?? '').toLowerCase();
    const tempo = (track.tempo ?? '').toLowerCase();
    if (needle.length > 0) {
      const haystack = [track.name.toLowerCase(), genre, (track.mood ?? '').toLowerCase(), tempo];
      if (!haystack.some((text) => text.includes(needle))) return false;
    }
    if (genres.length > 0 && !genres.includes(genre)) return false;
    if (tempos.length > 0 && !tempos.includes(tempo)) return false;
    if (moods.length > 0 && !trackMoods.some((mood) => moods.includes(mood))) return false;
    return true;
  });
}

/** Hosts the music URL dialog accepts: Suno (two domain forms) and TikTok, with subdomains. */
export const MUSIC_URL_HOSTS = ['suno.com', 'suno.ai', 'tiktok.com'] as const;

const URL_PATTERN = /^https?:\/\/([^\s/?#:@]+)(?::\d+)?(?:[/?#]\S*)?$/i;

/** The host of an http(s) URL, lower-cased, or null when the text is not such a URL. */
export function urlHost(text: string): string | null {
  const match = URL_PATTERN.exec(text.trim());
  const host = match?.[1]?.toLowerCase();
  return host && host.includes('.') ? host : null;
}

/** The Suno hosts: the lyrics form takes Suno links only (spec 2 §2). */
export const SUNO_URL_HOSTS = ['suno.com', 'suno.ai'] as const;

function isHostOf(host: string, hosts: readonly string[]): boolean {
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * Validation of the music URL dialog (spec 1 §5): the error text, or null when valid. The
 * lyrics form passes `'suno'`: a TikTok link is then refused too.
 */
export function validateMusicUrl(text: string, sources: 'suno' | 'all' = 'all'): string | null {
  if (text.trim().length === 0) return MESSAGES.musicUrl.enterUrl;
  const host = urlHost(text);
  if (!host) return MESSAGES.musicUrl.invalidUrl;
  if (sources === 'suno') return isHostOf(host, SUNO_URL_HOSTS) ? null : MESSAGES.musicUrl.sunoOnly;
  if (!isHostOf(host, MUSIC_URL_HOSTS)) return MESSAGES.musicUrl.unsupportedHost;
  return null;
}

/** What the dialog shows for a server failure message (spec 1 §8). */
export function musicUrlServerErrorMessage(message: string): string {
  return message.startsWith(MESSAGES.musicUrl.parseFailedPrefix)
    ? MESSAGES.musicUrl.parseFailed
    : message;
}

/** POST /api/media/parse_music_url (an empty link is refused by the service, with its text). */
export const parseMusicUrlRequestSchema = z.object({
  url: z.string().trim().max(LIMITS.urlLength),
});
export const parseMusicUrlResponseSchema = z.object({
  success: z.boolean(),
  url: z.string().optional(),
  metadata: z
    .looseObject({ title: z.string().optional(), duration: z.number().optional() })
    .optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});

/** Audio upload of the creation forms (spec 2 §5, §9). */
export const AUDIO_UPLOAD = {
  maxBytes: 26214400,
  extensions: ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.flac', '.wma'],
} as const;

/** Validates an audio file for the song dialog: the first error text, or null. */
export function validateAudioFile(file: {
  name: string;
  type: string;
  size: number;
}): string | null {
  if (!file.type.startsWith('audio')) return MESSAGES.generate.invalidAudio;
  const name = file.name.toLowerCase();
  if (!AUDIO_UPLOAD.extensions.some((extension) => name.endsWith(extension))) {
    return MESSAGES.generate.invalidAudioExtension;
  }
  if (file.size > AUDIO_UPLOAD.maxBytes) return MESSAGES.generate.audioTooLarge;
  return null;
}

/** Trim limits (spec 2 §5, §9), seconds. */
export const TRIM_LIMITS = {
  min: 10,
  max: 60,
  extendedMax: 300,
  defaultWindow: 30,
  keyboardStep: 1,
  shiftStep: 5,
  fineStep: 0.1,
} as const;

/** m:ss, e.g. 0:09 or 5:00. */
export function formatMinutesSeconds(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Validates a trim window length: the error text, or null. maxSeconds is 60 or 300. */
export function validateTrimDuration(
  durationSeconds: number,
  maxSeconds: number = TRIM_LIMITS.max,
): string | null {
  const current = formatMinutesSeconds(durationSeconds);
  if (durationSeconds < TRIM_LIMITS.min) return MESSAGES.generate.trimTooShort(current);
  if (durationSeconds > maxSeconds) return MESSAGES.generate.trimTooLong(maxSeconds, current);
  return null;
}

/** Initial trim window: the whole song if it fits, else a 30 s window centred in the song. */
export function defaultTrimWindow(
  songSeconds: number,
  maxSeconds: number = TRIM_LIMITS.max,
): { start: number; end: number } {
  if (songSeconds <= maxSeconds) return { start: 0, end: Math.max(0, songSeconds) };
  const length = Math.min(TRIM_LIMITS.defaultWindow, maxSeconds);
  const start = (songSeconds - length) / 2;
  return { start, end: start + length };
}
