/**
 * Story dates in en-US with a 24-hour clock (spec 1 §2), e.g. 'Mar 5, 2025, 14:07'.
 * `timeZone` is for tests; the app uses the browser's zone.
 */
export function formatStoryDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(date);
}

/** The date alone, for cards: 'Mar 5, 2025'. */
export function formatStoryDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(date);
}
