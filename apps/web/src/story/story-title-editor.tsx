import { storyTitleSchema, type Story } from '@storyloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, PencilLine, X } from 'lucide-react';
import { useState } from 'react';
import { queryKeys } from '../lib/query-keys';
import { patchStory } from '../lib/stories-api';

/**
 * A story's title that its owner can rename (PATCH /stories/{id} {title}): the pencil opens a
 * field; Enter or the tick saves, Escape or the cross cancels. The title is checked with the
 * server's own rule (1–200 characters), so a title that is too long says so before sending.
 */
export function StoryTitleEditor(props: {
  story: Story;
  /** Without it the title is shown only. */
  editable?: boolean;
  size?: 'lg' | 'md';
  className?: string;
  testId?: string;
}) {
  const { story, editable = true, size = 'lg' } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(story.title);
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (title: string) => patchStory(story.id, { title }),
    meta: { errorToast: false },
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.stories.detail(story.id), updated);
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.stories.all });
    },
  });
  const checked = storyTitleSchema.safeParse(draft);
  const error = editing
    ? checked.success
      ? rename.error?.message
      : checked.error.issues[0]?.message
    : undefined;
  const titleClass = clsx(
    'font-semibold tracking-tight break-words text-zinc-900',
    size === 'lg' ? 'text-2xl' : 'text-xl',
  );

  if (!editing)
    return (
      <div className={clsx('flex min-w-0 items-start gap-2', props.className)}>
        <h1 data-testid={props.testId ?? 'editor-story-title'} className={titleClass}>
          {story.title}
        </h1>
        {editable ? (
          <button
            type="button"
            aria-label="Rename story"
            onClick={() => {
              setDraft(story.title);
              rename.reset();
              setEditing(true);
            }}
            className="mt-1 rounded-full p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <PencilLine className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
    );

  const save = () => {
    if (checked.success && !rename.isPending) rename.mutate(checked.data);
  };
  return (
    <form
      className={clsx('flex min-w-0 flex-col gap-1', props.className)}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex items-center gap-2">
        <input
          aria-label="Story title"
          autoFocus
          value={draft}
          aria-invalid={Boolean(error)}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setEditing(false);
            }
          }}
          className={clsx(
            'min-w-0 flex-1 rounded-lg border px-2.5 py-1.5 text-base text-zinc-900 focus:outline-none',
            error ? 'border-red-400' : 'border-zinc-300 focus:border-brand-500',
          )}
        />
        <button
          type="submit"
          aria-label="Save title"
          disabled={!checked.success || rename.isPending}
          className="rounded-full p-1.5 text-brand-700 hover:bg-brand-50 disabled:opacity-40"
        >
          <Check className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label="Cancel renaming"
          onClick={() => setEditing(false)}
          className="rounded-full p-1.5 text-zinc-500 hover:bg-zinc-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </form>
  );
}
