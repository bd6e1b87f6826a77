import { z } from 'zod';
import type { ScriptToVideoPayloadInput } from '@storyloom/core';
import { requestJson, withQuery } from '../../lib/api-client';

const workflowRunSchema = z.object({ workflowRunId: z.string() });
const creditsSchema = z.object({
  balance: z.number(),
  startingBalance: z.number(),
  freeStoriesLeft: z.number(),
  scriptToVideo: z.object({ full: z.number(), preview: z.number() }),
});
export type CreditsInfo = z.infer<typeof creditsSchema>;

export function startScriptToVideo(payload: ScriptToVideoPayloadInput) {
  return requestJson('/stories/workflow/generate_script_to_video', workflowRunSchema, {
    method: 'POST',
    body: payload,
  });
}

export function fetchCredits(): Promise<CreditsInfo> {
  return requestJson('/api/credits', creditsSchema);
}

export async function rewriteScript(script: string): Promise<string> {
  const answer = await requestJson(
    '/stories/rewrite_script',
    z.object({ enhancedScript: z.string() }),
    { method: 'POST', body: { story: script } },
  );
  return answer.enhancedScript;
}

export async function scriptFromIdea(topic: string): Promise<string> {
  const answer = await requestJson('/stories/idea_to_script', z.object({ script: z.string() }), {
    method: 'POST',
    body: { topic },
  });
  return answer.script;
}

/** The URL of a voice actor's playable sample. */
export const voiceSampleUrl = (key: string) => `/api/voices/${encodeURIComponent(key)}/sample`;

const providersSchema = z.object({
  writer: z.string(),
  image: z.string(),
  video: z.string(),
  speech: z.string(),
  music: z.string(),
  models: z.object({ image: z.array(z.string()), video: z.array(z.string()) }),
});
export type GenerationProviders = z.infer<typeof providersSchema>;

/** The providers generation runs on (local ones unless the operator configured others). */
export function fetchGenerationProviders(): Promise<GenerationProviders> {
  return requestJson('/api/generation/providers', providersSchema);
}

const musicTrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  duration: z.number(),
  genre: z.string(),
  mood: z.string(),
  tempo: z.string(),
  has_lyrics: z.boolean().optional(),
  folder: z.string(),
});
export type MusicTrack = z.infer<typeof musicTrackSchema>;
const musicTrackListSchema = z.object({
  tracks: z.array(musicTrackSchema),
  folders: z.array(z.string()),
  genres: z.array(z.string()),
  moods: z.array(z.string()),
  tempos: z.array(z.string()),
});
export type MusicTrackList = z.infer<typeof musicTrackListSchema>;

/** Stock music tracks matching a search and the genre / tempo filters (spec 3 §5). */
export function fetchMusicTracks(filters: {
  search: string;
  genre: string;
  tempo: string;
}): Promise<MusicTrackList> {
  return requestJson(
    withQuery('/api/music/tracks', {
      search: filters.search.trim(),
      genre: filters.genre,
      tempo: filters.tempo,
    }),
    musicTrackListSchema,
  );
}

/** A track's waveform peaks (0–1), `samples` of them (the server's default is 1000). */
export async function fetchMusicWaveform(id: string, samples: number): Promise<number[]> {
  const answer = await requestJson(
    withQuery(`/api/music/tracks/${encodeURIComponent(id)}/waveform`, { samples: String(samples) }),
    z.object({ peaks: z.array(z.number()) }),
  );
  return answer.peaks;
}

const modelChoiceSchema = z.object({
  value: z.string().nullable(),
  label: z.string(),
  provider: z.string(),
});
const modelChoicesSchema = z.object({
  image: z.array(modelChoiceSchema),
  video: z.array(modelChoiceSchema),
  defaults: z.object({ image: z.string().nullable(), video: z.string().nullable() }),
});
export type ModelChoices = z.infer<typeof modelChoicesSchema>;

/** The advanced settings' model choices (configured providers only, else the local ones). */
export function fetchModelChoices(): Promise<ModelChoices> {
  return requestJson('/api/models', modelChoicesSchema);
}
