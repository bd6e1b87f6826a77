import type { GeneratedShot, VideoEditorTimeline } from '@storyloom/core';
import type { GenerationStory } from './generation-ports';
import type { PipelineStep } from './pipeline-step';

/** The last step of a generation: the story's timeline, built by its flow's own builder. */
export function timelineStep<Input, S extends GeneratedShot>(read: {
  captions(input: Input): boolean;
  build(story: GenerationStory<S>, captions: boolean): VideoEditorTimeline;
}): PipelineStep<Input, S> {
  return {
    name: 'timeline',
    status: 'processing:generating_timeline',
    failureStage: 'generating_timeline',
    async run(input, ports) {
      const story = await ports.loadStory();
      await ports.updateStory({ videoEditorTimeline: read.build(story, read.captions(input)) });
    },
  };
}
