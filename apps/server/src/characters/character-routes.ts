import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  characterIdParamsSchema,
  characterListResponseSchema,
  characterResponseSchema,
  characterSchema,
  createQuickCharacterSchema,
  renameCharacterSchema,
  successResponseSchema,
  trainModelQuerySchema,
} from '@storyloom/core';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/session.js';
import { CharacterService } from './character-service.js';

const characterList = characterListResponseSchema;

/**
 * Characters (spec 2 §3, §7): the premade library, the user's own quick characters, and the
 * character model lookup. The list, create, rename and delete paths are ours (not shown).
 */
export function characterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = new CharacterService(ctx);
  const tags = ['characters'];
  // The premade pictures are drawn once in the background, so the picker never waits long.
  app.addHook('onListen', () => {
    service.premade().catch((error: unknown) => {
      app.log.warn({ err: error }, 'premade character pictures could not be drawn');
    });
  });

  r.get(
    '/api/characters/premade',
    {
      schema: {
        tags,
        summary: 'The premade character library ("By the provider"), with characterType',
        response: { 200: characterList },
      },
    },
    async () => ({ data: await service.premade() }),
  );

  r.get(
    '/api/characters',
    {
      schema: {
        tags,
        summary: "The signed-in user's own characters, newest first",
        response: { 200: characterList },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return { data: await service.listOwn(user.id) };
    },
  );

  r.post(
    '/api/characters',
    {
      schema: {
        tags,
        summary: 'Create a quick character from a name and one uploaded picture',
        body: createQuickCharacterSchema,
        response: { 200: characterSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return service.createQuick(user.id, req.body);
    },
  );

  r.patch(
    '/api/characters/:id',
    {
      schema: {
        tags,
        summary: 'Rename one of your characters',
        params: characterIdParamsSchema,
        body: renameCharacterSchema,
        response: { 200: characterSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return service.rename(user.id, req.params.id, req.body.name);
    },
  );

  r.delete(
    '/api/characters/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your characters',
        params: characterIdParamsSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      await service.delete(user.id, req.params.id);
      return { success: true as const };
    },
  );

  // spec 2 §7: GET /api/train/model?id={id} → data.
  r.get(
    '/api/train/model',
    {
      schema: {
        tags,
        summary: 'A character model record: one of your characters or a premade one',
        querystring: trainModelQuerySchema,
        response: { 200: characterResponseSchema },
      },
    },
    async (req) => {
      const user = await requireUser(ctx.auth, req);
      return { data: await service.model(user.id, req.query.id) };
    },
  );
}
