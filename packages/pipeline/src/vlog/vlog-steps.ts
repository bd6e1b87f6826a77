import {
  type CharacterVlogPayload,
  type ScriptToVideoPayload,
  type ShotsMap,
} from '@storyloom/core';
import { spreadRanks } from '@storyloom/timeline';
import {
  explainerSteps,
  shotId,
  shotImagesStep,
  styleChoice,
  type PipelineStep,
} from '../explainer/explainer-steps';
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

/** The explainer's request fields the shared steps read (voice, music, ratio, preview). */
function asExplainerInput(input: CharacterVlogInput): ScriptToVideoPayload {
  return {
    title: input.title,
    script_content: input.vlog_topic,
    voiceover_voice: 'auto',
    background_music: input.background_music,
    // The output sizes cover every ratio; the explainer's type names only its two.
    aspect_ratio: input.aspect_ratio as ScriptToVideoPayload['aspect_ratio'],
    visual_style: VLOG_VISUAL_STYLE,
    auto_rewrite: false,
    auto_captions: true,
    advanced_settings: input.advanced_settings,
    ...(input.is_preview !== undefined ? { is_preview: input.is_preview } : {}),
  };
}

/** An explainer step run over a vlog's request. */
function sharedStep(name: string): PipelineStep<CharacterVlogInput> {
  const step = explainerSteps().find((s) => s.name === name);
  if (!step) throw new Error(`The explainer has no step ${name}`);
  return {
    name: step.name,
    status: step.status,
    failureStage: step.failureStage,
    ...(step.perShot
      ? { perShot: (input, ports, index) => step.perShot!(asExplainerInput(input), ports, index) }
      : {}),
    run: (input, ports, shots) => step.run(asExplainerInput(input), ports, shots),
  };
}

/**
 * The character vlog workflow (spec 2 §2, §7), up to the story's timeline: a storyboard of
 * the character's day from the topic, told in the first person; every shot's picture shows the
 * selected character's own reference picture (placed into the offline illustrator's scene, or
 * given to a cloud image model as its reference image); then the explainer's voice-over,
 * music, captions and timeline steps.
 */
export function characterVlogSteps(): PipelineStep<CharacterVlogInput>[] {
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
        const shots_map: ShotsMap = {};
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
    shotImagesStep<CharacterVlogInput>({
      aspectRatio: (input) => input.aspect_ratio,
      pause: (input) => Boolean(input.is_preview),
      configs: (input) => ({ character_id: input.reference.id }),
      draw: async (input, ports, request) => {
        const characterPrompt = (request.shot as Record<string, unknown>).character_prompt;
        return drawVlogPicture({
          image: ports.providers.image,
          prompt: request.prompt,
          keywords: request.keywords,
          characterPrompt:
            typeof characterPrompt === 'string' ? characterPrompt : input.reference.name,
          reference: await ports.readMedia(input.reference.image_url),
          width: request.width,
          height: request.height,
          seed: request.seed,
          index: request.index,
        });
      },
    }),
    sharedStep('videos-and-voice'),
    sharedStep('timeline'),
  ];
}
