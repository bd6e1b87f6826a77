import {
  DEFAULT_FPS,
  orderedShots,
  type GeneratedShot,
  type MediaAsset,
  type VideoEditorTimeline,
} from '@storyloom/core';
import type { GenerationPorts, GenerationStory } from './generation-ports';

export interface PipelineStepResult {
  pause?: boolean;
}

/**
 * What one shot of a per-shot step made: its new assets and the fields of its shot (media and
 * voice, which every kind's shot has). JSON.
 */
export interface ShotResult {
  assets: MediaAsset[];
  update: Partial<GeneratedShot>;
}

/** One step of a generation, over its request `Input` and its story kind's shot `S`. */
export interface PipelineStep<Input, S extends GeneratedShot = GeneratedShot> {
  name: string;
  /** processing:{stage} while the step runs. */
  status: string;
  /** The stage of failed:{stage} when it fails. */
  failureStage: string;
  /**
   * The step's work for one shot (by index in shot order), when it has such work. The server
   * runs each shot as a job of its own, on any worker, and keeps its result as soon as it is
   * done, so a retry or a dead worker redoes only unfinished shots and no paid call is made
   * twice. Like a step, it makes only what the story does not have yet.
   */
  perShot?(input: Input, ports: GenerationPorts<S>, index: number): Promise<ShotResult>;
  /**
   * The step itself; for a step with `perShot`, it gets every shot's result in shot order
   * (or, when not given, makes them here, a few shots at a time).
   */
  run(
    input: Input,
    ports: GenerationPorts<S>,
    shots?: readonly ShotResult[],
  ): Promise<PipelineStepResult | void>;
}

/** Shots generated at the same time (the machine has 2 cores). */
const PARALLEL_SHOTS = 2;

/** Shot ids of a generated storyboard: shot-001, shot-002... (stable across retries). */
export const shotId = (index: number) => `shot-${String(index + 1).padStart(3, '0')}`;

/** The shots a per-shot step has to cover: every shot of the storyboard. */
export async function shotCount(ports: GenerationPorts): Promise<number> {
  return Object.keys((await ports.loadStory()).storyboard?.shots_map ?? {}).length;
}

/** A story's shot at `index` in shot order, the next one, and the ids of the assets it has. */
export async function shotAt<S extends GeneratedShot>(ports: GenerationPorts<S>, index: number) {
  const story = await ports.loadStory();
  const shots = orderedShots(story.storyboard?.shots_map ?? {});
  const shot = shots[index];
  if (!shot) throw new Error(`The storyboard has no shot ${index + 1}`);
  const have = new Set(assetsOf(story).map((a) => a.id));
  return { story, shots, shot, next: shots[index + 1], have };
}

/** A per-shot step's results: the ones given, else made here for every shot. */
export async function resultsOf<Input, S extends GeneratedShot>(
  step: Pick<PipelineStep<Input, S>, 'perShot'>,
  input: Input,
  ports: GenerationPorts<S>,
  given: readonly ShotResult[] | undefined,
): Promise<readonly ShotResult[]> {
  if (given) return given;
  const results: ShotResult[] = [];
  const indices = Array.from({ length: await shotCount(ports) }, (_, i) => i);
  await inBatches(indices, PARALLEL_SHOTS, async (index) => {
    results[index] = await step.perShot!(input, ports, index);
    await ports.progress((results.filter(Boolean).length / indices.length) * 100);
  });
  return results;
}

/**
 * Writes the shots' results into the story (in shot order): their fields into the shots,
 * their assets, and what `extra` adds once every shot is done.
 */
export async function saveShotResults<S extends GeneratedShot>(
  ports: GenerationPorts<S>,
  results: readonly ShotResult[],
  extra: (
    story: GenerationStory<S>,
    shotsMap: Record<string, S>,
  ) => Promise<{
    assets?: MediaAsset[];
    metadata?: Record<string, unknown>;
  }> = () => Promise.resolve({}),
): Promise<void> {
  const fresh = await ports.loadStory();
  const shotIds = orderedShots(fresh.storyboard?.shots_map ?? {}).map((s) => s.shot_id);
  const shots_map = { ...fresh.storyboard!.shots_map };
  results.forEach((result, index) => {
    const id = shotIds[index]!;
    if (Object.keys(result.update).length > 0)
      shots_map[id] = { ...shots_map[id]!, ...result.update };
  });
  const more = await extra(fresh, shots_map);
  const assets = [...results.flatMap((r) => r.assets), ...(more.assets ?? [])];
  if (assets.length === 0 && !more.metadata && results.every((r) => !Object.keys(r.update).length))
    return;
  await ports.updateStory({
    storyboard: { shots_map },
    videoEditorTimeline: withAssets(fresh, assets),
    ...(more.metadata ? { metadata: more.metadata } : {}),
  });
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(work));
}

/** The media assets a story has so far. */
export function assetsOf(story: GenerationStory): MediaAsset[] {
  return story.videoEditorTimeline?.mediaAssets ?? [];
}

/** The working timeline while generating: the assets made so far, no tracks yet. */
function withAssets(story: GenerationStory, assets: MediaAsset[]): VideoEditorTimeline {
  const ids = new Set(assets.map((a) => a.id));
  const base: VideoEditorTimeline = story.videoEditorTimeline ?? {
    schemaVersion: 1,
    tracks: [],
    mediaAssets: [],
    globalConfig: {
      fps: DEFAULT_FPS,
      watermark: { enabled: true, type: 'storyloom' },
      captions: { enabled: true },
    },
  };
  return { ...base, mediaAssets: [...base.mediaAssets.filter((a) => !ids.has(a.id)), ...assets] };
}
