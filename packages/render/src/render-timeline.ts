import { createHash, type Hash } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import {
  videoEditorTimelineSchema,
  type MediaAsset,
  type VideoEditorTimeline,
} from '@storyloom/core';
import {
  assembleCommand,
  concatList,
  loudnessCommand,
  parseLoudness,
  segmentCommand,
  soundCommand,
  type MeasuredLoudness,
} from './ffmpeg-args';
import { ffprobe, isStillImage, ProbeError } from './media-probe';
import { measuringContext, writeOverlayImages } from './overlay-images';
import { RenderError } from './render-error';
import { buildRenderPlan, type MediaInfo, type RenderPlan, type Size } from './render-plan';
import { abortError, runFfmpeg } from './run-ffmpeg';

export interface RenderTimelineOptions {
  /** A video_editor_timeline; validated here (an invalid one is refused naming the field). */
  timeline: unknown;
  output: Size;
  outputPath: string;
  /** Where the media of an asset is: a local path (or a URL ffmpeg can read). */
  resolveMedia: (asset: MediaAsset) => string | Promise<string>;
  removeWatermark?: boolean | undefined;
  watermarkEnabled?: boolean | undefined;
  captionsEnabled?: boolean | undefined;
  /** false: no branded logo intro/outro (see compose's ComposeOptions.brandLogo). */
  brandLogo?: boolean | undefined;
  /** Percent 0..100. */
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** Frames per segment; else seconds per segment (default 120 s). */
  segmentFrames?: number | undefined;
  segmentSeconds?: number | undefined;
  /** Parent of the run's temporary folder (default the OS temp folder). */
  tempDir?: string | undefined;
}

export interface RenderResult {
  plan: RenderPlan;
  outputPath: string;
  bytes: number;
}

/** The phases of a render, as `RENDER_PHASE_CHANNEL` reports them. */
export type RenderPhase = 'probe' | 'overlays' | 'segment' | 'loudness' | 'sound' | 'assemble';

/**
 * A render reports each phase it ran on this diagnostics channel: its name, milliseconds and a
 * count (assets probed, overlay pictures drawn rather than reused, frames encoded, loudness
 * passes run rather than reused). `bench:generate` breaks the export down with it.
 */
export const RENDER_PHASE_CHANNEL = 'storyloom:render-phase';
export interface RenderPhaseTiming {
  phase: RenderPhase;
  ms: number;
  count: number;
}
const phaseChannel = channel(RENDER_PHASE_CHANNEL);

async function timed<T>(
  phase: RenderPhase,
  count: (result: T) => number,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const result = await run();
  if (phaseChannel.hasSubscribers)
    phaseChannel.publish({
      phase,
      ms: performance.now() - started,
      count: count(result),
    } satisfies RenderPhaseTiming);
  return result;
}

/** Share of the progress bar the segment encodes take; the rest is the final mux. */
const ENCODE_SHARE = 95;

/** Validates a timeline, refusing it with a message that names the first bad field. */
export function parseTimelineForRender(input: unknown): VideoEditorTimeline {
  const parsed = videoEditorTimelineSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'timeline';
  throw new RenderError('INVALID_TIMELINE', `Invalid timeline: ${field}: ${issue.message}`);
}

/** Probes every asset the timeline uses; a missing or unreadable file fails with its name. */
async function probeAssets(
  timeline: VideoEditorTimeline,
  resolveMedia: RenderTimelineOptions['resolveMedia'],
  signal: AbortSignal | undefined,
): Promise<Map<string, MediaInfo>> {
  const used = new Set(
    timeline.tracks.flatMap((t) => t.items.map((i) => i.mediaAssetId).filter(Boolean)),
  );
  const assets = timeline.mediaAssets.filter((a) => used.has(a.id) && !a.is_deleted);
  // A few probes at a time; the first failing asset (in the timeline's order) is reported.
  const limit = pLimit(PROBES_AT_ONCE);
  const results = await Promise.allSettled(
    assets.map((asset) => limit(() => probeAsset(asset, resolveMedia, signal))),
  );
  const media = new Map<string, MediaInfo>();
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected') throw result.reason;
    media.set(assets[index]!.id, result.value);
  }
  return media;
}

const PROBES_AT_ONCE = 4;

