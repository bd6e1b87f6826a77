import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  characterVlogPayloadSchema,
  startCharge,
  type CharacterVlogPayload,
  type VlogShot,
} from '@storyloom/core';
import { characterVlogSteps, VLOG_HOOKS, type CharacterVlogInput } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { CharacterService } from '../characters/character-service.js';
import type { WorkflowDefinition } from '../workflow/workflow-service.js';
import { startStoryGeneration } from './generation-service.js';
import { generationWorkflow, type GenerationInput } from './generation-workflows.js';

export const CHARACTER_VLOG_WORKFLOW = 'story.character_vlog';

const referenceSchema = z.object({
  id: z.string().max(200),
  name: z.string().max(200),
  image_url: z.string().max(2048),
  features: z.string().max(500).optional(),
});

/** What the server adds to a vlog request: the characters as it holds them. */
const vlogReferencesSchema = z.object({
  reference: referenceSchema,
  extra_references: z.array(referenceSchema).max(1).optional(),
});

const VLOG_INPUT: GenerationInput<CharacterVlogInput, VlogShot> = {
  flow: VLOG_HOOKS,
  parse: (input) => ({
    ...characterVlogPayloadSchema.parse(input),
    ...vlogReferencesSchema.parse(input),
  }),
  advancedSettings: (input) => input.advanced_settings,
  credits: () => ({ category: 'character_vlog' }),
};

/** The character vlog generation (spec 2 §2, §7) on the configured providers. */
export function vlogWorkflows(ctx: AppContext, logger: FastifyBaseLogger): WorkflowDefinition[] {
  return [
    generationWorkflow(ctx, logger, CHARACTER_VLOG_WORKFLOW, characterVlogSteps(), VLOG_INPUT),
  ];
}

/**
 * Starts a character vlog for a user: resolves the characters (premade or the user's own;
 * another user's is refused), charges the credits, makes the story, starts the run. If
 * anything after the charge fails, the charge is refunded.
 */
export async function startCharacterVlog(
  ctx: AppContext,
  userId: string,
  payload: CharacterVlogPayload,
): Promise<{ workflowRunId: string; storyId: string }> {
  const characters = new CharacterService(ctx);
  if (!payload.character) throw new Error('The payload has no character');
  const reference = await characters.resolve(userId, payload.character);
  const extra = await Promise.all(
    payload.additional_characters.map((c) => characters.resolve(userId, c)),
  );
  const toInput = (c: typeof reference) => ({
    id: c.id,
    name: c.name,
    image_url: c.imageUrl,
    ...(c.features ? { features: c.features } : {}),
  });
  const preview = Boolean(payload.is_preview);
  const input: CharacterVlogInput = {
    ...payload,
    reference: toInput(reference),
    extra_references: extra.map(toInput),
  };
  return startStoryGeneration(ctx, userId, {
    kind: CHARACTER_VLOG_WORKFLOW,
    categoryId: 'character_vlog',
    preview,
    charge: startCharge(VLOG_INPUT.credits(input), preview),
    title: payload.title,
    input: { ...input },
    categoryInputs: { ...payload },
    advancedSettings: payload.advanced_settings,
    aspectRatio: payload.aspect_ratio,
  });
}
