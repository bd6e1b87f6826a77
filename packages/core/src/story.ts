import { z } from 'zod';
import { categoryIdSchema, videoTypeSchema } from './categories';
import { MESSAGES } from './messages';
import { advancedSettingsSchema } from './models';
import { storyboardSchema } from './shot';
import { storyStatusSchema } from './status';
import { videoEditorTimelineSchema } from './timeline';
import { jsonWithin, LIMITS } from './limits';
import { isoDateTimeSchema, nullableWireDateToIsoSchema, wireDateToIsoSchema } from './wire-date';

/** The music-video contest (spec 1 §3). */
export const CONTEST_MV_202510 = 'contest:202510-story-mv';

export interface Contest {
  readonly id: string;
  readonly name: string;
  readonly prizes: string;
  /** Categories whose publish view shows the contest banner (spec 1 §6). */
  readonly bannerCategories: readonly z.infer<typeof categoryIdSchema>[];
}

export const CONTESTS: readonly Contest[] = [
  {
    id: CONTEST_MV_202510,
    name: 'Music Video Awards',
    prizes: '$50K',
    bannerCategories: ['music_video', 'create_from_scratch'],
  },
];
export const CONTEST_IDS = [CONTEST_MV_202510] as const;
export const contestIdSchema = z.enum(CONTEST_IDS);
export type ContestId = z.infer<typeof contestIdSchema>;

/** The contest banner shows in the publish view for music_video and create_from_scratch stories. */
export function showsContestBanner(categoryId: string): boolean {
  return CONTESTS.some((contest) =>
    (contest.bannerCategories as readonly string[]).includes(categoryId),
  );
}

/** category_inputs: free-form per category (within 16 KB); music videos carry video_type. */
export const categoryInputsSchema = jsonWithin(
  z.looseObject({ video_type: videoTypeSchema.optional() }),
  LIMITS.freeFormJsonBytes,
  'category_inputs',
);

/** Story metadata; other keys are kept (within 16 KB). */
export const storyMetadataSchema = jsonWithin(
  z.looseObject({
    /** seconds */
    duration: z.number().nonnegative().max(LIMITS.mediaSeconds).optional(),
    fps: z.number().positive().max(LIMITS.maxFps).optional(),
    /** Ours: earlier thumbnails, newest first (at most 10), for 'pick from history'. */
    thumbnail_history: z.array(z.string().max(LIMITS.urlLength)).max(10).optional(),
  }),
  LIMITS.freeFormJsonBytes,
  'metadata',
);

/** Author profile attached to a story. */
export const storyProfileSchema = z.object({
  display_name: z.string(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  is_team: z.boolean(),
});

const nullableText = z.string().nullable();

/**
 * The canonical Story as the API returns it (spec 1 §3 and spec 3 §3). Dates are ISO-8601
 * strings; use `parseWireStory` for stories whose dates come in the older wire forms.
 */
export const storySchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  title: z.string(),
  category_id: categoryIdSchema,
  category_inputs: categoryInputsSchema,
  status: storyStatusSchema,
  workflow_run_id: nullableText,
  is_template: z.boolean(),
  is_published: z.boolean(),
  is_featured: z.boolean(),
  is_public: z.boolean(),
  is_preview: z.boolean(),
  is_thumbnail_modified: z.boolean(),
  is_export_outdated: z.boolean(),
  paused_at: isoDateTimeSchema.nullable(),
  resumed_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  published_at: isoDateTimeSchema.nullable(),
  last_export_url: nullableText,
  last_export_thumbnail_url: nullableText,
  /** Ours: the generated thumbnail, for 'Restore original thumbnail'. */
  original_thumbnail_url: nullableText,
  contests: z.array(z.string()),
  metadata: storyMetadataSchema,
  video_type: videoTypeSchema.nullable().optional(),
  /** seconds */
  music_duration: z.number().nonnegative().nullable().optional(),
  num_shots: z.number().int().nonnegative().nullable().optional(),
  music_url: nullableText.optional(),
  skip_video_generation: z.boolean().nullable().optional(),
  video_consistent_style: nullableText.optional(),
  advanced_settings: advancedSettingsSchema,
  storyboard: storyboardSchema.nullable(),
  video_editor_timeline: videoEditorTimelineSchema.nullable(),
  profile: storyProfileSchema,
  /** Ours: revision of storyboard + timeline, bumped by each sync (compare with sync base_version). */
  version: z.number().int().nonnegative().optional(),
});
export type Story = z.infer<typeof storySchema>;

const wireFlag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/**
 * A story as stored or sent by older clients: dates in any wire form (number, string,
 * {seconds, nanoseconds}, Date), missing flags false, missing collections empty.
 * Parses to the canonical `Story`. Not for JSON Schema (it transforms).
 */
