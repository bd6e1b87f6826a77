import type { Db } from '../db/client.js';
import { StoryRepository } from './story-repository.js';

/** The editor's sync write (spec 3 §7), with optimistic concurrency on the story version. */
export class StorySyncRepository {
  private readonly stories: StoryRepository;

  constructor(db: Db) {
    this.stories = new StoryRepository(db);
  }

  /**
   * Stores the storyboard and timeline if the story is still at `baseVersion`, bumping the
   * version and marking the export outdated — one conditional UPDATE, so of two concurrent
   * writes based on the same version only one can win. Returns the new version, or null when
   * the story moved on (or is gone) meanwhile.
   */
  async writeIfVersion(
    id: string,
    baseVersion: number,
    content: { storyboard: Record<string, unknown>; videoEditorTimeline: Record<string, unknown> },
  ): Promise<number | null> {
    return this.stories.touch(id, { changes: content, baseVersion });
  }
}
