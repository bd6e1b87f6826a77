import { categoryIdSchema, type CategoryId } from '@storyloom/core';

/** The category filter from a `category_id` query value; unknown values mean All. */
export function parseCategoryParam(value: string | null): CategoryId | null {
  const parsed = categoryIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