async function probeAsset(
  asset: MediaAsset,
  resolveMedia: RenderTimelineOptions['resolveMedia'],
  signal: AbortSignal | undefined,
): Promise<MediaInfo> {
  const name = asset.title ? ` ("${asset.title}")` : '';
  let file: string;
  try {
    file = await resolveMedia(asset);
  } catch (error) {
    throw new RenderError(
      'MEDIA_UNREADABLE',
      `Media asset with ID ${asset.id}${name} could not be found: ${(error as Error).message}`,
    );
  }
  try {
    const probed = await ffprobe(file, { ...(signal ? { signal } : {}) });
    const video = probed.streams.find((s) => s.codec_type === 'video');
    const still = isStillImage(probed);
    return {
      path: file,
      hasVideo: Boolean(video),
      hasAudio: probed.streams.some((s) => s.codec_type === 'audio'),
      width: video?.width,
      height: video?.height,
      durationSeconds: still ? undefined : Number(probed.format.duration) || undefined,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof ProbeError ? error.message : String(error);
    throw new RenderError(
      'MEDIA_UNREADABLE',
      `Media asset with ID ${asset.id}${name} could not be read: ${reason}`,
    );
  }
}

/** What every phase of a render needs: the plan, its overlay pictures, a work folder. */
export interface PreparedRender {
  plan: RenderPlan;
  /** Overlay picture files by image id. */
  images: Map<string, string>;
  /** A temporary folder of this render, removed by `dispose`. */
  work: string;
  dispose(): Promise<void>;
}

export type RenderPhaseOptions = Omit<RenderTimelineOptions, 'outputPath' | 'onProgress'> & {
  /** false: the overlay pictures are not needed (joining segments), so none are written. */
  overlays?: boolean | undefined;
};

/**
 * The first phase of a render, the same wherever it runs: validate, probe the media, plan
 * (pure) and draw the overlays once with compose. A render spread over workers prepares in
 * each of them and gets the same plan, so segments rendered apart join exactly.
 */
export async function prepareRender(options: RenderPhaseOptions): Promise<PreparedRender> {
  const { signal, output } = options;
  const timeline = parseTimelineForRender(options.timeline);
  const work = await mkdtemp(path.join(options.tempDir ?? tmpdir(), 'storyloom-render-'));
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    const media = await timed(
      'probe',
      (found) => found.size,
      () => probeAssets(timeline, options.resolveMedia, signal),
    );
    if (signal?.aborted) throw abortError(signal);
    const { ctx, measure } = measuringContext();
    const plan = buildRenderPlan({
      timeline,
      media,
      output,
      removeWatermark: options.removeWatermark,
      watermarkEnabled: options.watermarkEnabled,
      captionsEnabled: options.captionsEnabled,
      brandLogo: options.brandLogo,
      measure,
      measureContext: ctx,
      segmentFrames: options.segmentFrames,
      segmentSeconds: options.segmentSeconds,
    });
    const images =
      options.overlays === false
        ? new Map<string, string>()
        : (
            await timed(
              'overlays',
              (written) => written.drawn,
              () => writeOverlayImages(plan.images, output, work),
            )
          ).files;
    return { plan, images, work, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Encodes one segment's pictures (no sound) into `outputPath`. */
export async function renderSegment(
  prepared: PreparedRender,
  segmentIndex: number,
  outputPath: string,
  options: { signal?: AbortSignal | undefined; onFrames?: (frames: number) => void } = {},
): Promise<void> {
  const segment = prepared.plan.segments[segmentIndex];
  if (!segment) throw new Error(`The render has no segment ${segmentIndex}`);
  const name = `segment-${String(segment.index).padStart(3, '0')}`;
  const command = segmentCommand(prepared.plan, segment, {
    images: prepared.images,
    filterScriptPath: path.join(prepared.work, `${name}.filters.txt`),
    outputPath,
  });
  await writeFile(command.filterScriptPath, command.filterScript);
  await timed(
    'segment',
    () => segment.endFrame - segment.startFrame,
    () =>
      runFfmpeg(command.args, {
        signal: options.signal,
        ...(options.onFrames ? { onFrames: options.onFrames } : {}),
      }),
  );
}

/**
 * Loudness already measured, by what was measured: the mix's filter graph and the content of
 * every sound file it reads. The parts and the join of one export, and a later export of the
 * same sound (say without the watermark), measure it once. Bounded, oldest out.
 */
const measured = new Map<string, MeasuredLoudness | null>();
const MEASURED_MAX = 256;

async function loudnessKey(args: readonly string[], filterScript: string): Promise<string> {
  const hash = createHash('sha256').update(filterScript);
  for (const [index, arg] of args.entries()) {
    if (args[index - 1] !== '-i') hash.update(`\0${arg}`);
    else await hashFile(hash.update('\0file:'), arg);
  }
  return hash.digest('hex');
}

/** Feeds a file's bytes to a hash a megabyte at a time (media files can be large). */
async function hashFile(hash: Hash, file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(1024 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length);
      if (bytesRead === 0) return;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

/**
 * Measures the loudness of the whole timeline's mix (loudnorm's first pass), once per distinct
 * mix in this process; null if silent.
 */
export async function measureLoudness(
  prepared: PreparedRender,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<MeasuredLoudness | null> {
  const { plan, work } = prepared;
  if (plan.audio.length === 0) return null;
  const measure = loudnessCommand(plan, {
    filterScriptPath: path.join(work, 'loudness.filters.txt'),
  });
  return timed(
    'loudness',
    ({ ran }) => (ran ? 1 : 0),
    async () => {
      const key = await loudnessKey(measure.args, measure.filterScript).catch(() => null);
      if (key !== null && measured.has(key)) return { loudness: measured.get(key)!, ran: false };
      await writeFile(measure.filterScriptPath, measure.filterScript);
      const loudness = parseLoudness(await runFfmpeg(measure.args, { signal: options.signal }));
      if (key !== null) {
        measured.set(key, loudness);
        if (measured.size > MEASURED_MAX) measured.delete(measured.keys().next().value!);
      }
      return { loudness, ran: true };
    },
  ).then((result) => result.loudness);
}

/**
 * The export's sound on its own (the whole mix brought to the loudness target, AAC), made while
 * the pictures encode so the join only copies it. Measures the loudness unless given.
 */
export async function renderSound(
  prepared: PreparedRender,
  outputPath: string,
  options: {
    signal?: AbortSignal | undefined;
    loudness?: Promise<MeasuredLoudness | null> | undefined;
  } = {},
): Promise<void> {
  const { signal } = options;
  const loudness = await (options.loudness ?? measureLoudness(prepared, { signal }));
  const command = soundCommand(
    prepared.plan,
    { filterScriptPath: path.join(prepared.work, 'sound.filters.txt'), outputPath },
    loudness,
  );
  await writeFile(command.filterScriptPath, command.filterScript);
  await timed(
    'sound',
    () => 1,
    () => runFfmpeg(command.args, { signal }),
  );
}

/**
 * The last phase: joins the segments without re-encoding their pictures, with the sound made
 * beside them (`soundPath`, copied) or else mixed here once for the whole timeline (its
 * loudness measured over the whole mix, here unless given).
 */
export async function assembleRender(
  prepared: PreparedRender,
  segmentPaths: readonly string[],
  outputPath: string,
  options: {
    signal?: AbortSignal | undefined;
    loudness?: Promise<MeasuredLoudness | null> | undefined;
    soundPath?: string | undefined;
  } = {},
): Promise<void> {
  const { plan, work } = prepared;
  const { signal, soundPath } = options;
  const loudness = soundPath
    ? null
    : await (options.loudness ?? measureLoudness(prepared, { signal }));
  const concatListPath = path.join(work, 'segments.ffconcat');
  await writeFile(concatListPath, concatList(segmentPaths));
  const assemble = assembleCommand(
    plan,
    {
      concatListPath,
      filterScriptPath: path.join(work, 'audio.filters.txt'),
      outputPath,
      soundPath,
    },
    loudness,
  );
  if (!soundPath) await writeFile(assemble.filterScriptPath, assemble.filterScript);
  try {
    await timed(
      'assemble',
      () => 1,
      () => runFfmpeg(assemble.args, { signal }),
    );
  } catch (error) {
    await rm(outputPath, { force: true });
    throw error;
  }
}

/**
 * Renders a timeline to an MP4 in this process: prepare, encode each segment, then join them
 * and mix the sound. The temporary folder is always removed, and on cancel (signal) the
 * running ffmpeg is killed before this returns.
 */
export async function renderTimeline(options: RenderTimelineOptions): Promise<RenderResult> {
  const { signal } = options;
  const report = (percent: number) =>
    options.onProgress?.(Math.min(100, Math.max(0, Math.round(percent * 10) / 10)));
  report(0);
  const prepared = await prepareRender(options);
  // Stops the loudness measurement too when the encode fails.
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let sound: Promise<void> | undefined;
  try {
    if (signal?.aborted) throw abortError(signal);
    report(2);
    const { plan } = prepared;
    // The sound is measured and encoded while the pictures encode.
    const soundPath = path.join(prepared.work, 'sound.mp4');
    sound = renderSound(prepared, soundPath, { signal: both });
    sound.catch(() => undefined); // awaited before the assembly, or below after a failure
    const segmentPaths: string[] = [];
    for (const segment of plan.segments) {
      const file = path.join(prepared.work, `segment-${segment.index}.mp4`);
      await renderSegment(prepared, segment.index, file, {
        signal,
        onFrames: (frames) =>
          report(2 + ((segment.startFrame + frames) / plan.totalFrames) * (ENCODE_SHARE - 2)),
      });
      segmentPaths.push(file);
    }
    await sound;
    await assembleRender(prepared, segmentPaths, options.outputPath, { signal, soundPath });
    report(100);
    return { plan, outputPath: options.outputPath, bytes: (await stat(options.outputPath)).size };
  } catch (error) {
    stop.abort();
    await sound?.catch(() => undefined); // its ffmpeg has exited before this returns
    throw error;
  } finally {
    await prepared.dispose();
  }
}
