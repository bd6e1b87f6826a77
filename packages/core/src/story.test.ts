import { describe, expect, it } from 'vitest';
import {
  BLANK_STORY,
  CONTEST_MV_202510,
  hasValidExport,
  isStoryOwner,
  operateTemplateStoryResponseSchema,
  operateTemplateStorySchema,
  parseWireStory,
  publishedStoriesQuerySchema,
  publishedStoriesResponseSchema,
  safeParseWireStory,
  showsContestBanner,
  storyCreateSchema,
  storyDisplayDate,
  storyListQuerySchema,
  storyListResponseSchema,
  storyPatchSchema,
  storySchema,
  storyVideoType,
} from './index';
import { buildStory } from './test-builders';

describe('storySchema', () => {
  it('accepts a canonical story', () => {
    const story = buildStory();
    expect(storySchema.parse(story)).toEqual(story);
  });

  it('rejects non-ISO dates and unknown statuses', () => {
    expect(storySchema.safeParse({ ...buildStory(), created_at: 1700000000 }).success).toBe(false);
    expect(storySchema.safeParse({ ...buildStory(), status: 'processing:thinking' }).success).toBe(
      false,
    );
  });

  it('keeps unknown metadata and category_inputs keys but strips unknown story keys', () => {
    const parsed = storySchema.parse({
      ...buildStory({ metadata: { duration: 10, fps: 30, extra: 'kept' } }),
      secret: 'dropped',
    });
    expect(parsed.metadata).toEqual({ duration: 10, fps: 30, extra: 'kept' });
    expect('secret' in parsed).toBe(false);
  });

  it('carries a storyboard and a timeline with defaults applied', () => {
    const parsed = storySchema.parse({
      ...buildStory(),
      storyboard: { shots_map: { s1: { shot_id: 's1', lexorank: 'a' } } },
      video_editor_timeline: { tracks: [], mediaAssets: [] },
    });
    expect(parsed.video_editor_timeline).toEqual({
      schemaVersion: 1,
      tracks: [],
      mediaAssets: [],
      globalConfig: {
        fps: 30,
        watermark: { enabled: true, type: 'storyloom' },
        captions: { enabled: true },
      },
    });
  });
});

describe('parseWireStory', () => {
  const wire = {
    id: 's1',
    user_id: 'u1',
    title: 'T',
    category_id: 'character_vlog',
    status: 'pending',
    created_at: { _seconds: 1700000000, _nanoseconds: 0 },
    published_at: 1700000000000,
    paused_at: '2023-11-14T22:13:20Z',
    profile: { display_name: 'A', username: null, avatar_url: null, is_team: true },
  };

  it('normalises the three date forms and fills defaults', () => {
    const story = parseWireStory(wire);
    expect(story.created_at).toBe('2023-11-14T22:13:20.000Z');
    expect(story.updated_at).toBe('2023-11-14T22:13:20.000Z');
    expect(story.published_at).toBe('2023-11-14T22:13:20.000Z');
    expect(story.paused_at).toBe('2023-11-14T22:13:20.000Z');
    expect(story.resumed_at).toBeNull();
    expect(story.is_published).toBe(false);
    expect(story.contests).toEqual([]);
    expect(story.advanced_settings).toEqual({});
    expect(story.storyboard).toBeNull();
    expect(storySchema.safeParse(story).success).toBe(true);
  });

  it('fails on a missing created_at and reports through safeParseWireStory', () => {
    const { created_at: _omit, ...rest } = wire;
    expect(() => parseWireStory(rest)).toThrow();
    expect(safeParseWireStory(rest).success).toBe(false);
    expect(safeParseWireStory(wire).success).toBe(true);
  });
});

describe('storyCreateSchema', () => {
  it('accepts the blank story', () => {
    expect(storyCreateSchema.parse(BLANK_STORY)).toEqual({
      title: 'Untitled',
      category_id: 'create_from_scratch',
    });
  });

  it('requires category_id, limits title, allows only draft status, strips unknown keys', () => {
    expect(storyCreateSchema.safeParse({ title: 'x' }).success).toBe(false);
    expect(storyCreateSchema.safeParse({ category_id: 'music_video', title: '' }).success).toBe(
      false,
    );
    expect(
      storyCreateSchema.safeParse({ category_id: 'music_video', title: 'a'.repeat(201) }).success,
    ).toBe(false);
    expect(
      storyCreateSchema.safeParse({ category_id: 'music_video', title: 'a'.repeat(200) }).success,
    ).toBe(true);
    expect(
      storyCreateSchema.safeParse({ category_id: 'music_video', status: 'completed' }).success,
    ).toBe(false);
    const parsed = storyCreateSchema.parse({
      category_id: 'music_video',
      status: 'draft',
      user_id: 'evil',
      is_featured: true,
    });
    expect(parsed).toEqual({ category_id: 'music_video', status: 'draft' });
  });
});

