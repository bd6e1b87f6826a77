import { createRequire } from 'node:module';
import { Path2D } from '@napi-rs/canvas';

/**
 * The illustration set: Microsoft's Fluent Emoji Flat (MIT) as shipped by
 * `@iconify-json/fluent-emoji-flat`, described by Emojibase's English labels and tags (MIT,
 * from Unicode CLDR annotations). Both load once, on first use.
 */

/** What an icon shows, from its Emojibase subgroup. */
export type IconKind =
  | 'person'
  | 'animal'
  | 'plant'
  | 'food'
  | 'place'
  | 'vehicle'
  | 'sky'
  | 'object'
  | 'face'
  | 'symbol';

export interface IconEntry {
  /** The icon's name in the set, e.g. `old-woman`. */
  name: string;
  /** The words of the name, e.g. `old`, `woman`. */
  nameWords: string[];
  /** The Unicode label, e.g. `old woman`. */
  label: string;
  /** Emojibase's keywords, e.g. `grandmother`, `granny`. */
  tags: string[];
  kind: IconKind;
  subgroup: string;
}

/** One filled shape of an icon, in the icon's 32×32 box. */
export interface IconShape {
  path: Path2D;
  fill: string;
  rule: 'nonzero' | 'evenodd';
  opacity: number;
  /** A stroked line rather than a filled area (a few icons). */
  strokeWidth?: number;
}

interface IconSetJson {
  icons: Record<string, { body: string }>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
}

interface EmojibaseEntry {
  hexcode: string;
  label: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
}

const require = createRequire(import.meta.url);

const SKIN_SUFFIX = /-(light|medium-light|medium|medium-dark|dark)$/;

const KIND_OF_SUBGROUP: [RegExp, IconKind][] = [
  [/^(person|family)/, 'person'],
  [/^animal/, 'animal'],
  [/^plant/, 'plant'],
  [/^(food|drink|dishware)/, 'food'],
  [/^transport/, 'vehicle'],
  [/^(place|hotel)/, 'place'],
  [/^sky/, 'sky'],
  [/^(face|cat-face|monkey-face|emotion|heart|hand|body)/, 'face'],
];

function kindOf(group: string, subgroup: string): IconKind {
  for (const [pattern, kind] of KIND_OF_SUBGROUP) if (pattern.test(subgroup)) return kind;
  if (group === 'symbols' || group === 'flags' || group === 'component') return 'symbol';
  return 'object';
}

let loaded: { icons: IconSetJson; entries: IconEntry[]; byName: Map<string, IconEntry> } | null =
  null;

