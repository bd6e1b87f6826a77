import { workflowRunResponseSchema, type CharacterVlogPayloadInput } from '@storyloom/core';
import { requestJson } from '../../lib/api-client';

/** POST /stories/workflow/generate_character_vlog → workflowRunId. */
export function startCharacterVlog(payload: CharacterVlogPayloadInput) {
  return requestJson('/stories/workflow/generate_character_vlog', workflowRunResponseSchema, {
    method: 'POST',
    body: payload,
  });
}
