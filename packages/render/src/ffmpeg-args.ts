import {
  motionCrop,
  motionStateAt,
  zoomedPictureSize,
  type MotionArithmetic,
  type Rect,
} from '@storyloom/compose';
import { AUDIO_ENCODER_ARGS, AUDIO_SAMPLE_RATE, VIDEO_ENCODER_ARGS } from './encoder-settings';
import { calculateATempo, formatNumber as num } from './calculate-atempo';
import {
  LOGO_BACKGROUND_HEX,
  type PlannedAudio,
  type PlannedClip,
  type RenderPlan,
  type Segment,
} from './render-plan';

/** An ffmpeg invocation as data: the argument array and the filter graph script beside it. */
export interface FfmpegCommand {
  args: string[];
  /** Written to `filterScriptPath` before running (the graph goes in a file, not argv). */
  filterScript: string;
  filterScriptPath: string;
}

/** Flags every run shares. */
export const COMMON_ARGS: readonly string[] = [
  '-hide_banner', // no build banner in the error text we keep
  '-nostdin', // never wait for keyboard input
  '-y', // outputs live in our own temp folder
  '-loglevel',
  'error',
  '-nostats',
  '-progress', // machine-readable progress on stdout (frame=, out_time_us=, progress=)
  'pipe:1',
];

export interface SegmentFiles {
  /** Image file of each OverlayImage id. */
  images: ReadonlyMap<string, string>;
  filterScriptPath: string;
  outputPath: string;
}

class Inputs {
  readonly args: string[] = [];
  private count = 0;
  add(...args: string[]): number {
    this.args.push(...args);
    return this.count++;
  }
}

/** A picture covering the frame loses what lies outside it (compose's `frameCrop`). */
function cutToFrame(rect: Rect | null): string[] {
  return rect ? [`crop=w=${rect.width}:h=${rect.height}:x=${rect.x}:y=${rect.y}`] : [];
}

/**
 * The filters that turn one input into exactly `frames` frames of W×H yuv420p at the timeline
 * fps, ready for concat.
 */
