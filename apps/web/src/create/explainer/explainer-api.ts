import {
  creditsResponseSchema,
  generationProvidersResponseSchema,
  ideaToScriptResponseSchema,
  modelChoicesResponseSchema,
  musicTrackListResponseSchema,
  musicWaveformResponseSchema,
  rewriteScriptResponseSchema,
  workflowRunResponseSchema,
  type CreditsInfo,
  type GenerationProviders,
  type ModelChoices,
  type MusicTrack,
  type MusicTrackList,
  type ScriptToVideoPayloadInput,
} from '@storyloom/core';
import { requestJson, withQuery } from '../../lib/api-client';

export type { CreditsInfo };

export function startScriptToVideo(payload: ScriptToVideoPayloadInput) {
  return requestJson('/stories/workflow/generate_script_to_video', workflowRunResponseSchema, {
    method: 'POST',
    body: payload,
  });
}

export function fetchCredits(): Promise<CreditsInfo> {
  return requestJson('/api/credits', creditsResponseSchema);
}

export async function rewriteScript(script: string): Promise<string> {
  const answer = await requestJson('/stories/rewrite_script', rewriteScriptResponseSchema, {
    method: 'POST',
    body: { story: script },
  });
  return answer.enhancedScript;
}

export async function scriptFromIdea(topic: string): Promise<string> {
  const answer = await requestJson('/stories/idea_to_script', ideaToScriptResponseSchema, {
    method: 'POST',
    body: { topic },
  });
  return answer.script;
}

/** The URL of a voice actor's playable sample. */
export const voiceSampleUrl = (key: string) => `/api/voices/${encodeURIComponent(key)}/sample`;

export type { GenerationProviders };

/** The providers generation runs on (local ones unless the operator configured others). */
export function fetchGenerationProviders(): Promise<GenerationProviders> {
  return requestJson('/api/generation/providers', generationProvidersResponseSchema);
}

export type { MusicTrack, MusicTrackList };

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
    musicTrackListResponseSchema,
  );
}

/** A track's waveform peaks (0–1), `samples` of them (the server's default is 1000). */
export async function fetchMusicWaveform(id: string, samples: number): Promise<number[]> {
  const answer = await requestJson(
    withQuery(`/api/music/tracks/${encodeURIComponent(id)}/waveform`, { samples: String(samples) }),
    musicWaveformResponseSchema,
  );
  return answer.peaks;
}

export type { ModelChoices };

/** The advanced settings' model choices (configured providers only, else the local ones). */
export function fetchModelChoices(): Promise<ModelChoices> {
  return requestJson('/api/models', modelChoicesResponseSchema);
}
