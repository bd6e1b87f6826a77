/** The stories before and after the open one in the loaded list (spec 1 §4), if any. */
export function previewNeighbours<T extends { id: string }>(
  stories: readonly T[],
  openId: string | null,
): { index: number; previous: T | undefined; next: T | undefined } {
  const index = openId ? stories.findIndex((story) => story.id === openId) : -1;
  return {
    index,
    previous: index > 0 ? stories[index - 1] : undefined,
    next: index >= 0 ? stories[index + 1] : undefined,
  };
}