function clipFilter(
  clip: PlannedClip,
  plan: RenderPlan,
  inputs: Inputs,
  files: SegmentFiles,
  range: { startFrame: number; endFrame: number },
  label: string,
): string[] {
  const { width: W, height: H, fps } = plan;
  const frames = range.endFrame - range.startFrame;
  const source = clip.source;
  const pad = `pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:black`;
  const finish = `setsar=1,format=yuv420p`;
  const lines: string[] = [];
  let chain: string[];
  let from: string;
  switch (source.kind) {
    case 'color':
      from = '';
      chain = [`color=c=${source.color}:s=${W}x${H}:r=${fps}`, `trim=end_frame=${frames}`, finish];
      break;
    case 'video': {
      const start =
        source.sourceStartSeconds + ((range.startFrame - clip.startFrame) * source.speed) / fps;
      // Two frames of margin so rounding never leaves the clip a frame short.
      const duration = ((frames + 2) * source.speed) / fps;
      const index = inputs.add('-ss', num(start), '-t', num(duration), '-i', source.path);
      from = `[${index}:v]`;
      chain = [
        source.speed === 1 ? 'setpts=PTS-STARTPTS' : `setpts=(PTS-STARTPTS)/${num(source.speed)}`,
        `fps=${fps}`,
        `scale=${source.fitted.width}:${source.fitted.height}`,
        ...cutToFrame(source.frameCrop),
        pad,
        // A source shorter than its item holds its last frame.
        'tpad=stop=-1:stop_mode=clone',
        `trim=end_frame=${frames}`,
        finish,
      ];
      break;
    }
    case 'image': {
      const { fitted, motion } = source;
      const index = inputs.add('-i', source.path);
      const maxZoom = Math.max(...motion.zoom);
      const offset = range.startFrame - source.itemStartFrame;
      // compose's motion, as expressions of the frame number n.
      const state = motionStateAt(
        EXPRESSION_ARITHMETIC,
        motion,
        `(n+${offset})/${source.itemFrames}`,
      );
      const crop = motionCrop(EXPRESSION_ARITHMETIC, state, fitted.width, fitted.height);
      const zoom = state.zoom;
      const steady = motion.zoom[0] === motion.zoom[1];
      // Per frame: compose's zoomedPictureSize as an expression, unless the zoom never changes.
      const zoomed = (side: number) =>
        `2*trunc(${EXPRESSION_ARITHMETIC.mul(EXPRESSION_ARITHMETIC.constant(side), zoom)}/2)`;
      from = `[${index}:v]`;
      chain = [
        // Scaled once to the largest size the motion needs (or, for a steady zoom, to the very
        // size every frame uses), then looped in memory.
        steady
          ? `scale=${zoomedPictureSize(fitted, maxZoom).width}:${zoomedPictureSize(fitted, maxZoom).height}`
          : `scale=${evenUp(fitted.width * maxZoom)}:${evenUp(fitted.height * maxZoom)}`,
        'format=yuv420p',
        `loop=loop=${frames - 1}:size=1:start=0`,
        `settb=1/${fps}`,
        'setpts=N',
        ...(steady
          ? []
          : // Bilinear, like the browser's canvas: 20 % faster than bicubic, SSIM 0.996 to it.
            [
              `scale=w='${zoomed(fitted.width)}':h='${zoomed(fitted.height)}':eval=frame:flags=bilinear`,
            ]),
        `crop=w=${fitted.width}:h=${fitted.height}:x='${crop.x}':y='${crop.y}'`,
        ...cutToFrame(source.frameCrop),
        pad,
        finish,
      ];
      break;
    }
    case 'still': {
      const index = inputs.add('-i', imageFile(files, source.imageId));
      from = `[${index}:v]`;
      chain = [
        'format=yuv420p',
        `loop=loop=${frames - 1}:size=1:start=0`,
        `settb=1/${fps}`,
        'setpts=N',
        finish,
      ];
      break;
    }
    case 'logo': {
      const index = inputs.add('-i', imageFile(files, source.imageId));
      const n = source.itemFrames;
      const offset = range.startFrame - source.itemStartFrame;
      const quarter = num(n / 4 / fps);
      lines.push(
        `color=c=${LOGO_BACKGROUND_HEX}:s=${W}x${H}:r=${fps},trim=end_frame=${frames},format=yuv420p[${label}bg]`,
        `[${index}:v]format=rgba,loop=loop=${n - 1}:size=1:start=0,settb=1/${fps},setpts=N,` +
          `fade=t=in:st=0:d=${quarter}:alpha=1,fade=t=out:st=${num((n * 0.75) / fps)}:d=${quarter}:alpha=1,` +
          `trim=start_frame=${offset}:end_frame=${offset + frames},setpts=PTS-STARTPTS[${label}fg]`,
      );
      from = `[${label}bg][${label}fg]`;
      chain = ['overlay=format=auto', finish];
      break;
    }
  }
  chain.push(...fadeFilters(clip, range));
  lines.push(`${from}${chain.join(',')}[${label}]`);
  return lines;
}

/**
 * Fade-to-black filters of a clip, exact to the frame even when the clip starts inside a
 * ramp: the clip is lengthened at its head (tpad) so the ramp starts inside it, then cut back.
 */
function fadeFilters(clip: PlannedClip, range: { startFrame: number; endFrame: number }): string[] {
  const c0 = range.startFrame;
  const c1 = range.endFrame;
  const ramps: { type: 'in' | 'out'; start: number; frames: number }[] = [];
  if (clip.fadeIn && clip.fadeIn.startFrame + clip.fadeIn.frames > c0)
    ramps.push({ type: 'in', start: clip.fadeIn.startFrame, frames: clip.fadeIn.frames });
  if (clip.fadeOut && clip.fadeOut.startFrame < c1)
    ramps.push({ type: 'out', start: clip.fadeOut.startFrame, frames: clip.fadeOut.frames });
  if (ramps.length === 0) return [];
  const lead = Math.max(0, ...ramps.map((r) => c0 - r.start));
  const filters: string[] = [];
  if (lead > 0) filters.push(`tpad=start=${lead}:start_mode=clone`);
  for (const r of ramps) filters.push(`fade=t=${r.type}:s=${r.start - c0 + lead}:n=${r.frames}`);
  if (lead > 0) filters.push(`trim=start_frame=${lead}`, 'setpts=PTS-STARTPTS');
  return filters;
}

const evenUp = (value: number) => Math.ceil(value / 2 - 1e-9) * 2;

