import { z } from 'zod';

/** ASMR styles (spec 2 §3): value and display name. */
export const ASMR_STYLES = [
  { value: 'Cutting', name: 'Cutting' },
  { value: 'Slime', name: 'Slime Play' },
  { value: 'Keyboard', name: 'Keyboard Sounds' },
  { value: 'Smear', name: 'Smear & Spread' },
  { value: 'Petridish', name: 'Petri Dish' },
  { value: 'Magicpens', name: 'Magic Pens' },
  { value: 'Bedroom', name: 'Bedroom' },
  { value: 'Upstairs', name: 'Upstairs' },
] as const;

export type AsmrType = (typeof ASMR_STYLES)[number]['value'];
export const ASMR_TYPES = ASMR_STYLES.map((style) => style.value) as [AsmrType, ...AsmrType[]];
export const asmrTypeSchema = z.enum(ASMR_TYPES);

/** The placeholder a scene template holds for its material. */
export const MATERIAL_SLOT = '{material}';

/** Scene templates with a material slot (spec 2 §3). */
export const ASMR_SCENE_TEMPLATES: Readonly<Record<AsmrType, string>> = {
  Smear: 'Spreading {material} On Bread',
  Slime: 'Hands kneading slime like {material}',
  Keyboard: 'Hands typing on a keyboard like {material}',
  Magicpens: 'A pen drawing {material}',
  Cutting: 'A knife cutting {material}',
  Bedroom: 'Lying on {material}',
  Petridish: 'Growing {material} from a petri dish',
  Upstairs: 'Stepping on {material}',
};

/** Material chips (spec 2 §3). */
export const ASMR_MATERIALS = [
  'Fruit',
  'Baked Goods',
  'Toys',
  'Electronics',
  'Glass',
  'Clay',
  'Crystal',
] as const;

/** Text the scene editor shows in an unfilled material slot. */
export const MATERIAL_PLACEHOLDER = 'Material Object';

/** The scene text of a style with the material filled in (or the placeholder when empty). */
export function fillAsmrScene(type: AsmrType, material: string | null | undefined): string {
  const text = material?.trim();
  return ASMR_SCENE_TEMPLATES[type].replace(
    MATERIAL_SLOT,
    text && text.length > 0 ? text : MATERIAL_PLACEHOLDER,
  );
}

/** ASMR Generate needs a script without an unfilled placeholder ('Material Object' or ' Object'). */
export function hasUnfilledAsmrPlaceholder(script: string): boolean {
  return script.includes(MATERIAL_PLACEHOLDER) || script.includes(' Object');
}

export const ASMR_SHOTS = { min: 3, max: 8, default: 3 } as const;

/** Options of the "Number of Shots" select: 3..8 listed as "N shots". */
export const ASMR_SHOT_OPTIONS: readonly { value: number; label: string }[] = Array.from(
  { length: ASMR_SHOTS.max - ASMR_SHOTS.min + 1 },
  (_, index) => ({ value: ASMR_SHOTS.min + index, label: `${ASMR_SHOTS.min + index} shots` }),
);
