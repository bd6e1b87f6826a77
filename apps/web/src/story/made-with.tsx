import { orderedShots, providerLabel, type Story } from '@storyloom/core';

const ROLES = [
  ['image', 'Pictures'],
  ['video', 'Motion'],
  ['speech', 'Voice'],
  ['music', 'Music'],
  ['writer', 'Script'],
] as const;

/** Which providers made a story, as its generation recorded them (metadata.providers). */
export function MadeWith({ story }: { story: Pick<Story, 'metadata'> }) {
  const providers = (story.metadata as { providers?: Record<string, unknown> }).providers;
  if (!providers) return null;
  const parts = ROLES.flatMap(([key, label]) =>
    typeof providers[key] === 'string' ? [`${label}: ${providerLabel(providers[key])}`] : [],
  );
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-zinc-500" data-testid="made-with">
      Made with — {parts.join(' · ')}
    </p>
  );
}

/** The shots of a generated story: each picture with its words and what made it. */
export function StoryShots({
  story,
}: {
  story: Pick<Story, 'storyboard' | 'video_editor_timeline'>;
}) {
  const shots = orderedShots(story.storyboard?.shots_map ?? {});
  if (shots.length === 0) return null;
  const assets = new Map((story.video_editor_timeline?.mediaAssets ?? []).map((a) => [a.id, a]));
  const modelOf = (id: string | null | undefined) => {
    const model = id ? assets.get(id)?.configs?.model : undefined;
    return typeof model === 'string' ? providerLabel(model) : null;
  };
  return (
    <section aria-label="Shots" className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold text-zinc-800">Shots</h2>
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shots.map((shot, index) => {
          const picture = modelOf(shot.active_image_id);
          const voice = modelOf(shot.active_voice_over_audio_id);
          return (
            <li
              key={shot.shot_id}
              className="flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white"
            >
              {shot.active_image_url ? (
                <img
                  src={shot.active_image_url}
                  alt={`Shot ${index + 1}`}
                  className="aspect-video w-full bg-zinc-100 object-cover"
                />
              ) : (
                <div className="aspect-video w-full bg-zinc-100" />
              )}
              <div className="flex flex-col gap-1 p-3">
                <p className="text-sm text-zinc-800">
                  <span className="font-medium">{index + 1}.</span> {shot.script}
                </p>
                {picture || voice ? (
                  <p className="text-xs text-zinc-500" data-testid="shot-providers">
                    {[picture && `Picture: ${picture}`, voice && `Voice: ${voice}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
