import { categoryName, type CategoryId } from '@storyloom/core';
import { clsx } from 'clsx';

/** A story's category as a small pill. */
export function CategoryBadge({
  categoryId,
  className,
}: {
  categoryId: CategoryId;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex w-fit items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700',
        className,
      )}
    >
      {categoryName(categoryId)}
    </span>
  );
}
