import { z } from 'zod';
import { categoryIdSchema } from './categories';

/** Community engagement the server records per story (spec 1 §4 'Community preview'). */
export const STORY_EVENT_KINDS = ['view', 'download', 'create_click'] as const;
export type StoryEventKind = (typeof STORY_EVENT_KINDS)[number];

/** POST /stories/{id}/events */
export const storyEventSchema = z.object({
  kind: z.enum(STORY_EVENT_KINDS),
  recommId: z.string().min(1).max(100).optional(),
});

/** POST /stories/{id}/play_sessions */
export const playSessionStartSchema = z.object({
  recommId: z.string().min(1).max(100).optional(),
});
export const playSessionResponseSchema = z.object({ sessionId: z.string() });

/** GET /stories/{id}/stats: a story's engagement, for its owner. */
export const storyStatsSchema = z.object({
  views: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
  createClicks: z.number().int().nonnegative(),
  plays: z.number().int().nonnegative(),
  averagePlayPortion: z.number().min(0).max(1),
});

/** PATCH /stories/play_sessions/{sessionId}: how far playback got, 0..1. */
export const playPortionSchema = z.object({ portion: z.number().min(0).max(1) });

/** A play portion as stored and sent: clamped to 0..1 and rounded to two decimals (spec 3 §4). */
export function roundPortion(portion: number): number {
  if (!Number.isFinite(portion)) return 0;
  return Math.round(Math.min(1, Math.max(0, portion)) * 100) / 100;
}

/**
 * The community ranking (ours; the spec names no formula): engagement divided by a power of
 * age, so a new story gets its chance and a popular one stays up for a while. Featured
 * stories come before all others; this score orders the rest.
 *   score = (1 + views + 3·downloads + 4·create clicks + 2·Σ play portions) / (age hours + 2)^1.5
 */
export const RANKING = {
  viewWeight: 1,
  downloadWeight: 3,
  createClickWeight: 4,
  playWeight: 2,
  ageOffsetHours: 2,
  gravity: 1.5,
} as const;

export interface Engagement {
  views: number;
  downloads: number;
  createClicks: number;
  /** Sum of the play portions of every play session. */
  playPortion: number;
  /** Hours since the story was published. */
  ageHours: number;
}

export function recommendationScore(e: Engagement): number {
  const engagement =
    1 +
    RANKING.viewWeight * e.views +
    RANKING.downloadWeight * e.downloads +
    RANKING.createClickWeight * e.createClicks +
    RANKING.playWeight * e.playPortion;
  return engagement / Math.pow(Math.max(0, e.ageHours) + RANKING.ageOffsetHours, RANKING.gravity);
}

const id = z.string().min(1).max(100);
const primitive = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

/** The analytics events of the spec (spec 1 §7, spec 2 §7, spec 3 §7), as POST /api/analytics takes them. */
export const analyticsEventSchema = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('editor_opened'),
    properties: z.object({
      story_id: id,
      opened_from: z.enum(['preview_video_dialog', 'story_card', 'story_card_list']),
    }),
  }),
  z.object({
    event: z.literal('story_shared_clicked'),
    properties: z.object({
      story_id: id,
      story_type: categoryIdSchema,
      share_method: z.string().min(1).max(40),
    }),
  }),
  z.object({
    event: z.enum([
      'story_creation_requested',
      'story_created',
      'story_previewed',
      'story_music_uploaded',
      'create_from_scratch_clicked',
      'story_video_play',
      'shot_regenerate_clicked',
    ]),
    properties: z.record(z.string().max(60), primitive).default({}),
  }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
