import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** Story categories (spec 1 §1). */
export const CATEGORY_IDS = [
  'music_video',
  'character_vlog',
  'script_to_video',
  'asmr_video',
  'create_from_scratch',
] as const;

export const categoryIdSchema = z.enum(CATEGORY_IDS);
export type CategoryId = z.infer<typeof categoryIdSchema>;

export interface Category {
  readonly id: CategoryId;
  readonly name: string;
}

/** Category names of spec 1 §1, in the spec's order. */
export const CATEGORIES: readonly Category[] = [
  { id: 'music_video', name: 'Music video' },
  { id: 'character_vlog', name: 'Character vlog' },
  { id: 'script_to_video', name: 'Explainer video (script to video)' },
  { id: 'asmr_video', name: 'ASMR video' },
  { id: 'create_from_scratch', name: 'Create from scratch' },
];

export function categoryName(id: CategoryId): string {
  return CATEGORIES.find((category) => category.id === id)?.name ?? id;
}

/**
 * Music-video types. The first four are the music-video form's types; story-focused
 * appears only in the share and credit context (spec 1 §3).
 */
export const VIDEO_TYPES = [
  'lyrics-video',
  'singing-dancing',
  'consistent-style',
  'consistent-character',
  'story-focused',
] as const;
export const videoTypeSchema = z.enum(VIDEO_TYPES);
export type VideoType = z.infer<typeof videoTypeSchema>;

/** The types the music-video form accepts (spec 2 §5). */
export const MUSIC_VIDEO_FORM_TYPES = [
  'consistent-style',
  'singing-dancing',
  'consistent-character',
  'lyrics-video',
] as const satisfies readonly VideoType[];
export const musicVideoFormTypeSchema = z.enum(MUSIC_VIDEO_FORM_TYPES);
export type MusicVideoFormType = z.infer<typeof musicVideoFormTypeSchema>;

/** Display names of the music-video sub-modes (spec 1 §1 / spec 2 §1). */
export const VIDEO_TYPE_LABELS: Readonly<Record<VideoType, string>> = {
  'consistent-character': 'Consistent Character',
  'consistent-style': 'Consistent Style',
  'singing-dancing': 'Singing and Dancing',
  'story-focused': 'Story Mode',
  'lyrics-video': 'Lyrics Video',
};

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
export const aspectRatioSchema = z.enum(ASPECT_RATIOS);
export type AspectRatio = z.infer<typeof aspectRatioSchema>;

/** Creation-page modes (spec 2 §2); any other mode shows the vlog form titled 'Create Story'. */
export const CREATE_PAGE_MODES = ['vlog', 'script', 'mv', 'lyrics', 'asmr'] as const;
export const createPageModeSchema = z.enum(CREATE_PAGE_MODES);
export type CreatePageMode = z.infer<typeof createPageModeSchema>;

/** Page titles per mode. 'Lyrics Video' is our choice (the spec names none for lyrics). */
export const CREATE_PAGE_TITLES: Readonly<Record<CreatePageMode, string>> = {
  vlog: 'Character Vlog',
  script: 'Explainer Video',
  mv: 'Music Video',
  lyrics: 'Lyrics Video',
  asmr: 'ASMR Video',
};
export const DEFAULT_CREATE_PAGE_TITLE = 'Create Story';

/** Title of the creation page for any mode string; unknown modes get 'Create Story'. */
export function createPageTitle(mode: string): string {
  const parsed = createPageModeSchema.safeParse(mode);
  return parsed.success ? CREATE_PAGE_TITLES[parsed.data] : DEFAULT_CREATE_PAGE_TITLE;
}

/** The category_id query parameter of /story/create/workflow/{workflowRunId} (spec 2 §2). */
export const WORKFLOW_PAGE_CATEGORY_IDS = [
  'script_to_video',
  'music_video',
  'lyrics_video',
  'asmr_video',
  'character_vlog',
] as const;
export const workflowPageCategoryIdSchema = z.enum(WORKFLOW_PAGE_CATEGORY_IDS);
export type WorkflowPageCategoryId = z.infer<typeof workflowPageCategoryIdSchema>;

/** Path of the wait screen after a normal submit. */
export function workflowPagePath(
  workflowRunId: string,
  categoryId: WorkflowPageCategoryId,
): string {
  return `/story/create/workflow/${encodeURIComponent(workflowRunId)}?category_id=${categoryId}`;
}

/** Bottom button of the community preview dialog (spec 1 §2). */
export function communityCreateButton(categoryId: string): { label: string; href: string } {
  switch (categoryId) {
    case 'character_vlog':
      return { label: MESSAGES.preview.createCharacterVlog, href: '/story/create/vlog' };
    case 'script_to_video':
      return { label: MESSAGES.preview.createScriptToVideo, href: '/story/create/script' };
    case 'music_video':
      return { label: MESSAGES.preview.createMusicVideo, href: '/story/create/mv' };
    case 'create_from_scratch':
      return { label: MESSAGES.preview.createFromScratch, href: '/story/editor' };
    default:
      return { label: MESSAGES.preview.createStory, href: '/story/editor' };
  }
}

/** Entries of the home Create Story dropdown (spec 1 §2). */
export const CREATE_STORY_MENU: readonly { label: string; href: string }[] = [
  { label: 'Character vlog', href: '/story/create/vlog' },
  { label: 'Music video', href: '/story/create/mv' },
  { label: 'Script to video', href: '/story/create/script' },
  { label: 'From Scratch', href: '/story/editor' },
];