export const wireStorySchema = storySchema.extend({
  category_inputs: categoryInputsSchema.nullish().transform((value) => value ?? {}),
  workflow_run_id: nullableText.optional().transform((value) => value ?? null),
  is_template: wireFlag,
  is_published: wireFlag,
  is_featured: wireFlag,
  is_public: wireFlag,
  is_preview: wireFlag,
  is_thumbnail_modified: wireFlag,
  is_export_outdated: wireFlag,
  paused_at: nullableWireDateToIsoSchema,
  resumed_at: nullableWireDateToIsoSchema,
  created_at: wireDateToIsoSchema,
  updated_at: wireDateToIsoSchema.optional(),
  published_at: nullableWireDateToIsoSchema,
  last_export_url: nullableText.optional().transform((value) => value ?? null),
  last_export_thumbnail_url: nullableText.optional().transform((value) => value ?? null),
  original_thumbnail_url: nullableText.optional().transform((value) => value ?? null),
  contests: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  metadata: storyMetadataSchema.nullish().transform((value) => value ?? {}),
  advanced_settings: advancedSettingsSchema.nullish().transform((value) => value ?? {}),
  storyboard: storyboardSchema.nullish().transform((value) => value ?? null),
  video_editor_timeline: videoEditorTimelineSchema.nullish().transform((value) => value ?? null),
});

/** Parses a wire story into the canonical Story (updated_at falls back to created_at). Throws a ZodError when invalid. */
export function parseWireStory(input: unknown): Story {
  const parsed = wireStorySchema.parse(input);
  return { ...parsed, updated_at: parsed.updated_at ?? parsed.created_at };
}

/** Like `parseWireStory` but returns a result instead of throwing. */
export function safeParseWireStory(
  input: unknown,
): { success: true; data: Story } | { success: false; error: z.ZodError } {
  const parsed = wireStorySchema.safeParse(input);
  if (!parsed.success) return { success: false, error: parsed.error };
  return {
    success: true,
    data: { ...parsed.data, updated_at: parsed.data.updated_at ?? parsed.data.created_at },
  };
}

export const STORY_TITLE_MAX = 200;
export const storyTitleSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.generate.titleRequired)
  .max(STORY_TITLE_MAX, MESSAGES.story.titleTooLong(STORY_TITLE_MAX));

/** POST /stories body: the writable fields; unknown keys are stripped; status may only be 'draft'. */
export const storyCreateSchema = z.object({
  title: storyTitleSchema.optional(),
  category_id: categoryIdSchema,
  category_inputs: categoryInputsSchema.optional(),
  video_type: videoTypeSchema.optional(),
  metadata: storyMetadataSchema.optional(),
  advanced_settings: advancedSettingsSchema.optional(),
  storyboard: storyboardSchema.nullable().optional(),
  video_editor_timeline: videoEditorTimelineSchema.nullable().optional(),
  status: z.literal('draft').optional(),
});
export type StoryCreateInput = z.input<typeof storyCreateSchema>;

/** The blank story of 'Build Storyboard →' / 'Open Editor →' (spec 1 §4). */
export const BLANK_STORY = {
  title: 'Untitled',
  category_id: 'create_from_scratch',
} as const satisfies StoryCreateInput;

/** PATCH /stories/{id} body; at least one known key. */
export const storyPatchSchema = z
  .object({
    is_published: z.boolean().optional(),
    /** Ours: true makes the story readable through its share link (generate link). */
    is_public: z.boolean().optional(),
    /** A URL or a storage path. */
    last_export_thumbnail_url: z.string().min(1).max(2048).nullable().optional(),
    is_thumbnail_modified: z.boolean().optional(),
    contests: z.array(contestIdSchema).optional(),
    title: storyTitleSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: MESSAGES.story.emptyPatch,
  });
export type StoryPatch = z.infer<typeof storyPatchSchema>;

export const storyListQuerySchema = z.object({
  cursor: z.string().min(1).optional(),
});

export const publishedStoriesQuerySchema = z.object({
  cursor: z.string().min(1).optional(),
  category_id: categoryIdSchema.optional(),
});

export const storyListResponseSchema = z.object({
  stories: z.array(storySchema),
  nextCursor: z.string().nullable(),
});

export const publishedStoriesResponseSchema = storyListResponseSchema.extend({
  recommId: z.string(),
});

export const TEMPLATE_OPERATIONS = ['edit', 'delete'] as const;

/** POST /stories/operate_template_story body. */
export const operateTemplateStorySchema = z.object({
  template_story_id: z.string().min(1),
  operation: z.enum(TEMPLATE_OPERATIONS),
});

/** Its response: the copy (a full story, or just its id). */
export const operateTemplateStoryResponseSchema = z.object({
  story: z.union([storySchema, z.object({ id: z.string().min(1) })]),
});

/** A last export is valid (reusable) when it exists and is not outdated (spec 1 §4). */
export function hasValidExport(
  story: Pick<Story, 'last_export_url' | 'is_export_outdated'>,
): boolean {
  return !!story.last_export_url && !story.is_export_outdated;
}

/** The date the preview dialog shows: published_at when published and not featured, else created_at. */
export function storyDisplayDate(
  story: Pick<Story, 'is_published' | 'is_featured' | 'published_at' | 'created_at'>,
): string {
  return story.is_published && !story.is_featured && story.published_at
    ? story.published_at
    : story.created_at;
}

/** Story owner: story user_id equals the current user id (spec 1 §6). */
export function isStoryOwner(
  story: Pick<Story, 'user_id'>,
  userId: string | null | undefined,
): boolean {
  return !!userId && story.user_id === userId;
}

/** The music-video type of a story: its own video_type or category_inputs.video_type. */
export function storyVideoType(story: Pick<Story, 'video_type' | 'category_inputs'>) {
  return story.video_type ?? story.category_inputs.video_type ?? null;
}