/** compose's motion arithmetic on ffmpeg expressions (sums bracketed, so products bind). */
const EXPRESSION_ARITHMETIC: MotionArithmetic<string> = {
  constant: (value) => num(value),
  add: (a, b) => `(${a}+${b})`,
  sub: (a, b) => `(${a}-${b})`,
  mul: (a, b) => `${a}*${b}`,
};

function imageFile(files: SegmentFiles, id: string): string {
  const file = files.images.get(id);
  if (!file) throw new Error(`No image file for ${id}`);
  return file;
}

/**
 * The ffmpeg run for one segment: its clips concatenated, the overlays of its window laid
 * over in time, encoded to H.264 without sound.
 */
export function segmentCommand(
  plan: RenderPlan,
  segment: Segment,
  files: SegmentFiles,
): FfmpegCommand {
  const inputs = new Inputs();
  const lines: string[] = [];
  const labels: string[] = [];
  for (const clip of plan.clips) {
    const startFrame = Math.max(clip.startFrame, segment.startFrame);
    const endFrame = Math.min(clip.endFrame, segment.endFrame);
    if (endFrame <= startFrame) continue;
    const label = `c${labels.length}`;
    lines.push(...clipFilter(clip, plan, inputs, files, { startFrame, endFrame }, label));
    labels.push(label);
  }
  let current = 'base';
  lines.push(
    labels.length === 1
      ? `[${labels[0]}]null[base]`
      : `${labels.map((l) => `[${l}]`).join('')}concat=n=${labels.length}:v=1:a=0[base]`,
  );
  const imageInputs = new Map<string, number>();
  const images = new Map(plan.images.map((image) => [image.id, image]));
  let step = 0;
  for (const overlay of plan.overlays) {
    const a = Math.max(overlay.startFrame, segment.startFrame) - segment.startFrame;
    const b = Math.min(overlay.endFrame, segment.endFrame) - segment.startFrame;
    if (b <= a) continue;
    const image = images.get(overlay.imageId)!;
    let index = imageInputs.get(image.id);
    if (index === undefined) {
      index = inputs.add('-i', imageFile(files, image.id));
      imageInputs.set(image.id, index);
    }
    const whole = a === 0 && b === segment.endFrame - segment.startFrame;
    const next = `o${step++}`;
    lines.push(
      `[${current}][${index}:v]overlay=x=${image.x}:y=${image.y}` +
        (whole ? '' : `:enable='between(n,${a},${b - 1})'`) +
        `[${next}]`,
    );
    current = next;
  }
  lines.push(`[${current}]format=yuv420p[vout]`);
  const frames = segment.endFrame - segment.startFrame;
  return {
    args: [
      ...COMMON_ARGS,
      ...inputs.args,
      '-filter_complex_script',
      files.filterScriptPath,
      '-map',
      '[vout]',
      '-an',
      ...VIDEO_ENCODER_ARGS,
      '-r',
      String(plan.fps),
      '-fps_mode',
      'cfr',
      '-frames:v',
      String(frames),
      files.outputPath,
    ],
    filterScript: lines.join(';\n') + '\n',
    filterScriptPath: files.filterScriptPath,
  };
}

/** The concat demuxer's list of segment files (paths quoted for its parser). */
export function concatList(paths: readonly string[]): string {
  return (
    'ffconcat version 1.0\n' +
    paths.map((p) => `file '${p.replaceAll("'", "'\\''")}'`).join('\n') +
    '\n'
  );
}

/**
 * One sound's filters: its source part resampled, sped up by atempo, shaped by compose's
 * envelope (`volume` then linear `afade`s, tri being afade's straight line), cut to the item and
 * delayed to its start.
 */
