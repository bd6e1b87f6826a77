import { CATEGORIES, MESSAGES, type CategoryId } from '@storyloom/core';
import { clsx } from 'clsx';

interface CategoryChipsProps {
  value: CategoryId | null;
  onChange: (categoryId: CategoryId | null) => void;
}

const chips: { id: CategoryId | null; name: string }[] = [
  { id: null, name: MESSAGES.community.all },
  ...CATEGORIES,
];

/** All plus the story categories; filters the community list by category_id. */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {chips.map((chip) => {
        const selected = chip.id === value;
        return (
          <button
            key={chip.id ?? 'all'}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(chip.id)}
            className={clsx(
              'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
              selected
                ? 'border-zinc-900 bg-zinc-900 text-white'
                : 'border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:bg-zinc-100',
            )}
          >
            {chip.name}
          </button>
        );
      })}
    </div>
  );
}
