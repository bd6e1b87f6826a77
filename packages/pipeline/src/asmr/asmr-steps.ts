import {
  ASMR_STYLES,
  asmrShotSchema,
  cleanPastedText,
  DEFAULT_GLOBAL_CONFIG,
  type AsmrPayload,
  type AsmrShot,
  type MediaAsset,
  type Track,
  type VideoEditorTimeline,
} from '@storyloom/core';
import { buildTimelineFromShots, spreadRanks } from '@storyloom/timeline';
import { backgroundMusic, MUSIC_ASSET_ID } from '../steps/background-music';
import { TOLD_STORY_HOOKS, type FlowHooks } from '../steps/flow-hooks';
import { shotId, type PipelineStep } from '../steps/pipeline-step';
import { drawInStyle, shotImagesStep } from '../steps/shot-images-step';
import { synthesizeAmbience } from '../providers/local/asmr-ambience';
import { encodeWav } from '../providers/local/wav';

/** How long each ASMR shot lasts on the timeline. */
export const ASMR_SHOT_SECONDS = 4;
/** The ambience's asset id in an ASMR story. */
export const AMBIENCE_ASSET_ID = 'ambience';
/** The music sits under the ambience: the sound of the scene is the point. */
const MUSIC_UNDER_AMBIENCE = 0.3;

/** Close framings, one per shot in turn: an ASMR video stays near its material. */
const FRAMINGS = [
  'Extreme close-up',
  'Macro shot',
  'Close-up from above',
  'Side close-up',
  'Slow-motion close-up',
  'Top-down close-up',
  'Detail shot',
  'Close-up with a shallow depth of field',
] as const;

const STOP_WORDS = new Set(['a', 'an', 'the', 'on', 'of', 'from', 'like', 'with', 'and', 'to']);

/** The scene's words the illustrator draws from (nouns and verbs; no small words). */
export function sceneKeywords(scene: string): string[] {
  return [
    ...new Set(
      scene
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
    ),
  ];
}

/** The storyboard of an ASMR video: `count` close shots of the scene, each framed differently. */
export function asmrShots(scene: string, count: number): Record<string, AsmrShot> {
  const ranks = spreadRanks(count);
  const keywords = sceneKeywords(scene);
  const shots: Record<string, AsmrShot> = {};
  for (let index = 0; index < count; index++) {
    const id = shotId(index);
    const framing = FRAMINGS[index % FRAMINGS.length]!;
    shots[id] = {
      shot_id: id,
      shot_type: 'auto',
      lexorank: ranks[index]!,
      script: '',
      image_prompt: `${framing} of ${scene}, ASMR, soft studio light, crisp texture detail, photorealistic`,
      video_prompt: `Slow, steady ${framing.toLowerCase()} of ${scene}; gentle motion, no cuts.`,
      keywords,
    };
  }
  return shots;
}

/**
 * The timeline of an ASMR story: the shots' pictures, each `ASMR_SHOT_SECONDS` long, the
 * style's ambience under the whole video, and the music (when chosen) quieter beneath it.
 */
export function asmrTimeline(args: {
  shotsMap: Record<string, AsmrShot>;
  mediaAssets: MediaAsset[];
  watermark?: VideoEditorTimeline['globalConfig']['watermark'] | undefined;
}): VideoEditorTimeline {
  const globalConfig = {
    ...DEFAULT_GLOBAL_CONFIG,
    captions: { enabled: false },
    ...(args.watermark ? { watermark: args.watermark } : {}),
  };
  const built = buildTimelineFromShots({
    shotsMap: args.shotsMap,
    mediaAssets: args.mediaAssets,
    globalConfig,
  });
  if (!built.ok) throw new Error(built.reason.message);
  const shotFrames = ASMR_SHOT_SECONDS * globalConfig.fps;
  const tracks: Track[] = built.timeline.tracks.map((track) =>
    track.isPrimary
      ? {
          ...track,
          items: track.items.map((item, index) => ({
            ...item,
            startTimeInFrames: index * shotFrames,
            durationInFrames: shotFrames,
          })),
        }
      : track,
  );
  const total = (tracks.find((track) => track.isPrimary)?.items.length ?? 0) * shotFrames;
  const sound = (id: string, trackId: string, name: string, volume: number, music: boolean) => {
    const asset = args.mediaAssets.find((a) => a.id === id);
    if (!asset || total === 0) return;
    tracks.push({
      id: trackId,
      type: 'audio',
      ...(music ? { subtype: 'music' as const } : {}),
      name,
      items: [
        {
          id: `${trackId}-1`,
          type: 'audio',
          mediaAssetId: asset.id,
          title: asset.title,
          startTimeInFrames: 0,
          durationInFrames: total,
          sourceTrimStartFrames: 0,
          sourceTrimEndFrames: total,
          speed: 1,
          volume,
        },
      ],
    });
  };
  sound(AMBIENCE_ASSET_ID, 'track-ambience', 'Ambience', 1, false);
  sound(MUSIC_ASSET_ID, 'track-music', 'Music', MUSIC_UNDER_AMBIENCE, true);
  return { ...built.timeline, globalConfig, tracks };
}

