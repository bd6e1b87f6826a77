import type { TimelineItem } from '@storyloom/core';

/** The Caption Editor of the property pane (spec 3 §2, §5): the selected caption's text. */
export function CaptionEditor({ item }: { item: TimelineItem }) {
  return <p className="rounded bg-zinc-50 p-2 text-zinc-700">{item.caption?.data.text}</p>;
}