describe('storyPatchSchema', () => {
  it('accepts the publish fields', () => {
    expect(
      storyPatchSchema.parse({
        is_published: true,
        last_export_thumbnail_url: 'stories/thumbnails/a.jpg',
        is_thumbnail_modified: true,
        contests: [CONTEST_MV_202510],
      }),
    ).toEqual({
      is_published: true,
      last_export_thumbnail_url: 'stories/thumbnails/a.jpg',
      is_thumbnail_modified: true,
      contests: [CONTEST_MV_202510],
    });
    expect(storyPatchSchema.parse({ last_export_thumbnail_url: null })).toEqual({
      last_export_thumbnail_url: null,
    });
  });

  it('requires at least one known key and known contests', () => {
    const empty = storyPatchSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('At least one field must be provided');
    expect(storyPatchSchema.safeParse({ unknown: 1 }).success).toBe(false);
    expect(storyPatchSchema.safeParse({ contests: ['contest:other'] }).success).toBe(false);
  });
});

describe('list and template shapes', () => {
  it('parses list and published responses', () => {
    const story = buildStory();
    expect(storyListResponseSchema.parse({ stories: [story], nextCursor: null })).toEqual({
      stories: [story],
      nextCursor: null,
    });
    expect(publishedStoriesResponseSchema.safeParse({ stories: [], nextCursor: 'c' }).success).toBe(
      false,
    );
    expect(
      publishedStoriesResponseSchema.safeParse({ stories: [], nextCursor: 'c', recommId: 'r' })
        .success,
    ).toBe(true);
  });

  it('parses queries', () => {
    expect(storyListQuerySchema.parse({})).toEqual({});
    expect(publishedStoriesQuerySchema.parse({ cursor: 'abc', category_id: 'asmr_video' })).toEqual(
      {
        cursor: 'abc',
        category_id: 'asmr_video',
      },
    );
    expect(publishedStoriesQuerySchema.safeParse({ category_id: 'lyrics_video' }).success).toBe(
      false,
    );
  });

  it('parses template operations and their response', () => {
    expect(
      operateTemplateStorySchema.safeParse({ template_story_id: 't', operation: 'copy' }).success,
    ).toBe(false);
    expect(
      operateTemplateStorySchema.parse({ template_story_id: 't', operation: 'edit' }).operation,
    ).toBe('edit');
    expect(operateTemplateStoryResponseSchema.parse({ story: { id: 'new' } })).toEqual({
      story: { id: 'new' },
    });
    expect(operateTemplateStoryResponseSchema.parse({ story: buildStory() }).story).toEqual(
      buildStory(),
    );
  });
});

describe('story helpers', () => {
  it('a valid export exists and is not outdated', () => {
    expect(hasValidExport(buildStory({ last_export_url: 'u' }))).toBe(true);
    expect(hasValidExport(buildStory({ last_export_url: 'u', is_export_outdated: true }))).toBe(
      false,
    );
    expect(hasValidExport(buildStory())).toBe(false);
  });

  it('shows published_at for published, not featured stories', () => {
    const published = '2025-10-02T00:00:00.000Z';
    expect(storyDisplayDate(buildStory({ is_published: true, published_at: published }))).toBe(
      published,
    );
    expect(
      storyDisplayDate(
        buildStory({ is_published: true, is_featured: true, published_at: published }),
      ),
    ).toBe('2025-10-01T10:00:00.000Z');
    expect(storyDisplayDate(buildStory({ published_at: published }))).toBe(
      '2025-10-01T10:00:00.000Z',
    );
  });

  it('owner, contest banner and video type', () => {
    expect(isStoryOwner(buildStory(), 'user-1')).toBe(true);
    expect(isStoryOwner(buildStory(), 'user-2')).toBe(false);
    expect(isStoryOwner(buildStory(), undefined)).toBe(false);
    expect(showsContestBanner('music_video')).toBe(true);
    expect(showsContestBanner('create_from_scratch')).toBe(true);
    expect(showsContestBanner('asmr_video')).toBe(false);
    expect(storyVideoType(buildStory())).toBe('singing-dancing');
    expect(storyVideoType(buildStory({ video_type: 'lyrics-video' }))).toBe('lyrics-video');
    expect(storyVideoType(buildStory({ category_inputs: {} }))).toBeNull();
  });
});
