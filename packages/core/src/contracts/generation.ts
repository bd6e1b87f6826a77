import { z } from 'zod';
import { asmrTypeSchema } from '../asmr';
import { voiceKeySchema } from '../voices';

/** GET /api/generation/providers: the providers generation runs on and the models they can run. */
export const generationProvidersResponseSchema = z.object({
  writer: z.string(),
  image: z.string(),
  video: z.string(),
  speech: z.string(),
  music: z.string(),
  models: z.object({ image: z.array(z.string()), video: z.array(z.string()) }),
});
export type GenerationProviders = z.infer<typeof generationProvidersResponseSchema>;

/** One image or video model of the advanced settings (`value` null: the provider's default). */
export const modelChoiceSchema = z.object({
  value: z.string().nullable(),
  label: z.string(),
  provider: z.string(),
});

/** GET /api/models: the advanced settings' model choices. */
export const modelChoicesResponseSchema = z.object({
  image: z.array(modelChoiceSchema),
  video: z.array(modelChoiceSchema),
  defaults: z.object({ image: z.string().nullable(), video: z.string().nullable() }),
});
export type ModelChoices = z.infer<typeof modelChoicesResponseSchema>;

/** GET /api/credits: the balance, free stories left and the script-to-video prices. */
export const creditsResponseSchema = z.object({
  balance: z.number(),
  startingBalance: z.number(),
  freeStoriesLeft: z.number(),
  scriptToVideo: z.object({ full: z.number(), preview: z.number() }),
});
export type CreditsInfo = z.infer<typeof creditsResponseSchema>;

/** GET /api/asmr/styles/{type}/sound and …/picture. */
export const asmrStyleParamsSchema = z.object({ type: asmrTypeSchema });

/** GET /api/voices/{key}/sample. */
export const voiceSampleParamsSchema = z.object({ key: voiceKeySchema });

/** POST /stories/idea_to_script: the script written from the topic. */
export const ideaToScriptResponseSchema = z.object({ script: z.string() });
