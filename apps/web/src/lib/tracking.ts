import { roundPortion, type AnalyticsEvent, type StoryEventKind } from '@storyloom/core';

/**
 * Engagement and analytics reporting (issue 5 part 10). Fire and forget: a lost report must
 * never disturb the person using the app, so failures are ignored. `keepalive` lets a report
 * sent while the page closes still arrive.
 */
function post(
  path: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<Response | null> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
}

let recommId: string | undefined;

/** The recommendation id of the community listing the user is browsing (spec 1 §7). */
export function rememberRecommId(id: string | undefined): void {
  if (id) recommId = id;
}

export function recordStoryEvent(storyId: string, kind: StoryEventKind): void {
  void post(`/stories/${encodeURIComponent(storyId)}/events`, { kind, recommId });
}

export function trackEvent(event: AnalyticsEvent): void {
  void post('/api/analytics', event);
}

/**
 * One play session of a story's video (spec 3 §4 'Play tracking'): created on the first play,
 * updated at every 10 % of progress with the portion rounded to two decimals, ended at
 * completion with portion 1.
 */
export function createPlayTracker(storyId: string) {
  let session: Promise<string | null> | undefined;
  let lastStep = -1;
  const sessionId = () =>
    (session ??= post(`/stories/${encodeURIComponent(storyId)}/play_sessions`, { recommId }).then(
      async (res) => (res?.ok ? ((await res.json()) as { sessionId: string }).sessionId : null),
    ));
  const withSession = (send: (id: string) => Promise<unknown>) =>
    void sessionId().then((id) => (id ? send(id) : null));
  return {
    play() {
      void sessionId();
    },
    progress(currentTime: number, duration: number) {
      if (!(duration > 0)) return;
      const portion = roundPortion(currentTime / duration);
      const step = Math.floor(portion * 10);
      if (step <= lastStep) return;
      lastStep = step;
      withSession((id) => post(`/stories/play_sessions/${id}`, { portion }, 'PATCH'));
    },
    ended() {
      withSession((id) => post(`/stories/play_sessions/${id}/end`, {}));
    },
  };
}
