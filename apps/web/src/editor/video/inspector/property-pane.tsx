import { MESSAGES, formatFrames } from '@storyloom/core';
import { AudioEditor } from './audio-editor';
import { CaptionEditor } from '../captions/caption-editor';
import { useEditor } from '../store/editor-context';
import { ShotEditor } from './shot-editor';
import { StoryDetailPane } from './story-detail-pane';

/** The selected item's basic properties (spec 3 §2 "Property pane"). */
export function PropertyPane() {
  // Each selector answers a value of the store itself (or a string), so it is stable.
  const item = useEditor((s) => {
    const id = s.selection.length === 1 ? s.selection[0] : undefined;
    if (!id) return null;
    for (const track of s.timeline.tracks) {
      const found = track.items.find((candidate) => candidate.id === id);
      if (found) return found;
    }
    return null;
  });
  const trackKind = useEditor((s) => {
    const id = s.selection.length === 1 ? s.selection[0] : undefined;
    const track = s.timeline.tracks.find((t) => t.items.some((candidate) => candidate.id === id));
    return track ? `${track.type}:${track.subtype ?? ''}` : '';
  });
  const count = useEditor((s) => s.selection.length);
  const fps = useEditor((s) => s.timeline.globalConfig.fps);

  if (!item && count <= 1) return <StoryDetailPane />;
  if (!item)
    return (
      <aside
        aria-label="Properties"
        className="flex flex-1 items-center justify-center border-l border-zinc-200 bg-white p-4 text-sm text-zinc-500"
      >
        {count > 1 ? `${count} items selected` : MESSAGES.editor.selectItem}
      </aside>
    );
  const heading =
    item.type === 'caption'
      ? MESSAGES.editor.captionEditor
      : trackKind.startsWith('audio:') && trackKind !== 'audio:voiceover'
        ? MESSAGES.editor.audioEditor
        : item.type === 'image'
          ? 'Image'
          : item.type === 'audio'
            ? 'Voice-over'
            : 'Video';
  return (
    <aside
      aria-label="Properties"
      data-testid="property-pane"
      className="flex flex-1 flex-col gap-4 overflow-y-auto border-l border-zinc-200 bg-white p-4 text-sm"
    >
      <h2 className="font-semibold text-zinc-900">{heading}</h2>
      {item.type === 'caption' ? <CaptionEditor item={item} /> : null}
      {item.shotId &&
      (item.type === 'image' || item.type === 'video' || trackKind === 'audio:voiceover') ? (
        <ShotEditor key={item.shotId} item={item} />
      ) : null}
      <dl className="grid grid-cols-2 gap-y-1 text-zinc-600">
        <dt>Start</dt>
        <dd className="text-right tabular-nums">{formatFrames(item.startTimeInFrames, fps)}</dd>
        <dt>Duration</dt>
        <dd data-testid="property-duration" className="text-right tabular-nums">
          {formatFrames(item.durationInFrames, fps)}
        </dd>
      </dl>
      {item.type === 'caption' ? null : <AudioEditor item={item} />}
    </aside>
  );
}
