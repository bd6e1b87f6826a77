import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  CATEGORIES,
  CATEGORY_IDS,
  categoryIdSchema,
  categoryName,
  communityCreateButton,
  CREATE_STORY_MENU,
  createPageTitle,
  VIDEO_TYPES,
  videoTypeSchema,
  WORKFLOW_PAGE_CATEGORY_IDS,
  workflowPagePath,
} from './index';

describe('categories', () => {
  it('has the five categories with the spec names', () => {
    expect(CATEGORY_IDS).toEqual([
      'music_video',
      'character_vlog',
      'script_to_video',
      'asmr_video',
      'create_from_scratch',
    ]);
    expect(CATEGORIES.map((category) => category.name)).toEqual([
      'Music video',
      'Character vlog',
      'Explainer video (script to video)',
      'ASMR video',
      'Create from scratch',
    ]);
    expect(categoryName('asmr_video')).toBe('ASMR video');
    expect(categoryIdSchema.safeParse('lyrics_video').success).toBe(false);
  });

  it('video types and ratios', () => {
    expect(VIDEO_TYPES).toContain('story-focused');
    expect(videoTypeSchema.safeParse('karaoke').success).toBe(false);
    expect(ASPECT_RATIOS).toEqual(['16:9', '9:16', '1:1']);
  });

  it('create-page titles', () => {
    expect(createPageTitle('vlog')).toBe('Character Vlog');
    expect(createPageTitle('script')).toBe('Explainer Video');
    expect(createPageTitle('mv')).toBe('Music Video');
    expect(createPageTitle('asmr')).toBe('ASMR Video');
    expect(createPageTitle('whatever')).toBe('Create Story');
  });

  it('workflow page', () => {
    expect(WORKFLOW_PAGE_CATEGORY_IDS).toContain('lyrics_video');
    expect(workflowPagePath('run 1', 'lyrics_video')).toBe(
      '/story/create/workflow/run%201?category_id=lyrics_video',
    );
  });

  it.each([
    ['character_vlog', 'Create Character Vlog →', '/story/create/vlog'],
    ['script_to_video', 'Create Script to Video →', '/story/create/script'],
    ['music_video', 'Create Music Video →', '/story/create/mv'],
    ['create_from_scratch', 'Create from Scratch →', '/story/editor'],
    ['asmr_video', 'Create Story →', '/story/editor'],
  ])('community button for %s', (category, label, href) => {
    expect(communityCreateButton(category)).toEqual({ label, href });
  });

  it('create menu has four entries', () => {
    expect(CREATE_STORY_MENU.map((entry) => entry.label)).toEqual([
      'Character vlog',
      'Music video',
      'Script to video',
      'From Scratch',
    ]);
  });
});
