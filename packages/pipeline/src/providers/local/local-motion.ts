import { LIMITS, LOCAL_MOTION_PROVIDER } from '@storyloom/core';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GeneratedMedia, ShotTransition, VideoProvider } from '../provider-types';
import { runTool } from './run-tool';

/** Frames per second of the local motion clips (the timeline's rate). */
const CLIP_FPS = 30;
/** How far the camera pushes in over a clip (zoom 1 → 1 + this). */
const PUSH_IN = 0.1;
/** How far the next picture starts zoomed in before it settles at zoom 1 (morph). */
const SETTLE = 0.08;

/** What one local motion clip is made of (see `motionClipArgs`). */
export interface MotionClipPlan {
  /** The shot's picture, and the next shot's when the clip moves toward it. */
  startFile: string;
  endFile?: string;
  output: string;
  width: number;
  height: number;
  /** Length of the clip, and of its transition into the next picture, in frames. */
  frames: number;
  transitionFrames: number;
  transition: ShotTransition;
}

/** The frames of a clip's move into the next picture: half the clip to morph, 0.6 s to pan. */
export function transitionFrames(frames: number, transition: ShotTransition): number {
  const wanted = transition === 'morph' ? Math.round(frames / 2) : Math.round(0.6 * CLIP_FPS);
  return Math.max(2, Math.min(frames - 1, wanted));
}

/**
 * The ffmpeg arguments of a local motion clip. The shot's picture is pushed in slowly
 * (zoompan, centred); with a next picture, the clip ends on it exactly as the next clip
 * starts (zoom 1, whole frame), reached either by a dissolve while the next picture settles
 * from a slight zoom ('morph', start/end frame) or by the camera panning across to it
 * ('camera-move', One-Take Style). Without one it is the push-in alone (the last shot).
 */
export function motionClipArgs(plan: MotionClipPlan): string[] {
  const { width: w, height: h, frames: n } = plan;
  const fit = `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`;
  const centre = `x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)'`;
  const zoompan = (zoom: string, count: number) =>
    `zoompan=z='${zoom}':${centre}:d=${count}:s=${w}x${h}:fps=${CLIP_FPS},format=yuv420p`;
  const push = `[0:v]${fit},${zoompan(`1+${PUSH_IN}*on/${n - 1}`, n)}`;
  const inputs = ['-i', plan.startFile];
  let graph: string;
  if (plan.endFile) {
    const m = plan.transitionFrames;
    const next =
      plan.transition === 'morph'
        ? zoompan(`${1 + SETTLE}-${SETTLE}*on/${m - 1}`, m)
        : zoompan('1', m);
    const xfade = plan.transition === 'morph' ? 'dissolve' : 'slideleft';
    const seconds = (frames: number) => (frames / CLIP_FPS).toFixed(4);
    inputs.push('-i', plan.endFile);
    graph =
      `${push}[a];[1:v]${fit},${next}[b];` +
      `[a][b]xfade=transition=${xfade}:duration=${seconds(m)}:offset=${seconds(n - m)}[v]`;
  } else {
    graph = `${push}[v]`;
  }
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...inputs,
    ...['-filter_complex', graph, '-map', '[v]', '-frames:v', String(n)],
    // Small and quick: the exporter re-encodes the whole video anyway.
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-an'],
    plan.output,
  ];
}

/**
 * The local motion provider (`local-motion`). A shot on its own is left a still, because the
 * render engine (`@storyloom/compose` image motion) already moves every still with a pan or
 * zoom in the player and the export alike. A shot joined to the next (start/end frame, One-Take
 * Style) becomes a real clip made by ffmpeg that moves from its picture to the next one, so the
 * video flows across the cut.
 */
export class LocalMotion implements VideoProvider {
  readonly name = LOCAL_MOTION_PROVIDER;

  async animate(input: Parameters<VideoProvider['animate']>[0]): Promise<GeneratedMedia | null> {
    if (!input.transition) return null;
    const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-motion-'));
    try {
      const startFile = path.join(dir, `start.${input.image.extension}`);
      await writeFile(startFile, input.image.bytes);
      let endFile: string | undefined;
      if (input.endImage) {
        endFile = path.join(dir, `end.${input.endImage.extension}`);
        await writeFile(endFile, input.endImage.bytes);
      }
      // Half the picture's size: the exporter scales clips to the output.
      const even = (value: number) => Math.max(2, Math.round(value / 4) * 2);
      const width = even(input.image.width ?? 1920);
      const height = even(input.image.height ?? 1080);
      const seconds = Number.isFinite(input.durationSeconds) ? input.durationSeconds : 5;
      const frames = Math.max(2, Math.round(Math.min(seconds, LIMITS.shotClipSeconds) * CLIP_FPS));
      const output = path.join(dir, 'clip.mp4');
      await runTool(
        'ffmpeg',
        motionClipArgs({
          startFile,
          ...(endFile ? { endFile } : {}),
          output,
          width,
          height,
          frames,
          transitionFrames: transitionFrames(frames, input.transition),
          transition: input.transition,
        }),
        { label: 'local motion clip' },
      );
      return {
        bytes: await readFile(output),
        extension: 'mp4',
        width,
        height,
        durationSeconds: frames / CLIP_FPS,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
