import { MESSAGES } from '@storyloom/core';
import { useShallow } from 'zustand/react/shallow';
import { useEditor } from './editor-context';

/** The Captions tab of the media pane (spec 3 §2): the story's caption items, or 'No caption here'. */
export function CaptionsTab() {
  const captions = useEditor(
    useShallow((s) =>
      s.timeline.tracks
        .filter((t) => t.type === 'caption')
        .flatMap((t) => t.items)
        .map((item) => item.caption?.data.text ?? ''),
    ),
  );
  if (captions.length === 0)
    return <p className="p-4 text-center text-sm text-zinc-500">{MESSAGES.editor.noCaption}</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm text-zinc-700">
      {captions.map((text, index) => (
        <li key={index} className="rounded bg-zinc-50 px-2 py-1">
          {text}
        </li>
      ))}
    </ol>
  );
}
