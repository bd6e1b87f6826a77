/** Tailwind's default breakpoints, in CSS pixels. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Infinite scroll loads the next page when 10% of the sentinel is visible (spec 1 §2). */
export const INFINITE_SCROLL_THRESHOLD = 0.1;

/** The home page's My Story section shows at most this many stories. */
export const HOME_MY_STORY_LIMIT = 4;

/** My stories: 8 skeleton cards on first load, 4 while the next page loads (spec 1 §9). */
export const MY_STORIES_SKELETONS = { initial: 8, nextPage: 4 } as const;

/**
 * My stories columns: 2 on the smallest screens, then 3, 3 and 4 as the screen widens
 * (sm, md, lg). Full class names so Tailwind sees them.
 */
export const MY_STORIES_GRID_CLASS = 'grid-cols-2 sm:grid-cols-3 md:grid-cols-3 lg:grid-cols-4';

/** Community columns: 2, 3 at md, 4 at lg, 5 at xl (spec 1 §2). */
export const COMMUNITY_GRID_CLASS = 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

/** The community grid's column count at a viewport width (mirrors COMMUNITY_GRID_CLASS). */
export function communityColumnCount(width: number): number {
  if (width >= BREAKPOINTS.xl) return 5;
  if (width >= BREAKPOINTS.lg) return 4;
  if (width >= BREAKPOINTS.md) return 3;
  return 2;
}

/** Community skeletons on first load: 6, 9 or 12 depending on width (spec 1 §2). */
export function communityInitialSkeletonCount(width: number): 6 | 9 | 12 {
  if (width >= BREAKPOINTS.lg) return 12;
  if (width >= BREAKPOINTS.md) return 9;
  return 6;
}

/** Community skeletons while the next page loads: one row (the spec does not say). */
export function communityNextPageSkeletonCount(width: number): number {
  return communityColumnCount(width);
}
