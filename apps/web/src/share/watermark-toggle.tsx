import { MESSAGES } from '@storyloom/core';
import { clsx } from 'clsx';

/** The 'Remove Watermark' switch of the export options. */
export function WatermarkToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 rounded-xl bg-zinc-50 px-3 py-2.5 text-sm font-medium text-zinc-800">
      {MESSAGES.share.removeWatermark}
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        className={clsx(
          'relative h-5 w-9 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          checked ? 'bg-brand-600' : 'bg-zinc-300',
        )}
      >
        <span
          className={clsx(
            'absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-4' : null,
          )}
        />
      </button>
    </label>
  );
}