const styleName = (input: AsmrPayload) =>
  ASMR_STYLES.find((style) => style.value === input.asmr_type)?.name ?? input.asmr_type;

/** What shared workflows (a regeneration, Recover) ask of an ASMR story: a told story's. */
export const ASMR_HOOKS: FlowHooks<AsmrShot> = { ...TOLD_STORY_HOOKS, shotSchema: asmrShotSchema };

/**
 * The ASMR video workflow, as steps over provider interfaces, up to the story's timeline: the
 * scene as close shots, a picture per shot, the style's ambience (synthesised locally) with the
 * music chosen, and the timeline. Idempotent like the explainer's steps.
 */
export function asmrSteps(): PipelineStep<AsmrPayload, AsmrShot>[] {
  return [
    {
      name: 'create-story',
      status: 'processing:creating_story',
      failureStage: 'creating_story',
      async run(input, ports) {
        const story = await ports.loadStory();
        const p = ports.providers;
        await ports.updateStory({
          metadata: {
            ...story.metadata,
            aspect_ratio: input.aspect_ratio,
            asmr_type: input.asmr_type,
            providers: {
              image: p.image.name,
              video: p.video.name,
              ...(input.background_music ? { music: p.music.name } : {}),
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
        const scene = cleanPastedText(input.script_content).replace(/\s+/g, ' ').trim();
        await ports.updateStory({
          storyboard: { shots_map: asmrShots(scene, input.num_shots) },
          metadata: { ...story.metadata, script: scene, num_shots: input.num_shots },
        });
      },
    },
    shotImagesStep<AsmrPayload, AsmrShot>({
      aspectRatio: (input) => input.aspect_ratio,
      pause: (input) => Boolean(input.is_preview),
      draw: (_input, ports, request) => drawInStyle(ports, request, 'photorealistic'),
    }),
    {
      name: 'sound',
      status: 'processing:generating_videos',
      failureStage: 'generating_videos',
      async run(input, ports) {
        const story = await ports.loadStory();
        const timeline = story.videoEditorTimeline;
        const have = new Set((timeline?.mediaAssets ?? []).map((a) => a.id));
        const seconds = input.num_shots * ASMR_SHOT_SECONDS;
        const assets: MediaAsset[] = [];
        if (!have.has(AMBIENCE_ASSET_ID)) {
          const audio = synthesizeAmbience(input.asmr_type, seconds, story.id);
          const { url } = await ports.storeMedia(AMBIENCE_ASSET_ID, {
            bytes: encodeWav(audio),
            extension: 'wav',
            durationSeconds: seconds,
          });
          assets.push({
            id: AMBIENCE_ASSET_ID,
            title: `${styleName(input)} ambience`,
            url,
            resource_type: 'audio',
            source: 'generated',
            metadata: { duration: seconds },
            configs: { model: 'local-ambience' },
          });
        }
        const choice = input.background_music;
        if (choice && !have.has(MUSIC_ASSET_ID)) {
          const music = await backgroundMusic(ports, {
            choice,
            seed: story.id,
            durationSeconds: seconds,
          });
          if (music) assets.push(music);
        }
        if (assets.length === 0) return;
        const base = timeline ?? {
          schemaVersion: 1 as const,
          tracks: [],
          mediaAssets: [],
          globalConfig: DEFAULT_GLOBAL_CONFIG,
        };
        await ports.updateStory({
          videoEditorTimeline: { ...base, mediaAssets: [...base.mediaAssets, ...assets] },
          metadata: { ...story.metadata, duration: seconds },
        });
      },
    },
    {
      name: 'timeline',
      status: 'processing:generating_timeline',
      failureStage: 'generating_timeline',
      async run(_input, ports) {
        const story = await ports.loadStory();
        const timeline = asmrTimeline({
          shotsMap: story.storyboard?.shots_map ?? {},
          mediaAssets: story.videoEditorTimeline?.mediaAssets ?? [],
          watermark: story.videoEditorTimeline?.globalConfig.watermark,
        });
        await ports.updateStory({ videoEditorTimeline: timeline });
      },
    },
  ];
}
