import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { MESSAGES, musicVideoShotCount, validateTrimDuration } from '@storyloom/core';
import { waveformPeaks } from '@storyloom/core';
import { ANALYSIS_SAMPLE_RATE, decodeAudioWindow, trackBeats } from '@storyloom/pipeline';
import { ffprobe, ProbeLimitError, runFfmpeg } from '@storyloom/render';
import type { AppContext } from '../app-context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { newBlobKey, type BlobExtension } from '../storage/blob-store.js';
import { checkStorageQuota } from '../storage/storage-quota.js';
import { sniffAudioMime } from '../storage/sniff.js';

/** The container a sniffed audio type is stored as, when it can be kept as it is. */
const STORED_AS: Record<string, BlobExtension | undefined> = {
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};

export interface SongUpload {
  url: string;
  duration: number;
  /** 1000 peaks (0–1) of the stored song, for the trim dialog's waveform. */
  waveform: number[];
}

/**
 * Slack allowed between a song's length and its trim limit, in seconds: a cut made by copying
 * packets ends on a packet, a little after the asked end.
 */
const LENGTH_SLACK_SECONDS = 0.5;

/** Seconds of samples at the analysis rate, to the millisecond. */
const secondsOf = (samples: Float32Array) =>
  Math.round((samples.length / ANALYSIS_SAMPLE_RATE) * 1000) / 1000;

export interface SongAnalysis {
  duration: number;
  tempo: number;
  /** Beat times in seconds. */
  beats: number[];
  num_shots: number;
}

/**
 * Songs creators bring for music videos (spec 2 §4, §5): stored after an optional trim to
 * the chosen segment, and analysed for tempo, beats and the number of shots.
 */
export class SongService {
  constructor(private readonly ctx: Pick<AppContext, 'blobs' | 'config' | 'media' | 'music'>) {}

