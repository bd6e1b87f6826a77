import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type LibraryTrackAnswer,
  musicTrackListResponseSchema,
  musicTrackParamsSchema,
  musicTrackQuerySchema,
  musicWaveformQuerySchema,
  musicWaveformResponseSchema,
  searchMusic,
  splitMoods,
} from '@storyloom/core';
import { waveformPeaks } from '@storyloom/core';
import { musicTrackUrl, type LibraryTrack } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/errors.js';
import { openReadStream } from '../storage/read-stream.js';

/** A library track as the API answers it (spec 2 §3 'Stock music track' plus its folder). */
export function stockTrackOf(track: LibraryTrack): LibraryTrackAnswer {
  return {
    id: track.id,
    name: track.name,
    url: musicTrackUrl(track.id),
    duration: track.duration,
    genre: track.genre,
    mood: track.mood,
    tempo: track.tempo,
    story_media_resources_id: null,
    has_lyrics: track.has_lyrics,
    ...(track.lyrics === undefined ? {} : { lyrics: track.lyrics }),
    folder: track.folder,
    ...(track.bpm === undefined ? {} : { bpm: track.bpm }),
  };
}

/** The stock music library: search, playable audio and waveform peaks of every track. */
export function musicRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['music'];
  const peaks = new Map<string, Promise<number[]>>();

  const trackOr404 = (id: string) => {
    const track = ctx.music.findTrack(id);
    if (!track) throw notFound('Music track');
    return track;
  };

  r.get(
    '/api/music/tracks',
    {
      schema: {
        tags,
        summary:
          'Stock music tracks; search matches name, genre, mood or tempo; filters are comma lists (OR within, AND across)',
        querystring: musicTrackQuerySchema,
        response: {
          200: musicTrackListResponseSchema,
        },
      },
    },
    (req) => {
      const q = req.query;
      const all = ctx.music.tracks;
      let tracks = searchMusic(all, q.search ?? '', {
        genres: splitMoods(q.genre),
        moods: splitMoods(q.mood),
        tempos: splitMoods(q.tempo),
      });
      if (q.folder) tracks = tracks.filter((t) => t.folder === q.folder);
      if (q.has_lyrics) tracks = tracks.filter((t) => t.has_lyrics === (q.has_lyrics === 'true'));
      const distinct = (values: string[]) =>
        [...new Set(values)].sort((a, b) => a.localeCompare(b));
      return {
        tracks: tracks.map(stockTrackOf),
        folders: [...new Set(all.map((t) => t.folder))],
        genres: distinct(all.map((t) => t.genre)),
        moods: distinct(all.flatMap((t) => splitMoods(t.mood))),
        tempos: distinct(all.map((t) => t.tempo)),
      };
    },
  );

  r.get(
    '/api/music/tracks/:id/audio',
    {
      schema: {
        tags,
        summary: 'The playable audio of a stock track',
        params: musicTrackParamsSchema,
      },
    },
    async (req, reply) => {
      const track = trackOr404(req.params.id);
      // A composed track not rendered yet by the background job is rendered now (once).
      const file = await ctx.music.audioFile(track);
      reply.header('cache-control', 'public, max-age=86400');
      return reply.type(file.mimeType).send(await openReadStream(file.path));
    },
  );

  r.get(
    '/api/music/tracks/:id/waveform',
    {
      schema: {
        tags,
        summary: 'Waveform peaks (0–1) of a stock track, computed from its audio',
        params: musicTrackParamsSchema,
        querystring: musicWaveformQuerySchema,
        response: {
          200: musicWaveformResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const track = trackOr404(req.params.id);
      const key = `${track.id}/${req.query.samples}`;
      let result = peaks.get(key);
      if (!result) {
        result = ctx.music
          .samples(track)
          .then((samples) => waveformPeaks(samples, req.query.samples));
        result.catch(() => peaks.delete(key));
        peaks.set(key, result);
      }
      reply.header('cache-control', 'public, max-age=86400');
      return { id: track.id, samples: req.query.samples, peaks: await result };
    },
  );
}
