import {
  cleanPastedText,
  explainerShotSchema,
  type ExplainerShot,
  type ScriptToVideoPayload,
} from '@storyloom/core';
import { spreadRanks } from '@storyloom/timeline';
import { titleFromText } from '../providers/local/local-writer';
import { TOLD_STORY_HOOKS, type FlowHooks } from '../steps/flow-hooks';
import { shotId, type PipelineStep } from '../steps/pipeline-step';
import { drawInStyle, shotImagesStep, styleChoice } from '../steps/shot-images-step';
import { timelineStep } from '../steps/timeline-step';
import { voiceOverStep } from '../steps/voice-over-step';
import { voiceOverTimeline } from '../steps/voice-over-timeline';

/** A title from the script's first words, when the request names none: a whole phrase. */
export function titleFromScript(script: string): string {
  return titleFromText(script, 'My Story');
}

/** What shared workflows ask of an explainer story: a told story's hooks, its own shots. */
export const EXPLAINER_HOOKS: FlowHooks<ExplainerShot> = {
  ...TOLD_STORY_HOOKS,
  shotSchema: explainerShotSchema,
};

/**
 * The explainer (script to video) workflow, as steps over provider interfaces, up to the
 * story's timeline (the server then exports it with the render engine). Every step is
 * idempotent: it reads what earlier attempts stored and only makes what is missing, with ids
 * and storage names fixed by the shot, so a retry overwrites instead of duplicating.
 */
export function explainerSteps(): PipelineStep<ScriptToVideoPayload, ExplainerShot>[] {
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
        const shots_map: Record<string, ExplainerShot> = {};
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
    shotImagesStep<ScriptToVideoPayload, ExplainerShot>({
      aspectRatio: (input) => input.aspect_ratio,
      pause: (input) => Boolean(input.is_preview),
      draw: (input, ports, request) => drawInStyle(ports, request, input.visual_style),
    }),
    voiceOverStep((input: ScriptToVideoPayload) => ({
      voice: input.voiceover_voice,
      aspectRatio: input.aspect_ratio,
      backgroundMusic: input.background_music,
    })),
    timelineStep<ScriptToVideoPayload, ExplainerShot>({
      captions: (input) => input.auto_captions,
      build: voiceOverTimeline,
    }),
  ];
}