function audioChain(clip: PlannedAudio, index: number, fps: number, label: string): string {
  const envelope = clip.envelope;
  const duration = num(envelope.durationSeconds);
  const filters = [
    `aresample=${AUDIO_SAMPLE_RATE}`,
    `aformat=sample_fmts=fltp:sample_rates=${AUDIO_SAMPLE_RATE}:channel_layouts=stereo`,
    'asetpts=PTS-STARTPTS',
    ...calculateATempo(envelope.speed),
  ];
  if (envelope.volume !== 1) filters.push(`volume=${num(envelope.volume)}`);
  if (envelope.fadeInSeconds > 0)
    filters.push(`afade=t=in:st=0:d=${num(envelope.fadeInSeconds)}:curve=tri`);
  if (envelope.fadeOutSeconds > 0)
    filters.push(
      `afade=t=out:st=${num(envelope.fadeOutStartSeconds)}:d=${num(envelope.fadeOutSeconds)}:curve=tri`,
    );
  filters.push(`apad=whole_dur=${duration}`, `atrim=end=${duration}`);
  const delay = Math.round((clip.startFrame / fps) * AUDIO_SAMPLE_RATE);
  if (delay > 0) filters.push(`adelay=delays=${delay}S:all=1`);
  return `[${index}:a]${filters.join(',')}[${label}]`;
}

/**
 * The loudness every export is normalised to (EBU R128): -14 LUFS integrated, where streaming
 * platforms play, with true peaks at most -1.5 dBTP and a loudness range of 11 LU.
 */
export const LOUDNESS_TARGET = { integrated: -14, truePeak: -1.5, range: 11 } as const;

/** Below this integrated loudness (LUFS) a mix counts as silence and is left as it is. */
const SILENCE_LUFS = -70;