function load() {
  if (loaded) return loaded;
  const icons = require('@iconify-json/fluent-emoji-flat/icons.json') as IconSetJson;
  const chars = require('@iconify-json/fluent-emoji-flat/chars.json') as Record<string, string>;
  const emoji = require('emojibase-data/en/data.json') as EmojibaseEntry[];
  const meta = require('emojibase-data/meta/groups.json') as {
    groups: Record<string, string>;
    subgroups: Record<string, string>;
  };
  const byHex = new Map<string, EmojibaseEntry>();
  for (const e of emoji) byHex.set(e.hexcode.toLowerCase().replace(/-fe0f/g, ''), e);
  const entries: IconEntry[] = [];
  const byName = new Map<string, IconEntry>();
  const names = new Set(Object.keys(icons.icons));
  for (const [hex, name] of Object.entries(chars)) {
    if (!names.has(name) || byName.has(name)) continue;
    // Skin-tone and facing variants are drawn on request, not matched.
    const base = name.replace(SKIN_SUFFIX, '').replace(/-facing-right$/, '');
    if (base !== name && names.has(base)) continue;
    const e = byHex.get(hex.replace(/-fe0f/g, ''));
    const group = meta.groups[String(e?.group ?? '')] ?? 'objects';
    const subgroup = meta.subgroups[String(e?.subgroup ?? '')] ?? '';
    const entry: IconEntry = {
      name,
      nameWords: name.split('-'),
      label: (e?.label ?? name.replace(/-/g, ' ')).toLowerCase(),
      tags: (e?.tags ?? []).map((t) => t.toLowerCase()),
      kind: kindOf(group, subgroup),
      subgroup,
    };
    entries.push(entry);
    byName.set(name, entry);
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  loaded = { icons, entries, byName };
  return loaded;
}

/** Every matchable icon (one per emoji; skin-tone variants left out), sorted by name. */
export function iconEntries(): readonly IconEntry[] {
  return load().entries;
}

export function iconEntry(name: string): IconEntry | undefined {
  return load().byName.get(name);
}

export function hasIcon(name: string): boolean {
  return name in load().icons.icons;
}

const shapeCache = new Map<string, IconShape[]>();

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function numberAttribute(tag: string, name: string): number {
  return Number(attribute(tag, name) ?? 0);
}

/** A path for one SVG element of the set (path, circle, ellipse, rect), or null. */
function elementPath(element: string, tag: string): Path2D | null {
  switch (element) {
    case 'path': {
      const d = attribute(tag, 'd');
      return d ? new Path2D(d) : null;
    }
    case 'circle': {
      const p = new Path2D();
      const r = numberAttribute(tag, 'r');
      p.ellipse(numberAttribute(tag, 'cx'), numberAttribute(tag, 'cy'), r, r, 0, 0, Math.PI * 2);
      return p;
    }
    case 'ellipse': {
      const p = new Path2D();
      const angle = /rotate\(([-\d.]+)/.exec(attribute(tag, 'transform') ?? '')?.[1];
      p.ellipse(
        numberAttribute(tag, 'cx'),
        numberAttribute(tag, 'cy'),
        numberAttribute(tag, 'rx'),
        numberAttribute(tag, 'ry'),
        (Number(angle ?? 0) * Math.PI) / 180,
        0,
        Math.PI * 2,
      );
      return p;
    }
    case 'rect': {
      const p = new Path2D();
      p.roundRect(
        numberAttribute(tag, 'x'),
        numberAttribute(tag, 'y'),
        numberAttribute(tag, 'width'),
        numberAttribute(tag, 'height'),
        numberAttribute(tag, 'rx'),
      );
      return p;
    }
    default:
      return null;
  }
}

/**
 * The filled shapes of an icon, parsed once from its SVG body. The set's bodies are flat
 * groups of paths; the few gradients are drawn in their first colour, `<use>` repeats its
 * shape, and clip paths and drop-shadow filters (a handful of icons) are left out.
 */
export function iconShapes(name: string): IconShape[] {
  const cached = shapeCache.get(name);
  if (cached) return cached;
  const { icons } = load();
  const body = icons.icons[name]?.body ?? '';
  const gradients = new Map<string, string>();
  for (const m of body.matchAll(/<(?:linear|radial)Gradient[^>]*id="([^"]+)"[^>]*>\s*<stop[^>]*>/g))
    gradients.set(m[1]!, attribute(m[0], 'stop-color') ?? '#000');
  const defined = new Map<string, string>();
  for (const m of body.matchAll(/<path[^>]*\sid="([^"]+)"[^>]*\/>/g)) defined.set(m[1]!, m[0]);
  const shapes: IconShape[] = [];
  const fills: (string | undefined)[] = [];
  let hidden = 0; // depth inside <defs>, <clipPath>
  for (const m of body.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, element, , selfClosing] = m;
    let tag = m[0];
    if (element === 'defs' || element === 'clipPath') {
      if (closing) hidden--;
      else if (!selfClosing) hidden++;
      continue;
    }
    if (hidden > 0) continue;
    if (element === 'g') {
      if (closing) fills.pop();
      else if (!selfClosing) fills.push(attribute(tag, 'fill'));
      continue;
    }
    if (element === 'use') tag = defined.get((attribute(tag, 'href') ?? '').slice(1)) ?? '';
    const kind = element === 'use' ? 'path' : element!;
    const path = elementPath(kind, tag);
    if (!path) continue;
    const stroke = attribute(tag, 'stroke');
    let fill = stroke ?? attribute(tag, 'fill') ?? fills.findLast((f) => f && f !== 'none');
    if (!fill || fill === 'none') continue;
    const gradient = /^url\(#(.+)\)$/.exec(fill);
    if (gradient) fill = gradients.get(gradient[1]!) ?? '#000';
    shapes.push({
      path,
      fill: fill === '#fff' ? '#ffffff' : fill === '#000' ? '#000000' : fill,
      rule: attribute(tag, 'fill-rule') === 'evenodd' ? 'evenodd' : 'nonzero',
      opacity: Number(attribute(tag, 'opacity') ?? 1),
      strokeWidth: stroke ? Number(attribute(tag, 'stroke-width') ?? 1) : undefined,
    });
  }
  shapeCache.set(name, shapes);
  return shapes;
}

/** The size of every icon's box in the set. */
export const ICON_BOX = 32;
