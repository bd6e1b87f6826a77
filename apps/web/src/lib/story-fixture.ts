import type { Story } from '@storyloom/core';

/** A minimal valid story for the web app's unit tests; override any field. */
export function buildStory(overrides: Partial<Story> = {}): Story {
  return {
    id: 'story-1',
    user_id: 'user-1',
    title: 'My Story',
    category_id: 'music_video',
    category_inputs: {},
    status: 'completed',
    workflow_run_id: null,
    is_template: false,
    is_published: false,
    is_featured: false,
    is_public: false,
    is_preview: false,
    is_thumbnail_modified: false,
    is_export_outdated: false,
    paused_at: null,
    resumed_at: null,
    created_at: '2025-10-01T10:00:00.000Z',
    updated_at: '2025-10-01T10:05:00.000Z',
    published_at: null,
    last_export_url: null,
    last_export_thumbnail_url: null,
    original_thumbnail_url: null,
    contests: [],
    metadata: { duration: 30 },
    advanced_settings: {},
    storyboard: null,
    video_editor_timeline: null,
    profile: { display_name: 'Ada', username: 'ada', avatar_url: null, is_team: false },
    ...overrides,
  };
}
