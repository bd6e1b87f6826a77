import type { GeneratedMedia, ImageProvider } from '../providers/provider-types';
import { styleChoice } from '../steps/shot-images-step';
import { placeCharacter } from './place-character';

/** The look of a vlog's scenes (ours: the vlog form has no style choice). */
export const VLOG_VISUAL_STYLE = 'animation';

/** The image provider that draws scenes offline; the character is then placed by us. */
const OFFLINE_ILLUSTRATOR = 'local-illustrator';

/**
 * One picture of a vlog shot showing the character's own reference picture: offline, the
 * illustrator's scene with the picture placed as its subject; on a cloud model, the picture is
 * the model's reference image and the prompt names the character.
 */
export async function drawVlogPicture(input: {
  image: ImageProvider;
  prompt: string;
  keywords: readonly string[];
  /** Who the character is, for models that read prompts. */
  characterPrompt: string;
  reference: Buffer;
  width: number;
  height: number;
  seed: string;
  /** The shot's index (which side the character stands on). */
  index: number;
}): Promise<GeneratedMedia & { subjectBox?: { x: number; y: number; w: number; h: number } }> {
  const offline = input.image.name === OFFLINE_ILLUSTRATOR;
  const drawn = await input.image.generate({
    prompt: offline ? input.prompt : `${input.characterPrompt}. ${input.prompt}`,
    keywords: input.keywords,
    style: styleChoice(VLOG_VISUAL_STYLE),
    width: input.width,
    height: input.height,
    seed: input.seed,
    ...(offline ? {} : { characterImage: input.reference }),
  });
  if (!offline) return drawn;
  const placed = await placeCharacter({
    scene: drawn.bytes,
    reference: input.reference,
    width: input.width,
    height: input.height,
    index: input.index,
  });
  return {
    bytes: placed.bytes,
    extension: 'jpg',
    width: input.width,
    height: input.height,
    // Where the character stands, so the shot's caption can keep off it.
    subjectBox: placed.box,
  };
}
