import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context.js';
import { member, organization, stories, user } from '../db/schema.js';
import { scriptToVideoPayloadSchema, type VoiceKey } from '@storyloom/core';
import { SEED_EXAMPLE_WORKFLOW } from '../generation/generation-workflows.js';
import { StoryRepository } from '../stories/story-repository.js';

export const DEMO_EMAIL = 'demo@storyloom.local';
const STUDIO_EMAIL = 'studio@storyloom.local';

interface SeedStory {
  title: string;
  /** What the explainer pipeline narrates and illustrates. */
  script: string;
  visualStyle: string;
  voice: VoiceKey;
  template?: boolean;
  published?: boolean;
  featured?: boolean;
}

/**
 * Examples owned by the Storyloom Studio team; published stories by the demo creator. Each is
 * made by the product's own pipeline on the configured providers, in the background at first
 * start, and shown only once it has its video. Only story kinds with a pipeline are seeded.
 */
const EXAMPLES: SeedStory[] = [
  {
    title: 'The Cat Who Ran a Webinar',
    script:
      'Whiskers the cat opened her laptop at nine sharp. Forty cats joined her webinar about the perfect nap. She shared pictures of sunny windowsills and soft blankets. The audience purred with applause when the call ended.',
    visualStyle: 'animation',
    voice: 'storyteller',
    template: true,
    published: true,
    featured: true,
  },
  {
    title: 'Puma: A Quick Introduction',
    script:
      'The puma is a big cat of the Americas. It lives in mountains, forests and deserts. A puma can leap six meters in a single jump. It hunts alone, mostly at dawn and dusk.',
    visualStyle: 'photorealistic',
    voice: 'calm_male',
    template: true,
  },
];
const DEMO_STORIES: SeedStory[] = [
  {
    title: 'Travel in Asia: Seven Cities',
    script:
      'Our journey starts in Tokyo among the neon lights. In Seoul we taste spicy street food at night. Bangkok greets us with temples and floating markets. We end in Singapore, watching the bay light up.',
    visualStyle: 'watercolor',
    voice: 'warm_female',
    published: true,
  },
  {
    title: 'Tech Innovations of the Decade',
    script:
      'Phones became cameras, maps and wallets in one. Electric cars moved from dream to driveway. Robots learned to help in warehouses and hospitals. And the cloud put a computer in every pocket.',
    visualStyle: 'cyberpunk',
    voice: 'news_anchor',
    published: true,
  },
];

/**
 * On an empty database, creates a demo creator (credentials kept in the data folder and printed
 * at every start), a team account with example stories, and a few published stories, so a new
 * install has a living home page; the stories are made by background runs. Does nothing once
 * the demo creator exists, except print.
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
    const input = scriptToVideoPayloadSchema.parse({
      title: s.title,
      script_content: s.script,
      visual_style: s.visualStyle,
      voiceover_voice: s.voice,
      auto_rewrite: false,
    });
    const row = await repo.insert({
      userId: s.owner,
      title: s.title,
      categoryId: 'script_to_video',
      categoryInputs: { ...input },
      status: 'pending',
      advancedSettings: input.advanced_settings,
      metadata: { aspect_ratio: input.aspect_ratio },
    });
    await ctx.database.db
      .update(stories)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(stories.id, row.id));
    await ctx.workflows.start({
      kind: SEED_EXAMPLE_WORKFLOW,
      userId: s.owner,
      storyId: row.id,
      input: {
        ...input,
        seed: {
          template: Boolean(s.template),
          published: Boolean(s.published),
          featured: Boolean(s.featured),
        },
      },
    });
  }
  log.info({ stories: all.length }, 'seeding example stories in the background');
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
