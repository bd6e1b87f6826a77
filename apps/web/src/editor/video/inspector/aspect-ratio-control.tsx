import { ASPECT_RATIOS, type AspectRatio, type PictureFit } from '@storyloom/core';
import { setStoryAspectRatio, timelineAspectRatio } from '@storyloom/timeline';
import { useEditor, useEditorStore } from '../store/editor-context';

const RATIO_LABELS: Record<AspectRatio, string> = {
  '16:9': 'Landscape 16:9',
  '9:16': 'Portrait 9:16',
  '1:1': 'Square 1:1',
};

const FIT_LABELS: Record<PictureFit, string> = {
  cover: 'Fill the frame (crop)',
  contain: 'Show whole (bars)',
};

/**
 * The story's size (spec 3 §3 "Output settings: aspectRatio"): 16:9, 9:16 or 1:1, and how
 * pictures and clips of another shape fill it. Each choice is one undoable, synced edit; the
 * player canvas and the export follow it.
 */
export function AspectRatioControl() {
  const ratio = useEditor((s) => timelineAspectRatio(s.timeline, s.storySize));
  const fit = useEditor((s) => s.timeline.globalConfig.pictureFit ?? 'contain');
  const store = useEditorStore();
  const choose = (next: { aspectRatio?: AspectRatio; fit?: PictureFit }) =>
    store
      .getState()
      .applyCommand((timeline) =>
        setStoryAspectRatio(timeline, { aspectRatio: next.aspectRatio ?? ratio, fit: next.fit }),
      );
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="aspect-ratio-control">
      <div
        role="radiogroup"
        aria-label="Aspect ratio"
        className="flex rounded-lg bg-zinc-200 p-0.5"
      >
        {ASPECT_RATIOS.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === ratio}
            aria-label={RATIO_LABELS[option]}
            title={RATIO_LABELS[option]}
            data-ratio={option}
            onClick={() => choose({ aspectRatio: option })}
            className={
              option === ratio
                ? 'rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-zinc-900 shadow-sm'
                : 'rounded-md px-2.5 py-1 text-xs font-medium text-zinc-600 hover:text-zinc-900'
            }
          >
            {option}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-1.5 text-xs text-zinc-600">
        <span className="sr-only">Picture fit</span>
        <select
          data-testid="picture-fit"
          value={fit}
          onChange={(event) =>
            choose({ fit: event.target.value === 'cover' ? 'cover' : 'contain' })
          }
          className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-xs text-zinc-800"
        >
          {(Object.keys(FIT_LABELS) as PictureFit[]).map((option) => (
            <option key={option} value={option}>
              {FIT_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
