import { z } from 'zod';
import type { CharacterVlogPayloadInput } from '@storyloom/core';
import { requestJson } from '../../lib/api-client';

/** POST /stories/workflow/generate_character_vlog → workflowRunId. */
export function startCharacterVlog(payload: CharacterVlogPayloadInput) {
  return requestJson(
    '/stories/workflow/generate_character_vlog',
    z.object({ workflowRunId: z.string() }),
    { method: 'POST', body: payload },
  );
}
