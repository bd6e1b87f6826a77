import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import { member, organization, stories, user } from '../db/schema.js';
import { StoryRepository } from '../stories/story-repository.js';

export const DEMO_EMAIL = 'demo@storyloom.local';
const STUDIO_EMAIL = 'studio@storyloom.local';

interface SeedStory {
  title: string;
  categoryId: string;
  videoType?: string;
  duration: number;
  template?: boolean;
  published?: boolean;
  featured?: boolean;
}

/** Examples owned by the Storyloom Studio team; published stories by the demo creator. */
const EXAMPLES: SeedStory[] = [
  {
    title: 'The Cat Who Ran a Webinar',
    categoryId: 'script_to_video',
    duration: 42,
    template: true,
    published: true,
    featured: true,
  },
  {
    title: 'Puma: A Quick Introduction',
    categoryId: 'script_to_video',
    duration: 35,
    template: true,
  },
  {
    title: 'Neon Nights',
    categoryId: 'music_video',
    videoType: 'consistent-style',
    duration: 30,
    template: true,
    published: true,
  },
  {
    title: 'A Day at the Bakery with Mia',
    categoryId: 'character_vlog',
    duration: 48,
    template: true,
  },
  {
    title: 'Crystal Cutting',
    categoryId: 'asmr_video',
    duration: 24,
    template: true,
    published: true,
  },
];
const DEMO_STORIES: SeedStory[] = [
  {
    title: 'Travel in Asia: Seven Cities',
    categoryId: 'script_to_video',
    duration: 58,
    published: true,
  },
  {
    title: 'Tech Innovations of the Decade',
    categoryId: 'script_to_video',
    duration: 61,
    published: true,
  },
  {
    title: 'Summer Lyrics',
    categoryId: 'music_video',
    videoType: 'lyrics-video',
    duration: 40,
    published: true,
  },
  { title: 'My First Timeline', categoryId: 'create_from_scratch', duration: 12 },
];

/**
 * On an empty database, creates a demo creator (credentials kept in the data folder and printed
 * at every start), a team account with example stories, and a few published stories, so a new
 * install has a living home page. Does nothing once the demo creator exists, except print.
 */
export async function seedDemoContent(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const credentialsFile = path.join(ctx.config.dataDir, 'demo-credentials.json');
  const [existing] = await ctx.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_EMAIL));
  if (existing) {
    if (existsSync(credentialsFile))
      announce(log, JSON.parse(readFileSync(credentialsFile, 'utf8')) as Credentials);
    return;
  }
  const credentials: Credentials = {
    email: DEMO_EMAIL,
    password: randomBytes(9).toString('base64url'),
  };
  const demo = await signUp(ctx, { ...credentials, name: 'Demo Creator', username: 'demo' });
  const studio = await signUp(ctx, {
    email: STUDIO_EMAIL,
    password: randomBytes(24).toString('base64url'),
    name: 'Storyloom Studio',
    username: 'storyloom',
  });
  const now = new Date();
  await ctx.database.db.insert(organization).values({
    id: `org-${studio}`,
    name: 'Storyloom Studio',
    slug: 'storyloom-studio',
    createdAt: now,
  });
  await ctx.database.db.insert(member).values({
    id: `member-${studio}`,
    organizationId: `org-${studio}`,
    userId: studio,
    role: 'owner',
    createdAt: now,
  });

  const repo = new StoryRepository(ctx.database.db);
  const all = [
    ...EXAMPLES.map((s) => ({ ...s, owner: studio })),
    ...DEMO_STORIES.map((s) => ({ ...s, owner: demo })),
  ];
  for (const [i, s] of all.entries()) {
    // Spread the creation times so the lists have a stable, meaningful order.
    const at = new Date(now.getTime() - (all.length - i) * 3_600_000);
    const row = await repo.insert({
      userId: s.owner,
      title: s.title,
      categoryId: s.categoryId,
      categoryInputs: s.videoType ? { video_type: s.videoType } : {},
      videoType: s.videoType ?? null,
      status: 'completed',
      isTemplate: Boolean(s.template),
      isPublished: Boolean(s.published),
      isFeatured: Boolean(s.featured),
      publishedAt: s.published ? at : null,
      metadata: { duration: s.duration },
    });
    await ctx.database.db
      .update(stories)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(stories.id, row.id));
  }
  writeFileSync(credentialsFile, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  announce(log, credentials);
}

interface Credentials {
  email: string;
  password: string;
}

async function signUp(
  ctx: AppContext,
  body: Credentials & { name: string; username: string },
): Promise<string> {
  const result = await ctx.auth.api.signUpEmail({ body });
  return result.user.id;
}

function announce(log: FastifyBaseLogger, c: Credentials) {
  log.info(
    { email: c.email, password: c.password },
    `Demo creator: sign in as ${c.email} with password ${c.password}`,
  );
}
