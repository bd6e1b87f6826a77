import {
  cleanPastedText,
  DEFAULT_FPS,
  findStyle,
  MUSIC_AUTO,
  orderedShots,
  OUTPUT_SIZES,
  type AspectRatio,
  type MediaAsset,
  type ScriptToVideoPayload,
  type Shot,
  type ShotsMap,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { spreadRanks } from '@storyloom/timeline';
import type {
  GeneratedMedia,
  Providers,
  StyleChoice,
  TimedPhrase,
} from '../providers/provider-types';
import { phrasesOf, titleFromText } from '../providers/local/local-writer';
import {
  buildExplainerTimeline,
  MUSIC_INTRO_SECONDS,
  MUSIC_OUTRO_SECONDS,
} from './explainer-timeline';
import { buildMusicVideoTimeline, shotFrames } from '../music-video/music-video-timeline';

/** What a generation step reads of its story. */
export interface GenerationStory {
  id: string;
  title: string;
  storyboard: { shots_map: ShotsMap } | null;
  videoEditorTimeline: VideoEditorTimeline | null;
  metadata: Record<string, unknown>;
}

export interface GenerationStoryPatch {
  title?: string;
  storyboard?: { shots_map: ShotsMap };
  videoEditorTimeline?: VideoEditorTimeline;
  metadata?: Record<string, unknown>;
}

/** The I/O a step needs, supplied by the server (STYLE.md §7: the shell owns every effect). */
export interface GenerationPorts {
  providers: Providers;
  loadStory(): Promise<GenerationStory>;
  updateStory(patch: GenerationStoryPatch): Promise<void>;
  /** Stores media under a name unique within the run: storing the same name twice overwrites. */
  storeMedia(name: string, media: GeneratedMedia): Promise<{ url: string }>;
  /** Reads back media this story stores (e.g. a shot's picture for a video model). */
  readMedia(url: string): Promise<Buffer>;
  /** Sets the run's progress in percent. */
  progress(percent: number): Promise<void>;
}

export interface PipelineStepResult {
  pause?: boolean;
}

/** What one shot of a per-shot step made: its new assets and the fields of its shot. JSON. */
export interface ShotResult {
  assets: MediaAsset[];
  update: Record<string, unknown>;
}

/** One step of a generation, over its request `Input` (the explainer's payload unless told). */
export interface PipelineStep<Input = ScriptToVideoPayload> {
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
  perShot?(input: Input, ports: GenerationPorts, index: number): Promise<ShotResult>;
  /**
   * The step itself; for a step with `perShot`, it gets every shot's result in shot order
   * (or, when not given, makes them here, a few shots at a time).
   */
  run(
    input: Input,
    ports: GenerationPorts,
    shots?: readonly ShotResult[],
  ): Promise<PipelineStepResult | void>;
}

/** The shots a per-shot step has to cover: every shot of the storyboard. */
export async function shotCount(ports: GenerationPorts): Promise<number> {
  return Object.keys((await ports.loadStory()).storyboard?.shots_map ?? {}).length;
}

/** A per-shot step's results: the ones given, else made here for every shot. */
export async function resultsOf<Input>(
  step: Pick<PipelineStep<Input>, 'perShot'>,
  input: Input,
  ports: GenerationPorts,
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

/** Writes the shots' results into the story: their fields into the shots, their assets. */
export async function saveShotResults(
  ports: GenerationPorts,
  results: readonly ShotResult[],
  shotIds: readonly string[],
  extra: (
    story: GenerationStory,
    shotsMap: ShotsMap,
  ) => Promise<{
    assets?: MediaAsset[];
    metadata?: Record<string, unknown>;
  }> = () => Promise.resolve({}),
): Promise<void> {
  const fresh = await ports.loadStory();
  const shots_map = { ...fresh.storyboard!.shots_map };
  results.forEach((result, index) => {
    const id = shotIds[index]!;
    if (Object.keys(result.update).length > 0)
      shots_map[id] = { ...shots_map[id]!, ...(result.update as Partial<Shot>) };
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

/**
 * The story's background music as a media asset: a stock track the creator chose (its id or
 * library URL), the automatic pick for 'auto', or a URL the creator gave; null when the choice
 * names nothing the music provider knows and is not a URL.
 */
export async function backgroundMusic(
  ports: GenerationPorts,
  opts: { choice: string; seed: string; durationSeconds: number },
): Promise<MediaAsset | null> {
  const music = ports.providers.music;
  const stock = opts.choice === MUSIC_AUTO ? undefined : music.findTrack?.(opts.choice);
  if (opts.choice === MUSIC_AUTO || stock) {
    const track = await music.compose({
      seed: opts.seed,
      durationSeconds: opts.durationSeconds,
      ...(stock ? { trackId: stock.id } : {}),
    });
    const { url } = await ports.storeMedia(MUSIC_ASSET_ID, track);
    return {
      id: MUSIC_ASSET_ID,
      title: track.track.name,
      url,
      resource_type: 'audio',
      subtype: 'music',
      source: 'generated',
      metadata: { duration: track.durationSeconds },
      configs: {
        track_id: track.track.id,
        genre: track.track.genre,
        mood: track.track.mood,
        tempo: track.track.tempo,
        model: music.name,
      },
    };
  }
  if (!opts.choice) return null;
  return {
    id: MUSIC_ASSET_ID,
    title: 'Background music',
    url: opts.choice,
    resource_type: 'audio',
    subtype: 'music',
    source: 'user_upload',
    metadata: { duration: opts.durationSeconds },
  };
}

/** Silence before the first shot's voice and after the last one (the music plays alone). */
const SHOT_LEAD_SECONDS = 0.15;
const SHOT_TAIL_SECONDS = 0.25;
/** Shots generated at the same time (the machine has 2 cores). */
const PARALLEL_SHOTS = 2;
/** The background music's asset id in a generated story. */
export const MUSIC_ASSET_ID = 'music-background';

/** The style as prompts use it: a grid value, or a Custom style's own text. */
export function styleChoice(value: string): StyleChoice {
  const entry = findStyle(value);
  if (entry)
    return { value: entry.value, description: entry.description, avoidTerms: entry.avoidTerms };
  return { value: 'custom', description: value, avoidTerms: '' };
}

/** Shot ids of a generated storyboard: shot-001, shot-002... (stable across retries). */
export const shotId = (index: number) => `shot-${String(index + 1).padStart(3, '0')}`;

/** A title from the script's first words, when the request names none: a whole phrase. */
export function titleFromScript(script: string): string {
  return titleFromText(script, 'My Story');
}

async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size)
    await Promise.all(items.slice(i, i + size).map(work));
}

function assetsOf(story: GenerationStory): MediaAsset[] {
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

function phrasesOfShot(shot: Shot): TimedPhrase[] {
  const value = (shot as Record<string, unknown>).voice_phrases;
  return Array.isArray(value) ? (value as TimedPhrase[]) : [];
}

/**
 * The timeline of a generated story, from its storyboard, assets and voice timing (the
 * generation's timeline step, and Recover's rebuild). The watermark setting is kept.
 */
export function timelineFromStory(story: GenerationStory, captions: boolean): VideoEditorTimeline {
  const shotsMap = story.storyboard?.shots_map ?? {};
  const assets = assetsOf(story);
  // A music video's shots keep the frames its storyboard cut them at (on the beats).
  const shots = orderedShots(shotsMap);
  if (shots.length > 0 && shots.every((shot) => shotFrames(shot))) {
    const timeline = buildMusicVideoTimeline({
      shotsMap,
      mediaAssets: assets,
      captions,
      animatedLyrics: story.metadata.lyrics_animated === true,
    });
    const kept = story.videoEditorTimeline?.globalConfig.watermark;
    return kept
      ? { ...timeline, globalConfig: { ...timeline.globalConfig, watermark: kept } }
      : timeline;
  }
  const phrases: Record<string, TimedPhrase[]> = {};
  for (const shot of orderedShots(shotsMap)) phrases[shot.shot_id] = phrasesOfShot(shot);
  const musicAssetId = assets.some((a) => a.id === MUSIC_ASSET_ID) ? MUSIC_ASSET_ID : null;
  const timeline = buildExplainerTimeline({
    shotsMap,
    mediaAssets: assets,
    phrases,
    musicAssetId,
    captions,
  });
  const watermark = story.videoEditorTimeline?.globalConfig.watermark;
  return watermark
    ? { ...timeline, globalConfig: { ...timeline.globalConfig, watermark } }
    : timeline;
}

/** What the images step asks a shot's picture to be. */
export interface ShotPictureRequest {
  shot: Shot;
  index: number;
  prompt: string;
  keywords: string[];
  width: number;
  height: number;
  seed: string;
}

/**
 * The images step of a generation: one picture per shot (a job per shot on the server) at the
 * request's aspect ratio, drawn by `draw` (by default the image provider, from the shot's
 * prompt and keywords, in the request's style); a shot that has its picture already is left
 * alone. A preview pauses after it.
 */
export function shotImagesStep<Input>(read: {
  aspectRatio(input: Input): AspectRatio;
  pause(input: Input): boolean;
  draw(input: Input, ports: GenerationPorts, request: ShotPictureRequest): Promise<GeneratedMedia>;
  /** More of the picture asset's configs (the model is always there). */
  configs?(input: Input): Record<string, unknown>;
}): PipelineStep<Input> {
  return {
    name: 'images',
    status: 'processing:generating_images',
    failureStage: 'generating_images',
    async perShot(input, ports, index) {
      const story = await ports.loadStory();
      const shots = orderedShots(story.storyboard?.shots_map ?? {});
      const shot = shots[index];
      if (!shot) throw new Error(`The storyboard has no shot ${index + 1}`);
      const have = new Set(assetsOf(story).map((a) => a.id));
      if (shot.active_image_id && have.has(shot.active_image_id)) return { assets: [], update: {} };
      const size = OUTPUT_SIZES[read.aspectRatio(input)];
      const keywords = (shot as Record<string, unknown>).keywords;
      const media = await read.draw(input, ports, {
        shot,
        index,
        prompt: shot.image_prompt ?? shot.script ?? '',
        keywords: Array.isArray(keywords) ? (keywords as string[]) : [],
        width: size.width,
        height: size.height,
        seed: shot.shot_id,
      });
      const id = `image-${shot.shot_id}`;
      const { url } = await ports.storeMedia(id, media);
      return {
        assets: [
          {
            id,
            title: `Shot ${index + 1} image`,
            url,
            thumbnail_url: url,
            resource_type: 'image',
            source: 'generated',
            shot_id: shot.shot_id,
            metadata: { width: media.width ?? size.width, height: media.height ?? size.height },
            configs: { model: ports.providers.image.name, ...read.configs?.(input) },
          },
        ],
        update: { active_image_id: id, active_image_url: url },
      };
    },
    async run(input, ports, given) {
      const results = await resultsOf(this, input, ports, given);
      const story = await ports.loadStory();
      const ids = orderedShots(story.storyboard?.shots_map ?? {}).map((s) => s.shot_id);
      await saveShotResults(ports, results, ids);
      return { pause: read.pause(input) };
    },
  };
}

/** A shot's picture from the image provider in a style, with a character's picture if given. */
export function drawInStyle(
  ports: GenerationPorts,
  request: ShotPictureRequest,
  style: string,
  characterImage?: Buffer,
): Promise<GeneratedMedia> {
  return ports.providers.image.generate({
    prompt: request.prompt,
    keywords: request.keywords,
    style: styleChoice(style),
    width: request.width,
    height: request.height,
    seed: request.seed,
    ...(characterImage ? { characterImage } : {}),
  });
}

/**
 * The explainer (script to video) workflow, as steps over provider interfaces, up to the
 * story's timeline (the server then exports it with the render engine). Every step is
 * idempotent: it reads what earlier attempts stored and only makes what is missing, with ids
 * and storage names fixed by the shot, so a retry overwrites instead of duplicating.
 */
export function explainerSteps(): PipelineStep[] {
  return [
    {
      name: 'create-story',
      status: 'processing:creating_story',
      failureStage: 'creating_story',
      async run(input, ports) {
        const story = await ports.loadStory();
        const p = ports.providers;
        await ports.updateStory({
          title: input.title?.trim() || story.title || titleFromScript(input.script_content),
          metadata: {
            ...story.metadata,
            aspect_ratio: input.aspect_ratio,
            providers: {
              writer: p.writer.name,
              image: p.image.name,
              video: p.video.name,
              speech: p.speech.name,
              music: p.music.name,
            },
          },
        });
      },
    },
    {
      name: 'storyboard',
      status: 'processing:generating_storyboard',
      failureStage: 'generating_storyboard',
      async run(input, ports) {
        const story = await ports.loadStory();
        if (story.storyboard && Object.keys(story.storyboard.shots_map).length > 0) return;
        const { writer } = ports.providers;
        const script = input.auto_rewrite
          ? await writer.rewrite(input.script_content)
          : cleanPastedText(input.script_content);
        const drafts = await writer.storyboard({ script, style: styleChoice(input.visual_style) });
        if (drafts.length === 0) throw new Error('The writer made no shots from this script');
        const ranks = spreadRanks(drafts.length);
        const shots_map: ShotsMap = {};
        drafts.forEach((draft, index) => {
          const id = shotId(index);
          shots_map[id] = {
            shot_id: id,
            shot_type: 'auto',
            lexorank: ranks[index]!,
            script: draft.script,
            image_prompt: draft.image_prompt,
            video_prompt: draft.video_prompt,
            keywords: draft.keywords,
          };
        });
        await ports.updateStory({
          storyboard: { shots_map },
          metadata: { ...story.metadata, script, num_shots: drafts.length },
        });
      },
    },
    shotImagesStep<ScriptToVideoPayload>({
      aspectRatio: (input) => input.aspect_ratio,
      pause: (input) => Boolean(input.is_preview),
      draw: (input, ports, request) => drawInStyle(ports, request, input.visual_style),
    }),
    {
      name: 'videos-and-voice',
      status: 'processing:generating_videos',
      failureStage: 'generating_videos',
      async perShot(input, ports, index) {
        const story = await ports.loadStory();
        const shots = orderedShots(story.storyboard?.shots_map ?? {});
        const shot = shots[index];
        if (!shot) throw new Error(`The storyboard has no shot ${index + 1}`);
        const have = new Set(assetsOf(story).map((a) => a.id));
        const { speech, video } = ports.providers;
        const assets: MediaAsset[] = [];
        const update: Record<string, unknown> = {};
        if (!shot.active_voice_over_audio_id || !have.has(shot.active_voice_over_audio_id)) {
          const voice = await speech.speak({
            phrases: phrasesOf(shot.script ?? ''),
            voice: input.voiceover_voice,
            leadSeconds: index === 0 ? MUSIC_INTRO_SECONDS : SHOT_LEAD_SECONDS,
            tailSeconds: index === shots.length - 1 ? MUSIC_OUTRO_SECONDS : SHOT_TAIL_SECONDS,
            fps: DEFAULT_FPS,
          });
          const id = `voiceover-${shot.shot_id}`;
          const { url } = await ports.storeMedia(id, voice);
          assets.push({
            id,
            title: `Shot ${index + 1} voice-over`,
            url,
            resource_type: 'audio',
            subtype: 'voiceover',
            source: 'generated',
            shot_id: shot.shot_id,
            metadata: { duration: voice.durationSeconds },
            configs: { model: voice.model ?? speech.name, voice: input.voiceover_voice },
          });
          Object.assign(update, {
            active_voice_over_audio_id: id,
            active_voice_over_audio_url: url,
            voice_phrases: voice.phrases,
            voice_duration: voice.durationSeconds,
          });
        }
        if (!shot.active_video_id && shot.active_image_url) {
          const clip = await video.animate({
            image: {
              bytes: await ports.readMedia(shot.active_image_url),
              extension: shot.active_image_url.endsWith('.png') ? 'png' : 'jpg',
            },
            prompt: shot.video_prompt ?? '',
            durationSeconds: Number(
              update.voice_duration ?? (shot as Record<string, unknown>).voice_duration ?? 5,
            ),
            aspectRatio: input.aspect_ratio,
          });
          if (clip) {
            const id = `video-${shot.shot_id}`;
            const { url } = await ports.storeMedia(id, clip);
            assets.push({
              id,
              title: `Shot ${index + 1} video`,
              url,
              resource_type: 'video',
              source: 'generated',
              shot_id: shot.shot_id,
              metadata: { duration: clip.durationSeconds },
            });
            Object.assign(update, { active_video_id: id, active_video_url: url });
          }
        }
        return { assets, update };
      },
      async run(input, ports, given) {
        const results = await resultsOf(this, input, ports, given);
        const story = await ports.loadStory();
        const ids = orderedShots(story.storyboard?.shots_map ?? {}).map((s) => s.shot_id);
        await saveShotResults(ports, results, ids, async (fresh, shots_map) => {
          const have = new Set(assetsOf(fresh).map((a) => a.id));
          const duration = orderedShots(shots_map).reduce(
            (sum, shot) => sum + Number((shot as Record<string, unknown>).voice_duration ?? 0),
            0,
          );
          const assets: MediaAsset[] = [];
          let metadata: Record<string, unknown> = { ...fresh.metadata, duration };
          const wantsMusic = input.background_music !== null && input.background_music !== '';
          if (wantsMusic && !have.has(MUSIC_ASSET_ID)) {
            const asset = await backgroundMusic(ports, {
              choice: input.background_music ?? MUSIC_AUTO,
              seed: fresh.id,
              durationSeconds: duration,
            });
            if (asset) assets.push(asset);
            metadata = { ...metadata, background_music_asset_id: MUSIC_ASSET_ID };
          }
          return { assets, metadata };
        });
      },
    },
    {
      name: 'timeline',
      status: 'processing:generating_timeline',
      failureStage: 'generating_timeline',
      async run(input, ports) {
        const story = await ports.loadStory();
        const timeline = timelineFromStory(story, input.auto_captions);
        await ports.updateStory({ videoEditorTimeline: timeline });
      },
    },
  ];
}
