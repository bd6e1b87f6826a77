import { vlogShotSchema, type CharacterVlogPayload, type VlogShot } from '@storyloom/core';
import { spreadRanks } from '@storyloom/timeline';
import { TOLD_STORY_HOOKS, type FlowHooks } from '../steps/flow-hooks';
import { shotId, type PipelineStep } from '../steps/pipeline-step';
import { drawInStyle, shotImagesStep, styleChoice } from '../steps/shot-images-step';
import { timelineStep } from '../steps/timeline-step';
import { voiceOverStep } from '../steps/voice-over-step';
import { voiceOverTimeline } from '../steps/voice-over-timeline';
import { drawVlogPicture, VLOG_VISUAL_STYLE } from './draw-vlog-picture';
import { vlogScript } from './vlog-script';

/** A character as a generation uses it: the picture the server holds for it. */
export interface VlogCharacterReference {
  id: string;
  name: string;
  image_url: string;
  /** Words describing the character, for image models that read prompts. */
  features?: string | undefined;
}

/** A vlog run's input: the request, plus the characters the server resolved from it. */
export type CharacterVlogInput = CharacterVlogPayload & {
  reference: VlogCharacterReference;
  extra_references?: VlogCharacterReference[];
};

/**
 * What shared workflows ask of a vlog: a told story's timeline; a regenerated picture shows
 * the story's character (as the server holds it now) when it has one.
 */
export const VLOG_HOOKS: FlowHooks<VlogShot> = {
  ...TOLD_STORY_HOOKS,
  shotSchema: vlogShotSchema,
  showsCharacter: true,
  drawRegenerated: async (ports, request) =>
    request.character
      ? drawVlogPicture({
          image: ports.providers.image,
          prompt: request.prompt,
          keywords: request.keywords,
          characterPrompt: request.character.name,
          reference: await ports.readMedia(request.character.imageUrl),
          width: request.width,
          height: request.height,
          seed: request.seed,
          index: request.index,
        })
      : drawInStyle(ports, request, request.style),
};

/**
 * The character vlog workflow (spec 2 §2, §7), up to the story's timeline: a storyboard of
 * the character's day from the topic, told in the first person; every shot's picture shows the
 * selected character's own reference picture (placed into the offline illustrator's scene, or
 * given to a cloud image model as its reference image); then the voice-over, music, captions
 * and timeline of a told story.
 */
export function characterVlogSteps(): PipelineStep<CharacterVlogInput, VlogShot>[] {
  return [
    {
      name: 'create-story',
      status: 'processing:creating_story',
      failureStage: 'creating_story',
      async run(input, ports) {
        const story = await ports.loadStory();
        const p = ports.providers;
        await ports.updateStory({
          title: input.title,
          metadata: {
            ...story.metadata,
            aspect_ratio: input.aspect_ratio,
            character: { id: input.reference.id, name: input.reference.name },
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
        const script = vlogScript({
          topic: input.vlog_topic,
          name: input.reference.name,
          others: (input.extra_references ?? []).map((c) => c.name),
        });
        const drafts = await ports.providers.writer.storyboard({
          script,
          style: styleChoice(VLOG_VISUAL_STYLE),
        });
        if (drafts.length === 0) throw new Error('The writer made no shots from this topic');
        const ranks = spreadRanks(drafts.length);
        const shots_map: Record<string, VlogShot> = {};
        const who = input.reference.features ?? input.reference.name;
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
            character_prompt: `${input.reference.name} (${who}), the vlogger, in the shot`,
          };
        });
        await ports.updateStory({
          storyboard: { shots_map },
          metadata: { ...story.metadata, script, num_shots: drafts.length },
        });
      },
    },
    shotImagesStep<CharacterVlogInput, VlogShot>({
      aspectRatio: (input) => input.aspect_ratio,
      pause: (input) => Boolean(input.is_preview),
      configs: (input) => ({ character_id: input.reference.id }),
      draw: async (input, ports, request) =>
        drawVlogPicture({
          image: ports.providers.image,
          prompt: request.prompt,
          keywords: request.keywords,
          characterPrompt: request.shot.character_prompt ?? input.reference.name,
          reference: await ports.readMedia(input.reference.image_url),
          width: request.width,
          height: request.height,
          seed: request.seed,
          index: request.index,
        }),
    }),
    // A vlog is told in the vlogger's voice, the automatic one.
    voiceOverStep((input: CharacterVlogInput) => ({
      voice: 'auto',
      aspectRatio: input.aspect_ratio,
      backgroundMusic: input.background_music,
    })),
    timelineStep<CharacterVlogInput, VlogShot>({
      captions: () => true,
      build: voiceOverTimeline,
    }),
  ];
}
