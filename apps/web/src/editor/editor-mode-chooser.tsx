import { MESSAGES } from '@storyloom/core';
import { LayoutList, SquarePlay } from 'lucide-react';
import type { ReactNode } from 'react';
import { useStartBlankStory } from '../story/use-start-blank-story';
import { PageContainer } from '../ui/page-container';

/**
 * /story/editor without a story id: "Choose how you want to create" (spec 2 §2), each
 * choice creating a blank story and opening it in the matching view.
 */
export function EditorModeChooser() {
  const { start, isPending } = useStartBlankStory();
  return (
    <PageContainer width="medium" className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
          {MESSAGES.home.chooseHowToCreate}
        </h1>
        <p className="mt-1 text-sm text-zinc-600">{MESSAGES.story.noStoryId}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice
          title={MESSAGES.home.writeAndGenerate}
          kind="Storyboard"
          description="Start from a blank storyboard and generate shot by shot."
          icon={<LayoutList />}
          disabled={isPending}
          onClick={() => start({ view: 'list', replace: true })}
        />
        <Choice
          title={MESSAGES.home.uploadAndEdit}
          kind="Timeline"
          description="Bring your own clips and cut them on the timeline."
          icon={<SquarePlay />}
          disabled={isPending}
          onClick={() => start({ view: 'video-editor', replace: true })}
        />
      </div>
    </PageContainer>
  );
}

interface ChoiceProps {
  title: string;
  kind: string;
  description: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}

function Choice({ title, kind, description, icon, disabled, onClick }: ChoiceProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-6 text-left shadow-sm transition-all hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md disabled:opacity-60"
    >
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-600 [&>svg]:size-6">
        {icon}
      </span>
      <span className="text-lg font-semibold text-zinc-900">{title}</span>
      <span className="text-xs font-semibold tracking-wide text-brand-600 uppercase">{kind}</span>
      <span className="text-sm text-zinc-600">{description}</span>
    </button>
  );
}
