/** The address a community preview shows while open (spec 1 §2). */
export function communityStoryPath(id: string): string {
  return `/story/community/${encodeURIComponent(id)}`;
}

const previewPagePattern = /^\/story\/(community|share)\/[^/]+\/?$/;

/**
 * Where closing a preview leads (spec 1 §2): a page that is itself a community or share
 * story path (the preview was opened from its own link) goes to /story; any other page
 * (home, the gallery) stays where it is, so null means "restore the page's own address".
 */
export function previewCloseDestination(pathname: string): '/story' | null {
  return previewPagePattern.test(pathname) ? '/story' : null;
}