/** What loudnorm's first pass measured of a mix (its `print_format=json` answer). */
export interface MeasuredLoudness {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

const loudnormTarget = `loudnorm=I=${LOUDNESS_TARGET.integrated}:TP=${LOUDNESS_TARGET.truePeak}:LRA=${LOUDNESS_TARGET.range}`;

/**
 * The sound of the whole timeline as filter graph lines ending in `[mix]`: each clip trimmed,
 * then speed, volume, fades, placement; `amix` with normalize=0 so levels are what the
 * timeline says. Audio inputs are added to `inputs`.
 */
function audioMix(plan: RenderPlan, inputs: Inputs): string[] {
  const total = num(plan.totalFrames / plan.fps);
  const lines: string[] = [];
  const labels: string[] = [];
  for (const clip of plan.audio) {
    const index = inputs.add(
      '-ss',
      num(clip.sourceStartSeconds),
      '-t',
      num(clip.sourceDurationSeconds),
      '-i',
      clip.path,
    );
    const label = `a${labels.length}`;
    lines.push(audioChain(clip, index, plan.fps, label));
    labels.push(label);
  }
  const tail = `apad=whole_dur=${total},atrim=end=${total}`;
  if (labels.length === 0) {
    lines.push(`anullsrc=r=${AUDIO_SAMPLE_RATE}:cl=stereo,atrim=end=${total}[mix]`);
  } else if (labels.length === 1) {
    lines.push(`[${labels[0]}]${tail}[mix]`);
  } else {
    lines.push(
      `${labels.map((l) => `[${l}]`).join('')}amix=inputs=${labels.length}:duration=longest:dropout_transition=0:normalize=0,${tail}[mix]`,
    );
  }
  return lines;
}

/**
 * loudnorm's first pass over the whole timeline's mix (once for the whole export, never per
 * segment): it prints what it measured as JSON at the end of ffmpeg's log (`parseLoudness`).
 * Only worth running when the timeline has sound.
 */
export function loudnessCommand(
  plan: RenderPlan,
  files: { filterScriptPath: string },
): FfmpegCommand {
  const inputs = new Inputs();
  const lines = audioMix(plan, inputs);
  lines.push(`[mix]${loudnormTarget}:print_format=json[aout]`);
  return {
    args: [
      // loudnorm prints its measurement at the info level.
      ...COMMON_ARGS.map((arg) => (arg === 'error' ? 'info' : arg)),
      ...inputs.args,
      '-filter_complex_script',
      files.filterScriptPath,
      '-map',
      '[aout]',
      '-f',
      'null',
      '-',
    ],
    filterScript: lines.join(';\n') + '\n',
    filterScriptPath: files.filterScriptPath,
  };
}

/** loudnorm's measurement from the end of ffmpeg's log, or null when it has none. */
export function parseLoudness(log: string): MeasuredLoudness | null {
  const json = /\{[^{}]*"input_i"[^{}]*\}/.exec(log.slice(log.lastIndexOf('Parsed_loudnorm')));
  if (!json) return null;
  const measured = JSON.parse(json[0]) as Partial<MeasuredLoudness>;
  const keys = ['input_i', 'input_tp', 'input_lra', 'input_thresh', 'target_offset'] as const;
  return keys.every((key) => Number.isFinite(Number(measured[key])))
    ? (measured as MeasuredLoudness)
    : null;
}

/** The mix brought to the loudness target (loudnorm's second pass), as `[aout]`. */
function normalisedMix(plan: RenderPlan, inputs: Inputs, loudness?: MeasuredLoudness | null) {
  const lines = audioMix(plan, inputs);
  lines.push(
    loudness && Number(loudness.input_i) > SILENCE_LUFS
      ? `[mix]${loudnormTarget}:measured_I=${loudness.input_i}:measured_TP=${loudness.input_tp}:` +
          `measured_LRA=${loudness.input_lra}:measured_thresh=${loudness.input_thresh}:` +
          `offset=${loudness.target_offset}:linear=true,aresample=${AUDIO_SAMPLE_RATE}[aout]`
      : '[mix]anull[aout]',
  );
  return lines;
}

/**
 * The sound of the whole export on its own: the timeline's mix, given the first pass's
 * measurement brought to the loudness target (loudnorm's second pass, linear when the peaks
 * allow), encoded to AAC 48 kHz in an MP4. It runs while the pictures encode; the joining run
 * then copies it (`assembleCommand` with `soundPath`).
 */
export function soundCommand(
  plan: RenderPlan,
  files: { filterScriptPath: string; outputPath: string },
  loudness?: MeasuredLoudness | null,
): FfmpegCommand {
  const inputs = new Inputs();
  const lines = normalisedMix(plan, inputs, loudness);
  return {
    args: [
      ...COMMON_ARGS,
      ...inputs.args,
      '-filter_complex_script',
      files.filterScriptPath,
      '-map',
      '[aout]',
      ...AUDIO_ENCODER_ARGS,
      '-t',
      num(plan.totalFrames / plan.fps),
      files.outputPath,
    ],
    filterScript: lines.join(';\n') + '\n',
    filterScriptPath: files.filterScriptPath,
  };
}

export interface AssembleFiles {
  concatListPath: string;
  filterScriptPath: string;
  outputPath: string;
  /** The export's sound already encoded (`soundCommand`): copied instead of mixed here. */
  soundPath?: string | undefined;
}

/**
 * The last run: the segments joined by the concat demuxer (video copied, not re-encoded) and
 * the sound: copied from `soundPath` when it was encoded beside the pictures, else mixed over
 * the whole timeline here and, given the first pass's measurement, brought to the loudness
 * target, encoded to AAC 48 kHz.
 */
export function assembleCommand(
  plan: RenderPlan,
  files: AssembleFiles,
  loudness?: MeasuredLoudness | null,
): FfmpegCommand {
  const inputs = new Inputs();
  inputs.add('-f', 'concat', '-safe', '0', '-i', files.concatListPath);
  const total = num(plan.totalFrames / plan.fps);
  const tail = [
    '-movflags',
    '+faststart', // the index first, so players start before the download ends
    '-t',
    total,
    files.outputPath,
  ];
  if (files.soundPath) {
    const sound = inputs.add('-i', files.soundPath);
    return {
      args: [
        ...COMMON_ARGS,
        ...inputs.args,
        ...['-map', '0:v', '-map', `${sound}:a`, '-c', 'copy'],
        ...tail,
      ],
      filterScript: '',
      filterScriptPath: files.filterScriptPath,
    };
  }
  const lines = normalisedMix(plan, inputs, loudness);
  return {
    args: [
      ...COMMON_ARGS,
      ...inputs.args,
      '-filter_complex_script',
      files.filterScriptPath,
      '-map',
      '0:v',
      '-map',
      '[aout]',
      '-c:v',
      'copy',
      ...AUDIO_ENCODER_ARGS,
      ...tail,
    ],
    filterScript: lines.join(';\n') + '\n',
    filterScriptPath: files.filterScriptPath,
  };
}

/** A bare re-encode of one file at the export's settings (the benchmark's baseline). */
export function bareReencodeArgs(inputPath: string, outputPath: string): string[] {
  return [
    ...COMMON_ARGS,
    '-i',
    inputPath,
    ...VIDEO_ENCODER_ARGS,
    ...AUDIO_ENCODER_ARGS,
    '-movflags',
    '+faststart',
    outputPath,
  ];
}
