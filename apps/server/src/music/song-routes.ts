import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyzeAudioRequestSchema,
  analyzeAudioResponseSchema,
  AUDIO_UPLOAD,
  MESSAGES,
  parseMusicUrlRequestSchema,
  parseMusicUrlResponseSchema,
  songTrimFieldsSchema,
  TRIM_LIMITS,
  trimLimitsResponseSchema,
  uploadedSongResponseSchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { badRequest, HttpError } from '../http/errors.js';
import { rateLimited } from '../http/rate-limits.js';
import { requireMultipartBoundary } from '../storage/multipart-request.js';
import { SongService } from './song-service.js';
import { MusicLinkService } from './music-link-service.js';

/**
 * A creator's song for a music video (spec 2 §4, §5; paths ours, the spec shows none):
 * POST /api/media/upload_audio (multipart `file`, optional `trim_start`/`trim_end` seconds)
 * stores it cut to the segment; POST /api/media/analyze_audio answers its tempo, beats, length
 * and number of shots.
 */
export function songRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const songs = new SongService(ctx);

  r.post(
    '/api/media/upload_audio',
    {
      ...rateLimited('upload'),
      schema: {
        tags: ['music'],
        summary: `Upload a song (at most 25 MB), cut to a segment of ${TRIM_LIMITS.min}–${TRIM_LIMITS.max} s (or the server's maximum)`,
        consumes: ['multipart/form-data'],
        response: {
          200: uploadedSongResponseSchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      requireMultipartBoundary(req);
      const fields: Record<string, string> = {};
      let song: { field: string; name: string; bytes: Buffer } | null = null;
      let truncated = false;
      // Every part is read to its end before anything is refused, so the connection stays usable.
      for await (const part of req.parts({
        limits: { fileSize: AUDIO_UPLOAD.maxBytes, files: 1, fields: 4, fieldSize: 100 },
      })) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer().catch((error: unknown) => {
            if (
              error instanceof Error &&
              'code' in error &&
              error.code === 'FST_REQ_FILE_TOO_LARGE'
            ) {
              truncated = true;
              return Buffer.alloc(0);
            }
            throw error;
          });
          truncated ||= part.file.truncated;
          song = { field: part.fieldname, name: part.filename.toLowerCase(), bytes };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      if (truncated) throw new HttpError(413, 'FILE_TOO_LARGE', MESSAGES.generate.audioTooLarge);
      if (!song) throw badRequest(MESSAGES.generate.selectAudioFile, 'NO_FILE');
      if (song.field !== 'file') throw badRequest('Send the song in the field "file"');
      const name = song.name;
      if (!AUDIO_UPLOAD.extensions.some((extension) => name.endsWith(extension)))
        throw badRequest(MESSAGES.generate.invalidAudioExtension, 'UNSUPPORTED_TYPE');
      const bytes = song.bytes;
      const trim = songTrimFieldsSchema.safeParse(fields);
      if (!trim.success)
        throw badRequest('trim_start and trim_end must be seconds', 'INVALID_SEGMENT');
      const { trim_start: start, trim_end: end } = trim.data;
      if ((start === undefined) !== (end === undefined))
        throw badRequest('Send both trim_start and trim_end, or neither', 'INVALID_SEGMENT');
      return songs.upload(
        user.id,
        bytes,
        start !== undefined && end !== undefined ? { start, end } : null,
      );
    },
  );

  r.get(
    '/api/media/trim_limits',
    {
      schema: {
        tags: ['music'],
        summary:
          'The shortest and longest song segment a music video may use on this server (10 s; 60 s, or up to 300 s where the operator allows)',
        response: { 200: trimLimitsResponseSchema },
      },
    },
    () => ({ minSeconds: TRIM_LIMITS.min, maxSeconds: ctx.config.musicTrimMaxSeconds }),
  );

  r.post(
    '/api/media/analyze_audio',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['music'],
        summary: "A song's tempo, beat times, length and number of shots",
        body: analyzeAudioRequestSchema,
        response: {
          200: analyzeAudioResponseSchema,
        },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return ctx.work.run('songAnalysis', user.id, () =>
        songs.analyze(user.id, req.body.music_url, req.body.video_type ?? null),
      );
    },
  );

  const links = new MusicLinkService(ctx);
  r.post(
    '/api/media/parse_music_url',
    {
      ...rateLimited('workStart'),
      schema: {
        tags: ['music'],
        summary: "A Suno or TikTok link's song, fetched and stored as the user's upload",
        body: parseMusicUrlRequestSchema,
        response: { 200: parseMusicUrlResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return links.parse(user.id, req.body.url);
    },
  );
}
