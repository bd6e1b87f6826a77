import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShotsMap, VideoEditorTimeline } from '@storyloom/core';
import { orderedShots, videoEditorTimelineSchema } from '@storyloom/core';
import type { IdSource } from './asset-item';
import { createHistory, recordSnapshot, redo, undo, type EditorSnapshotState } from './history';
import { timelineViolations } from './invariants';
import { COMMAND_KINDS, applyCommandPlan, type CommandPlan } from './random-commands';
import { timelineFromPlan, type TimelinePlan } from './random-timeline';
import { primaryShots } from './shot-changes';
import { applyShotChanges } from './storyboard';

const timelinePlan: fc.Arbitrary<TimelinePlan> = fc.record({
  shots: fc.array(
    fc.record({
      visual: fc.nat(7),
      voice: fc.option(fc.nat(1)),
      auto: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
  music: fc.array(fc.record({ gap: fc.nat(120), duration: fc.integer({ min: 1, max: 600 }) }), {
    maxLength: 3,
  }),
  captions: fc.array(fc.record({ start: fc.nat(600), duration: fc.integer({ min: 1, max: 90 }) }), {
    maxLength: 4,
  }),
});

const unit = fc.integer({ min: 0, max: 9999 }).map((n) => n / 10000);
const commandPlan: fc.Arbitrary<CommandPlan> = fc.record({
  kind: fc.constantFrom(...COMMAND_KINDS),
  pick: fc.nat(1000),
  other: fc.nat(1000),
  choice: fc.nat(1000),
  x: unit,
  y: unit,
});

function ids(): IdSource {
  let next = 0;
  return () => `id${++next}`;
}

interface Step {
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
}

/** Runs the plans, checking every rule after every accepted command. */
function run(
  start: Step,
  plans: readonly CommandPlan[],
  onAccepted?: (before: Step) => void,
): Step {
  const newId = ids();
  let state = start;
  let now = 1_700_000_000_000;
  for (const plan of plans) {
    const result = applyCommandPlan(state.timeline, plan, newId);
    if (!result) continue;
    if (!result.ok) {
      expect(typeof result.reason.message).toBe('string');
      continue;
    }
    onAccepted?.(state);
    now += 1000;
    const shots = applyShotChanges(state.shotsMap, {
      changes: result.shotChanges,
      timeline: result.timeline,
      now,
    });
    state = { timeline: result.timeline, shotsMap: shots.shotsMap };
    expect(timelineViolations(state.timeline), plan.kind).toEqual([]);
    expect(storyboardProblems(state), plan.kind).toEqual([]);
    expect(unitProblems(state.timeline), plan.kind).toEqual([]);
    expect(result.totalDurationInFrames, plan.kind).toBe(lastEnd(state.timeline));
  }
  return state;
}

function lastEnd(timeline: VideoEditorTimeline): number {
  let end = 0;
  for (const track of timeline.tracks)
    for (const item of track.items)
      end = Math.max(end, item.startTimeInFrames + item.durationInFrames);
  return end;
}

/**
 * The rules, checked here on their own (not through the engine's helpers): every
 * caption made from a voice-over lies inside one of that shot's voice-over items, a shot's
 * voice-over lies inside the shot, no two captions of a track overlap, and every position and
 * length is a whole frame.
 */
function unitProblems(timeline: VideoEditorTimeline): string[] {
  const problems: string[] = [];
  const primary = timeline.tracks.find((track) => track.isPrimary);
  const shots = new Map<string, [number, number]>();
  for (const item of primary?.items ?? [])
    if (item.shotId)
      shots.set(item.shotId, [
        item.startTimeInFrames,
        item.startTimeInFrames + item.durationInFrames,
      ]);
  const voices = new Map<string, [number, number][]>();
  for (const track of timeline.tracks) {
    if (track.type !== 'audio' || track.subtype !== 'voiceover') continue;
    for (const item of track.items) {
      if (!item.shotId || !shots.has(item.shotId)) continue;
      const [from, to] = shots.get(item.shotId)!;
      const end = item.startTimeInFrames + item.durationInFrames;
      if (item.startTimeInFrames < from || end > to)
        problems.push(`voice-over ${item.id} outside its shot ${item.shotId}`);
      voices.set(item.shotId, [...(voices.get(item.shotId) ?? []), [item.startTimeInFrames, end]]);
    }
  }
  for (const track of timeline.tracks) {
    track.items.forEach((item, index) => {
      if (!Number.isInteger(item.startTimeInFrames) || !Number.isInteger(item.durationInFrames))
        problems.push(`${item.id} is not on whole frames`);
      if (track.type !== 'caption') return;
      const end = item.startTimeInFrames + item.durationInFrames;
      const previous = track.items[index - 1];
      if (
        previous &&
        previous.startTimeInFrames + previous.durationInFrames > item.startTimeInFrames
      )
        problems.push(`captions ${previous.id} and ${item.id} overlap`);
      const spoken = item.shotId && shots.has(item.shotId) ? voices.get(item.shotId) : undefined;
      if (spoken && !spoken.some(([from, to]) => item.startTimeInFrames >= from && end <= to))
        problems.push(`caption ${item.id} is outside the voice-over of ${item.shotId}`);
    });
  }
  return problems;
}

/** The storyboard follows the primary track: its shots exist, are visible and in rank order. */
function storyboardProblems({ timeline, shotsMap }: Step): string[] {
  const onPrimary = [...primaryShots(timeline.tracks).keys()];
  const problems = onPrimary
    .filter((id) => !shotsMap[id] || shotsMap[id].is_hidden)
    .map((id) => `shot ${id} missing or hidden`);
  const ranked = orderedShots(shotsMap)
    .map((shot) => shot.shot_id)
    .filter((id) => onPrimary.includes(id));
  if (problems.length === 0 && ranked.join() !== onPrimary.join())
    problems.push(`rank order ${ranked.join()} is not the primary order ${onPrimary.join()}`);
  return problems;
}

describe('timeline engine properties', () => {
  it('after any sequence of commands every rule of the engine holds', () => {
    fc.assert(
      fc.property(
        timelinePlan,
        fc.array(commandPlan, { minLength: 10, maxLength: 40 }),
        (plan, plans) => {
          const start = timelineFromPlan(plan);
          expect(timelineViolations(start.timeline)).toEqual([]);
          const end = run(start, plans);
          expect(videoEditorTimelineSchema.safeParse(end.timeline).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('N undos restore the start exactly and N redos re-apply exactly', () => {
    fc.assert(
      fc.property(
        timelinePlan,
        fc.array(commandPlan, { minLength: 5, maxLength: 25 }),
        (plan, plans) => {
          const start = timelineFromPlan(plan);
          let history = createHistory(100);
          let count = 0;
          const end = run(start, plans, (before) => {
            count++;
            history = recordSnapshot(history, {
              id: `h${count}`,
              timestamp: count,
              description: 'edit',
              shotsMap: before.shotsMap,
              tracks: before.timeline.tracks,
            });
          });
          const final: EditorSnapshotState = {
            shotsMap: end.shotsMap,
            tracks: end.timeline.tracks,
          };
          let current = final;
          for (let i = 0; i < count; i++) {
            const step = undo(history, current)!;
            history = step.history;
            current = step.restore;
          }
          expect(undo(history, current)).toBeNull();
          expect(current).toEqual({ shotsMap: start.shotsMap, tracks: start.timeline.tracks });
          for (let i = 0; i < count; i++) {
            const step = redo(history, current)!;
            history = step.history;
            current = step.restore;
          }
          expect(redo(history, current)).toBeNull();
          expect(current).toEqual(final);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);

  it('with a limit of L snapshots, undo goes back L edits and no further', () => {
    fc.assert(
      fc.property(
        timelinePlan,
        fc.array(commandPlan, { minLength: 5, maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        (plan, plans, limit) => {
          const start = timelineFromPlan(plan);
          let history = createHistory(limit);
          const states: EditorSnapshotState[] = [];
          const end = run(start, plans, (before) => {
            states.push({ shotsMap: before.shotsMap, tracks: before.timeline.tracks });
            history = recordSnapshot(history, {
              id: `h${states.length}`,
              timestamp: states.length,
              description: 'edit',
              ...states.at(-1)!,
            });
          });
          let current: EditorSnapshotState = {
            shotsMap: end.shotsMap,
            tracks: end.timeline.tracks,
          };
          let undone = 0;
          for (let step = undo(history, current); step; step = undo(history, current)) {
            history = step.history;
            current = step.restore;
            undone++;
          }
          expect(undone).toBe(Math.min(limit, states.length));
          if (states.length) expect(current).toEqual(states[states.length - undone]);
        },
      ),
      { numRuns: 100 },
    );
  }, 120_000);
});
