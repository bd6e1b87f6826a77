import type { CategoryId } from '@storyloom/core';

/** Every TanStack Query key of the app, in one place so invalidation cannot drift. */
export const queryKeys = {
  me: ['me'] as const,
  profile: ['profile'] as const,
  stories: {
    all: ['stories'] as const,
    mine: () => ['stories', 'mine'] as const,
    published: (categoryId: CategoryId | null) => ['stories', 'published', categoryId] as const,
    detail: (id: string) => ['stories', 'detail', id] as const,
    author: (username: string) => ['stories', 'author', username] as const,
    stats: (id: string) => ['stories', 'stats', id] as const,
  },
};
