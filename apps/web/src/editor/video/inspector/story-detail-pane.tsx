import { MESSAGES } from '@storyloom/core';
import { CategoryBadge } from '../../../story/category-badge';
import { StoryTitleEditor } from '../../../story/story-title-editor';
import { useStory } from '../../../story/use-story';
import { useEditor } from '../store/editor-context';

/**
 * The property pane with nothing selected (spec 3 §2): 'Story Detail' — the story's title,
 * renamable, and its kind — then 'Select item to edit'.
 */
export function StoryDetailPane() {
  const storyId = useEditor((s) => s.storyId);
  const story = useStory(storyId).data;
  return (
    <aside
      aria-label="Properties"
      data-testid="story-detail"
      className="flex flex-1 flex-col gap-4 overflow-y-auto border-l border-zinc-200 bg-white p-4 text-sm"
    >
      <h2 className="font-semibold text-zinc-900">{MESSAGES.editor.storyDetail}</h2>
      {story ? (
        <>
          <StoryTitleEditor story={story} size="md" as="h3" />
          <CategoryBadge categoryId={story.category_id} />
        </>
      ) : null}
      <p className="mt-auto text-center text-zinc-500">{MESSAGES.editor.selectItem}</p>
    </aside>
  );
}