  private async inWorkFolder<T>(fn: (dir: string) => Promise<T>): Promise<T> {
    const parent = path.join(this.ctx.config.dataDir, 'tmp');
    await mkdir(parent, { recursive: true });
    const dir = await mkdtemp(path.join(parent, 'song-'));
    try {
      return await fn(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * Stores an uploaded song, cut to [start, end) seconds when given. The kept length must be
   * 10 s to the server's maximum (60 s unless the operator allows up to 300 s): as its headers
   * declare it before anything is cut, and as it decodes after (a file can lie about its
   * length), reading no more than the maximum and a little.
   */
  async upload(
    userId: string,
    bytes: Buffer,
    trim: { start: number; end: number } | null,
  ): Promise<SongUpload> {
    const mime = sniffAudioMime(bytes.subarray(0, 16));
    if (!mime) throw badRequest(MESSAGES.generate.invalidAudio, 'UNSUPPORTED_TYPE');
    return this.inWorkFolder(async (dir) => {
      const input = path.join(dir, 'song');
      await writeFile(input, bytes);
      const duration = await audioDuration(input);
      if (duration <= 0) throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
      const window = trim ?? { start: 0, end: duration };
      if (window.start < 0 || window.end > duration + 0.05 || window.end <= window.start)
        throw badRequest('The segment must lie inside the song', 'INVALID_SEGMENT');
      const tooLongOrShort = validateTrimDuration(
        window.end - window.start,
        this.ctx.config.musicTrimMaxSeconds,
      );
      if (tooLongOrShort) throw badRequest(tooLongOrShort, 'INVALID_SEGMENT');
      const kept = STORED_AS[mime];
      const whole = !trim || (window.start <= 0 && window.end >= duration);
      const output =
        whole && kept ? { file: input, extension: kept } : await cut(input, dir, window, kept);
      const samples = await this.boundedSong(output.file);
      const stored = await readFile(output.file);
      await checkStorageQuota(this.ctx, userId, stored.length);
      const key = newBlobKey('uploads', output.extension);
      await this.ctx.blobs.put(key, stored);
      await this.ctx.media.record({ key, userId, kind: 'upload', bytes: stored.length });
      return {
        url: this.ctx.blobs.url(key),
        duration: secondsOf(samples),
        waveform: waveformPeaks(samples, 1000),
      };
    });
  }

  /**
   * Samples of a song about to be stored or used, at the analysis rate: the song decoded up to
   * its trim limit and a little more, refused when it goes on past the limit.
   */
  private async boundedSong(file: string): Promise<Float32Array> {
    const max = this.ctx.config.musicTrimMaxSeconds;
    const samples = await decodeAudioWindow(file, { start: 0, seconds: max + 1 }).catch(() => {
      throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
    });
    const seconds = secondsOf(samples);
    if (seconds < 1) throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
    if (seconds > max + LENGTH_SLACK_SECONDS) {
      const tooLong = validateTrimDuration(seconds, max);
      throw badRequest(tooLong ?? MESSAGES.generate.invalidAudio, 'INVALID_SEGMENT');
    }
    return samples;
  }

  /**
   * Tempo, beats, length and shot count of a song: one the user stored, or a stock track. Its
   * length is what its headers declare (within `MEDIA_LIMITS`); its beats are heard in its first
   * minutes only (the server's trim limit), decoded by ffmpeg at the analysis rate, so a long
   * song costs no more than a trimmed one.
   */
  async analyze(userId: string, musicUrl: string, videoType: string | null): Promise<SongAnalysis> {
    return this.inWorkFolder(async (dir) => {
      const file = await this.songFile(userId, musicUrl, dir);
      const declared = await audioDuration(file);
      const window = Math.min(declared, this.ctx.config.musicTrimMaxSeconds);
      const samples =
        window > 0
          ? await decodeAudioWindow(file, { start: 0, seconds: window }).catch(() => {
              throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
            })
          : new Float32Array(0);
      const heard = secondsOf(samples);
      // A song shorter than it claims is as long as it sounds.
      const duration = heard < window - LENGTH_SLACK_SECONDS ? heard : declared;
      if (duration < 1) throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
      const { tempo, beats } = trackBeats(samples, ANALYSIS_SAMPLE_RATE);
      return {
        duration: Math.round(duration * 1000) / 1000,
        tempo: Math.round(tempo * 100) / 100,
        beats,
        num_shots: musicVideoShotCount({ videoType, musicDuration: duration }),
      };
    });
  }

  /**
   * The song of a music video about to start: the creator's own upload (kept where it is) or a
   * stock track (copied into the creator's media, so the export reads it like any upload), its
   * length within the trim limits, and what the beat tracker hears in it.
   */
  async songForVideo(
    userId: string,
    musicUrl: string,
  ): Promise<{ url: string; analysis: { duration: number; tempo: number; beats: number[] } }> {
    return this.inWorkFolder(async (dir) => {
      const file = await this.songFile(userId, musicUrl, dir);
      if ((await audioDuration(file)) <= 0)
        throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
      const samples = await this.boundedSong(file);
      const duration = Math.min(secondsOf(samples), this.ctx.config.musicTrimMaxSeconds);
      const tooLongOrShort = validateTrimDuration(duration, this.ctx.config.musicTrimMaxSeconds);
      if (tooLongOrShort) throw badRequest(tooLongOrShort, 'INVALID_SEGMENT');
      const { tempo, beats } = trackBeats(samples, ANALYSIS_SAMPLE_RATE);
      let key = blobKeyOfUrl(musicUrl, this.ctx.config.publicUrl);
      if (!key) {
        const wav = await wavOf(file, dir);
        await checkStorageQuota(this.ctx, userId, wav.length);
        key = newBlobKey('uploads', 'wav');
        await this.ctx.blobs.put(key, wav);
        await this.ctx.media.record({ key, userId, kind: 'upload', bytes: wav.length });
      }
      return {
        url: this.ctx.blobs.url(key),
        analysis: { duration, tempo: Math.round(tempo * 100) / 100, beats },
      };
    });
  }

  private async songFile(userId: string, musicUrl: string, dir: string): Promise<string> {
    const stock = /\/api\/music\/tracks\/([^/]+)\/audio$/.exec(musicUrl);
    if (stock) {
      const track = this.ctx.music.findTrack(decodeURIComponent(stock[1]!));
      if (!track) throw new HttpError(404, 'NOT_FOUND', 'Track not found');
      return (await this.ctx.music.audioFile(track)).path;
    }
    const key = blobKeyOfUrl(musicUrl, this.ctx.config.publicUrl);
    if (!key || !(await this.ctx.media.usableBy(key, userId)))
      throw badRequest('The song must be one you uploaded or a stock track', 'UNKNOWN_SONG');
    const file = path.join(dir, 'song');
    await pipeline(await this.ctx.blobs.read(key), createWriteStream(file));
    return file;
  }
}

/**
 * A song's length as its headers declare it; 0 when it is not readable audio. A file declaring
 * more than `MEDIA_LIMITS` (a day of sound, a 1 Hz rate) is refused with what it broke.
 */
async function audioDuration(file: string): Promise<number> {
  try {
    const probed = await ffprobe(file);
    if (!probed.streams.some((s) => s.codec_type === 'audio')) return 0;
    return Number(probed.format.duration) || 0;
  } catch (error) {
    if (error instanceof ProbeLimitError) throw badRequest(error.message, 'MEDIA_TOO_LARGE');
    return 0;
  }
}

/**
 * Cuts [start, end) out of a song (spec 2 §4): first by copying the audio as it is, then, if
 * that fails or leaves nothing, by re-encoding it as MP3, and last as WAV.
 */
async function cut(
  input: string,
  dir: string,
  window: { start: number; end: number },
  kept: BlobExtension | undefined,
): Promise<{ file: string; extension: BlobExtension }> {
  const seek = ['-ss', String(window.start), '-t', String(window.end - window.start)];
  const attempts: { extension: BlobExtension; codec: string[] }[] = [
    ...(kept ? [{ extension: kept, codec: ['-c', 'copy'] }] : []),
    { extension: 'mp3', codec: ['-c:a', 'libmp3lame', '-b:a', '192k'] },
    { extension: 'wav', codec: ['-c:a', 'pcm_s16le'] },
  ];
  for (const [index, attempt] of attempts.entries()) {
    const file = path.join(dir, `cut-${index}.${attempt.extension}`);
    try {
      await runFfmpeg(
        [
          '-hide_banner',
          '-nostdin',
          '-loglevel',
          'error',
          '-y',
          ...seek,
          '-i',
          input,
          '-vn',
        ].concat(attempt.codec, [file]),
      );
      // A copy of a file that lies about its timing can come out longer than the window.
      const seconds = (await stat(file)).size > 0 ? await audioDuration(file) : 0;
      if (seconds > 0 && seconds <= window.end - window.start + LENGTH_SLACK_SECONDS)
        return { file, extension: attempt.extension };
    } catch {
      // the next way
    }
  }
  throw badRequest(MESSAGES.generate.invalidAudio, 'UNREADABLE_AUDIO');
}

/** A stock track as a WAV file (whatever its own container), for a story's song. */
async function wavOf(input: string, dir: string): Promise<Buffer> {
  const file = path.join(dir, 'song.wav');
  await runFfmpeg(
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-vn'].concat([
      '-c:a',
      'pcm_s16le',
      file,
    ]),
  );
  return readFile(file);
}
