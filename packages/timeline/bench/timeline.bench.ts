/**
 * `npm run bench:timeline`: a 1,000-item timeline and 10,000 random commands. Each command is
 * timed as the editor store would pay for it: the command, the shot changes it implies and the
 * undo snapshot. Prints the median and p99 time per command and the memory one undo snapshot
 * keeps alive. Prints figures; asserts nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ShotsMap, VideoEditorTimeline } from '@storyloom/core';
import { applyShotChanges, createHistory, recordSnapshot, undo, type History } from '../src/index';
import { COMMAND_KINDS, prepareCommandPlan, type CommandPlan } from '../src/random-commands';
import { timelineFromPlan } from '../src/random-timeline';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/** mulberry32: a small seeded generator, so every run measures the same commands. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20251122);
const int = (max: number) => Math.floor(next() * max);
const plan = (): CommandPlan => ({
  kind: COMMAND_KINDS[int(COMMAND_KINDS.length)]!,
  pick: int(1_000_000),
  other: int(1_000_000),
  choice: int(1_000_000),
  x: next(),
  y: next(),
});

function countItems(timeline: VideoEditorTimeline) {
  return timeline.tracks.reduce((sum, track) => sum + track.items.length, 0);
}

const start = timelineFromPlan({
  shots: Array.from({ length: 400 }, () => ({ visual: int(6), voice: int(2), auto: next() < 0.5 })),
  music: Array.from({ length: 100 }, () => ({ gap: int(60), duration: 30 + int(270) })),
  captions: Array.from({ length: 100 }, (_, i) => ({ start: i * 90, duration: 30 + int(60) })),
});

let nextId = 0;
const newId = () => `bench-${++nextId}`;

interface State {
  timeline: VideoEditorTimeline;
  shotsMap: ShotsMap;
  history: History;
}

/**
 * One command as the store runs it: the command, the shot changes it implies and the undo
 * snapshot. Picking the random targets is not timed; `elapsed` is the rest, in ms.
 */
function step(state: State, now: number): { state: State; accepted: boolean; elapsed: number } {
  const command = prepareCommandPlan(state.timeline, plan(), newId);
  if (!command) return { state, accepted: false, elapsed: 0 };
  const began = performance.now();
  const result = command();
  if (!result.ok) return { state, accepted: false, elapsed: performance.now() - began };
  const history = recordSnapshot(state.history, {
    id: newId(),
    timestamp: now,
    description: result.description,
    shotsMap: state.shotsMap,
    tracks: state.timeline.tracks,
  });
  const shots = applyShotChanges(state.shotsMap, {
    changes: result.shotChanges,
    timeline: result.timeline,
    now,
  });
  return {
    state: { timeline: result.timeline, shotsMap: shots.shotsMap, history },
    accepted: true,
    elapsed: performance.now() - began,
  };
}

const COMMANDS = 10_000;
const WARM_UP = 1_000;
let state: State = { ...start, history: createHistory() };
console.log(
  `timeline: ${countItems(state.timeline)} items on ${state.timeline.tracks.length} tracks`,
);

/** Runs commands, now and then undoing one as an editor session does. */
function run(count: number, times: number[] | null): number {
  let accepted = 0;
  for (let i = 0; i < count; i++) {
    const outcome = step(state, 1_700_000_000_000 + i);
    times?.push(outcome.elapsed);
    state = outcome.state;
    if (outcome.accepted) accepted++;
    if (i % 50 === 49) {
      const undone = undo(state.history, {
        shotsMap: state.shotsMap,
        tracks: state.timeline.tracks,
      });
      if (undone)
        state = {
          timeline: { ...state.timeline, tracks: undone.restore.tracks },
          shotsMap: undone.restore.shotsMap,
          history: undone.history,
        };
    }
  }
  return accepted;
}

run(WARM_UP, null);
const times: number[] = [];
const accepted = run(COMMANDS, times);

times.sort((a, b) => a - b);
const quantile = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
console.log(
  `commands: ${COMMANDS} after ${WARM_UP} warm-up (${accepted} applied, ` +
    `${COMMANDS - accepted} refused or ignored); ${countItems(state.timeline)} items at the end`,
);
console.log(
  `time per command: median ${quantile(0.5).toFixed(3)} ms, p99 ${quantile(0.99).toFixed(3)} ms, ` +
    `mean ${mean.toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`,
);

// Memory per undo snapshot: what a history of SNAPSHOTS keeps alive beyond the live state.
const SNAPSHOTS = 200;

/** Runs commands until SNAPSHOTS were recorded (in its own frame, so nothing stale stays alive). */
function recordSnapshots(from: State): State {
  let current: State = { ...from, history: createHistory(SNAPSHOTS) };
  let recorded = 0;
  while (recorded < SNAPSHOTS) {
    const outcome = step(current, 1_800_000_000_000 + recorded);
    current = outcome.state;
    if (outcome.accepted) recorded++;
  }
  return current;
}

const live: { state: State } = { state: recordSnapshots(state) };
state = live.state;
gc();
const withHistory = process.memoryUsage().heapUsed;
live.state = { ...live.state, history: createHistory(SNAPSHOTS) };
state = live.state;
gc();
const withoutHistory = process.memoryUsage().heapUsed;
console.log(
  `memory per undo snapshot: ${((withHistory - withoutHistory) / SNAPSHOTS / 1024).toFixed(1)} KiB ` +
    `(${SNAPSHOTS} snapshots of a ${countItems(state.timeline)}-item timeline; unchanged tracks and shots are shared)`,
);
