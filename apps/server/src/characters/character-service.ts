import { randomUUID } from 'node:crypto';
import {
  QUICK_CHARACTER_ID_PREFIX,
  type Character,
  type CreateQuickCharacter,
  type SelectedCharacter,
} from '@storyloom/core';
import { LocalIllustrator, styleChoice } from '@storyloom/pipeline';
import type { AppContext } from '../app-context.js';
import { badRequest, notFound } from '../http/errors.js';
import { blobKeyOfUrl } from '../storage/media-files.js';
import { blobKeyFor } from '../render/render-service.js';
import { stableMediaId } from '../storage/stable-media-id.js';
import { sniffImage } from '../storage/sniff.js';
import { CharacterRepository, type CharacterRow } from './character-repository.js';
import { findPremade, PREMADE_CHARACTERS, type PremadeCharacter } from './premade-characters.js';

/** A user may keep this many characters of their own (ours). */
export const OWN_CHARACTERS_MAX = 100;
/** Side of a premade character's reference picture. */
const PREMADE_SIDE = 512;
/** Bump to redraw every premade picture (their keys change with it). */
const PREMADE_DRAWING_VERSION = 2;
const QUICK_IMAGE_TYPES = new Set(['png', 'jpg', 'webp']);

/** Where a premade picture is stored: under avatars/, which anyone may read. */
function premadeKey(character: PremadeCharacter): string {
  return blobKeyFor(
    'avatars',
    'jpg',
    stableMediaId('premade-characters', `${character.id}/v${PREMADE_DRAWING_VERSION}`),
    new Date(Date.UTC(2026, 0, 1)),
  );
}

function premadeRecord(ctx: Pick<AppContext, 'blobs'>, premade: PremadeCharacter): Character {
  const url = ctx.blobs.url(premadeKey(premade));
  return {
    id: premade.id,
    model_name: premade.name,
    image_url: url,
    reference_mode: 'quick',
    modelData: { character_name: premade.name, thumbnail: url, model_id: premade.id },
    status: 'completed',
    character_features_description: premade.features,
    characterType: premade.characterType,
  };
}

function ownRecord(row: CharacterRow): Character {
  return {
    id: row.id,
    model_name: row.name,
    image_url: row.imageUrl,
    reference_mode: row.referenceMode,
    modelData: { character_name: row.name, thumbnail: row.imageUrl, model_id: row.id },
    status: 'completed',
  };
}

/**
 * The premade pictures being drawn and recorded, once per server (a test process runs
 * several).
 */
const drawing = new WeakMap<AppContext['media'], Promise<void>>();

/**
 * Characters: the premade library, whose reference pictures the offline illustrator draws
 * once (deterministically, so every server of a cluster stores the same files), and each
 * user's own quick characters.
 */
export class CharacterService {
  private readonly repo: CharacterRepository;

  constructor(private readonly ctx: Pick<AppContext, 'database' | 'blobs' | 'media' | 'config'>) {
    this.repo = new CharacterRepository(ctx.database.db);
  }

  /**
   * The library, grouped in the dialog by characterType; draws missing pictures first and
   * records them as built-in content, which every user may use (`MediaRegistry.usableBy`).
   */
  async premade(): Promise<Character[]> {
    let drawn = drawing.get(this.ctx.media);
    if (!drawn) {
      drawn = this.drawPremade().catch((error: unknown) => {
        drawing.delete(this.ctx.media);
        throw error;
      });
      drawing.set(this.ctx.media, drawn);
    }
    await drawn;
    return PREMADE_CHARACTERS.map((p) => premadeRecord(this.ctx, p));
  }

  private async drawPremade(): Promise<void> {
    const illustrator = new LocalIllustrator();
    for (const premade of PREMADE_CHARACTERS) {
      const key = premadeKey(premade);
      let stored = await this.ctx.blobs.stat(key);
      if (!stored) {
        const picture = await illustrator.generate({
          prompt: premade.prompt,
          keywords: premade.keywords,
          style: styleChoice('animation'),
          width: PREMADE_SIDE,
          height: PREMADE_SIDE,
          seed: premade.id,
        });
        stored = await this.ctx.blobs.put(key, picture.bytes);
      }
      // Also a picture drawn before it was recorded (or that was taken for a user's file).
      await this.ctx.media.recordBuiltIn(key, stored.size);
    }
  }

  async listOwn(userId: string): Promise<Character[]> {
    return (await this.repo.listOwned(userId, OWN_CHARACTERS_MAX)).map(ownRecord);
  }

  /** A quick character from a name and one picture the user uploaded (jpeg, png or webp). */
  async createQuick(userId: string, input: CreateQuickCharacter): Promise<Character> {
    await this.ownedPicture(userId, input.image_url);
    if ((await this.repo.countOwned(userId)) >= OWN_CHARACTERS_MAX)
      throw badRequest(
        `You can keep up to ${OWN_CHARACTERS_MAX} characters; delete one first`,
        'TOO_MANY_CHARACTERS',
      );
    const row = await this.repo.insert({
      id: `${QUICK_CHARACTER_ID_PREFIX}${randomUUID()}`,
      userId,
      name: input.name,
      imageUrl: input.image_url,
      referenceMode: 'quick',
    });
    return ownRecord(row);
  }

  async rename(userId: string, id: string, name: string): Promise<Character> {
    const row = await this.repo.rename(id, userId, name);
    if (!row) throw notFound('Character');
    return ownRecord(row);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(id, userId))) throw notFound('Character');
  }

  /** GET /api/train/model: a character's model record, the user's own or a premade one. */
  async model(userId: string, id: string): Promise<Character> {
    const premade = findPremade(id);
    if (premade) return (await this.premade()).find((c) => c.id === id)!;
    const row = await this.repo.findOwned(id, userId);
    if (!row) throw notFound('Character');
    return ownRecord(row);
  }

  /**
   * The character a generation may use: premade, or the user's own, with the reference
   * picture this server holds (the request's image_url is not trusted).
   */
  async resolve(
    userId: string,
    selected: SelectedCharacter,
  ): Promise<{ id: string; name: string; imageUrl: string; features?: string }> {
    const premade = findPremade(selected.id);
    if (premade) {
      const record = (await this.premade()).find((c) => c.id === premade.id)!;
      return {
        id: premade.id,
        name: premade.name,
        imageUrl: record.image_url,
        features: premade.features,
      };
    }
    const row = await this.repo.findOwned(selected.id, userId);
    if (!row) throw badRequest('The selected character was not found', 'CHARACTER_NOT_FOUND');
    return { id: row.id, name: row.name, imageUrl: row.imageUrl };
  }

  /** The picture must be one the user uploaded here, and a jpeg, png or webp by its bytes. */
  private async ownedPicture(userId: string, url: string): Promise<void> {
    const key = blobKeyOfUrl(url, this.ctx.config.publicUrl);
    if (!key || !(await this.ctx.media.usableBy(key, userId)))
      throw badRequest(
        'The character picture must be an image uploaded to Storyloom',
        'NOT_AN_UPLOAD',
      );
    const head: Buffer[] = [];
    for await (const chunk of await this.ctx.blobs.read(key, { start: 0, end: 15 }))
      head.push(chunk as Buffer);
    const type = sniffImage(Uint8Array.from(Buffer.concat(head)));
    if (!type || !QUICK_IMAGE_TYPES.has(type))
      throw badRequest('Only jpeg, jpg, png and webp pictures can be used', 'UNSUPPORTED_TYPE');
  }
}
