import { z } from 'zod';
import type { ScriptToVideoPayloadInput } from '@storyloom/core';
import { requestJson } from '../../lib/api-client';

const workflowRunSchema = z.object({ workflowRunId: z.string() });
const creditsSchema = z.object({
  balance: z.number(),
  startingBalance: z.number(),
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
