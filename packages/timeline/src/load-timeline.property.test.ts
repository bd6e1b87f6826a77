import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, videoEditorTimelineSchema } from '@storyloom/core';
import { timelineViolations } from './invariants';
import { loadTimeline } from './load-timeline';
import { timelineFromPlan, type TimelinePlan } from './random-timeline';

const SPEC_MESSAGES = [
  MESSAGES.editor.invalidTracks,
  MESSAGES.editor.invalidAssets,
  MESSAGES.editor.initFailed,
];

const timelinePlan: fc.Arbitrary<TimelinePlan> = fc.record({
  shots: fc.array(
    fc.record({ visual: fc.nat(7), voice: fc.option(fc.nat(1)), auto: fc.boolean() }),
    { maxLength: 4 },
  ),
  music: fc.array(fc.record({ gap: fc.nat(120), duration: fc.integer({ min: 1, max: 600 }) }), {
    maxLength: 2,
  }),
  captions: fc.array(fc.record({ start: fc.nat(600), duration: fc.integer({ min: 1, max: 90 }) }), {
    maxLength: 2,
  }),
});

interface Mutation {
  node: number;
  kind: number;
  value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  node: fc.nat(),
  kind: fc.nat(6),
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-1, 0, -0.5, 1e12, '', 'video', 'audio', 'caption', null, [], {}),
  ),
});

type Container = Record<string, unknown> | unknown[];
interface Node {
  parent: Container | null;
  key: string | number;
  value: unknown;
}

function nodes(
  value: unknown,
  parent: Container | null = null,
  key: string | number = '',
  out: Node[] = [],
): Node[] {
  out.push({ parent, key, value });
  if (Array.isArray(value)) value.forEach((entry, index) => nodes(entry, value, index, out));
  else if (typeof value === 'object' && value !== null)
    for (const [k, entry] of Object.entries(value))
      nodes(entry, value as Record<string, unknown>, k, out);
  return out;
}

function set(node: Node, value: unknown) {
  if (Array.isArray(node.parent)) node.parent[node.key as number] = value;
  else if (node.parent) node.parent[node.key as string] = value;
}

/** Changes one node of the document in place (the root only by replacement). */
function mutate(document: { root: unknown }, original: Mutation) {
  const change = { ...original, value: JSON.parse(JSON.stringify(original.value)) as unknown };
  const all = nodes(document.root, null).slice(1);
  const holder = { parent: document as unknown as Container, key: 'root', value: document.root };
  const node = all.length ? all[change.node % all.length]! : holder;
  switch (change.kind) {
    case 0:
      if (Array.isArray(node.parent)) node.parent.splice(node.key as number, 1);
      else if (node.parent) delete node.parent[node.key as string];
      break;
    case 1:
      set(node, change.value);
      break;
    case 2:
      set(node, typeof node.value === 'number' ? -node.value - 1 : 0);
      break;
    case 3:
      set(node, typeof node.value === 'string' ? '' : 'x');
      break;
    case 4:
      if (Array.isArray(node.value) && node.value.length) node.value.push(node.value[0]);
      else if (typeof node.value === 'object' && node.value !== null)
        (node.value as Record<string, unknown>).extra = change.value;
      break;
    case 5:
      set(node, null);
      break;
    default: {
      const other = all[(change.node >> 3) % Math.max(1, all.length)];
      if (other) set(node, JSON.parse(JSON.stringify(other.value ?? null)) as unknown);
    }
  }
}

function checkLoaded(raw: unknown) {
  const result = loadTimeline(raw);
  if (!result.ok) {
    expect(SPEC_MESSAGES).toContain(result.reason.message);
    return;
  }
  expect(videoEditorTimelineSchema.safeParse(result.timeline).success).toBe(true);
  expect(timelineViolations(result.timeline)).toEqual([]);
  // Loading is idempotent: a repaired timeline, stored as JSON, loads as itself.
  const stored = JSON.parse(JSON.stringify(result.timeline)) as unknown;
  const again = loadTimeline(stored);
  expect(again.ok && again.timeline).toEqual(stored);
}

describe('loading properties', () => {
  it('any mutated stored timeline repairs to a valid one or is refused with a spec message', () => {
    fc.assert(
      fc.property(
        timelinePlan,
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        (plan, changes) => {
          const document = {
            root: JSON.parse(JSON.stringify(timelineFromPlan(plan).timeline)) as unknown,
          };
          for (const change of changes) mutate(document, change);
          checkLoaded(document.root);
          checkLoaded(JSON.stringify(document.root));
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('never throws on anything at all', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        checkLoaded(value);
        checkLoaded({ tracks: value, mediaAssets: [] });
        checkLoaded({ tracks: [], mediaAssets: value });
        checkLoaded({ tracks: [{ id: 't', type: 'video', items: [value] }], mediaAssets: [] });
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});
