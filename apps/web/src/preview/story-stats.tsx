import { storyStatsSchema } from '@storyloom/core';
import { useQuery } from '@tanstack/react-query';
import { Download, Eye, Play } from 'lucide-react';
import { requestJson } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The owner's view of how the community engages with a published story. */
export function StoryStats({ storyId }: { storyId: string }) {
  const { data } = useQuery({
    queryKey: queryKeys.stories.stats(storyId),
    queryFn: () => requestJson(`/stories/${encodeURIComponent(storyId)}/stats`, storyStatsSchema),
  });
  if (!data) return null;
  return (
    <p data-testid="story-stats" className="flex flex-wrap gap-3 text-xs text-zinc-500">
      <span className="inline-flex items-center gap-1">
        <Eye className="size-3.5" aria-hidden /> {plural(data.views, 'view')}
      </span>
      <span className="inline-flex items-center gap-1">
        <Download className="size-3.5" aria-hidden /> {plural(data.downloads, 'download')}
      </span>
      <span className="inline-flex items-center gap-1">
        <Play className="size-3.5" aria-hidden /> {plural(data.plays, 'play')}
      </span>
    </p>
  );
}
