// npm run bench:load — the read paths under load: one embedded Storyloom on loopback (a fresh
// PGlite data folder, or a fresh PostgreSQL database when TEST_DATABASE_URL is set), seeded
// directly with published stories, engagement and a signed-in user's library, then driven by
// autocannon with 200 connections for 15 s per route. Prints req/s, p50, p99, errors and
// non-2xx answers per route. BENCH_CONNECTIONS and BENCH_SECONDS change the load (bounded).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import {
  member,
  organization,
  playSessions,
  stories,
  storyEvents,
  user,
} from '../src/db/schema.js';
import { startStoryloom } from '../src/server.js';
import { createPostgresDatabase } from '../test/helpers.js';

const bounded = (value: string | undefined, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};
const CONNECTIONS = bounded(process.env.BENCH_CONNECTIONS, 200, 1000);
const SECONDS = bounded(process.env.BENCH_SECONDS, 15, 120);
const AUTHORS = 50;
const PUBLIC_STORIES = 500;
const OWN_STORIES = 200;
const EVENTS = 5000;
const PLAYS = 2000;

/** A storyboard and timeline of a typical 8-shot story, so rows weigh what real ones do. */
function storyContent(seed: number) {
  const shots = Array.from({ length: 8 }, (_, i) => ({
    shot_id: `shot-${seed}-${i}`,
    lexorank: `a${i}`,
    shot_type: 'auto',
    script: `Scene ${i + 1} of story ${seed}: a short narrated line that moves the story on.`,
    image_prompt: `A cinematic picture of scene ${i + 1}, soft light, wide angle, story ${seed}`,
    active_image_url: `/media/bench/${seed}/${i}.jpg`,
    active_video_url: `/media/bench/${seed}/${i}.mp4`,
  }));
  const fps = 30;
  return {
    storyboard: { shots_map: Object.fromEntries(shots.map((s) => [s.shot_id, s])) },
    videoEditorTimeline: {
      schemaVersion: 1,
      globalConfig: {
        fps,
        watermark: { enabled: true, type: 'storyloom' },
        captions: { enabled: true },
      },
      mediaAssets: shots.map((s) => ({
        id: `asset-${s.shot_id}`,
        url: s.active_video_url,
        resource_type: 'video',
        source: 'generated',
        shot_id: s.shot_id,
        metadata: { width: 1080, height: 1920, duration: 4, fps },
      })),
      tracks: [
        {
          id: 'track-video',
          type: 'video',
          isPrimary: true,
          items: shots.map((s, i) => ({
            id: `item-${s.shot_id}`,
            type: 'video',
            mediaAssetId: `asset-${s.shot_id}`,
            shotId: s.shot_id,
            startTimeInFrames: i * 4 * fps,
            durationInFrames: 4 * fps,
            sourceTrimStartFrames: 0,
            sourceTrimEndFrames: 4 * fps,
            speed: 1,
            volume: 1,
          })),
        },
      ],
    },
  };
}

async function seed(db: Db, benchUserId: string): Promise<{ sharedId: string }> {
  const now = Date.now();
  const authors = Array.from({ length: AUTHORS }, (_, i) => ({
    id: randomUUID(),
    name: `Author ${i}`,
    email: `author-${i}@bench.test`,
    username: `author_${i}`,
    image: `/media/avatars/${i}.png`,
  }));
  await db.insert(user).values(authors);
  // Some authors are on a team plan, as the bench user is.
  const orgId = randomUUID();
  await db.insert(organization).values({ id: orgId, name: 'Bench team', slug: 'bench-team' });
  await db
    .insert(member)
    .values([
      { id: randomUUID(), organizationId: orgId, userId: benchUserId, role: 'owner' },
      ...authors
        .slice(0, 5)
        .map((a) => ({ id: randomUUID(), organizationId: orgId, userId: a.id })),
    ]);
  const categories = ['script_to_video', 'music_video', 'character_vlog', 'create_from_scratch'];
  const rows = (count: number, owner: (i: number) => string, published: boolean, base: number) =>
    Array.from({ length: count }, (_, i) => {
      const at = new Date(now - (count - i) * 60_000);
      return {
        id: randomUUID(),
        userId: owner(i),
        title: `Bench story ${base + i}`,
        categoryId: categories[i % categories.length]!,
        status: 'completed',
        isPublished: published,
        isFeatured: published && i % 50 === 0,
        publishedAt: published ? at : null,
        lastExportUrl: `/media/bench/${base + i}/export.mp4`,
        lastExportThumbnailUrl: `/media/bench/${base + i}/thumb.jpg`,
        numShots: 8,
        createdAt: at,
        updatedAt: at,
        ...storyContent(base + i),
      };
    });
  const published = rows(PUBLIC_STORIES, (i) => authors[i % AUTHORS]!.id, true, 0);
  const own = rows(OWN_STORIES, () => benchUserId, false, PUBLIC_STORIES);
  for (let i = 0; i < published.length; i += 100)
    await db.insert(stories).values(published.slice(i, i + 100));
  for (let i = 0; i < own.length; i += 100) await db.insert(stories).values(own.slice(i, i + 100));
  const kinds = ['view', 'view', 'view', 'download', 'create_click'];
  const events = Array.from({ length: EVENTS }, (_, i) => ({
    id: randomUUID(),
    storyId: published[(i * 7919) % PUBLIC_STORIES]!.id,
    kind: kinds[i % kinds.length]!,
    viewerKey: `ip:${i % 300}`,
  }));
  for (let i = 0; i < events.length; i += 500)
    await db.insert(storyEvents).values(events.slice(i, i + 500));
  const plays = Array.from({ length: PLAYS }, (_, i) => ({
    id: randomUUID(),
    storyId: published[(i * 104729) % PUBLIC_STORIES]!.id,
    viewerKey: `device:${i % 300}`,
    portion: (i % 100) / 100,
  }));
  for (let i = 0; i < plays.length; i += 500)
    await db.insert(playSessions).values(plays.slice(i, i + 500));
  return { sharedId: published[PUBLIC_STORIES - 3]!.id };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'storyloom-load-'));
const pgDb = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
// The share page is served from the built web app; without a build, a stand-in index.html.
const builtWeb = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist');
let webDist = builtWeb;
if (!existsSync(path.join(builtWeb, 'index.html'))) {
  webDist = path.join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8" /><title>Storyloom</title></head><body><div id="root"></div></body></html>',
  );
}
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const baseUrl = `http://127.0.0.1:${port}`;
const config = loadConfig(
  {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    MUSIC_PRERENDER: 'false',
    WEB_DIST_DIR: webDist,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  },
  [],
);
const storyloom = await startStoryloom(config);
try {
  const username = `bench_${Date.now().toString(36)}`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `${username}@bench.test`,
      password: 'correct horse battery',
      name: 'Bench',
      username,
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as {
    id: string;
  };
  const seedStart = Date.now();
  const { sharedId } = await seed(storyloom.ctx.database.db, me.id);
  console.log(
    `seeded ${PUBLIC_STORIES} public stories of ${AUTHORS} authors, ${OWN_STORIES} of the bench user, ` +
      `${EVENTS} events and ${PLAYS} plays in ${((Date.now() - seedStart) / 1000).toFixed(1)} s ` +
      `(${storyloom.ctx.database.kind})`,
  );
  const routes: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: '/healthz', path: '/healthz' },
    { name: 'community feed', path: '/stories/published' },
    { name: 'share page', path: `/story/share/${sharedId}` },
    { name: 'shared story (API)', path: `/stories/${sharedId}` },
    { name: 'story list (signed in)', path: '/stories', headers: { cookie } },
  ];
  for (const route of routes) {
    // Warm up (and check the route answers) before measuring.
    const check = await fetch(baseUrl + route.path, { headers: route.headers ?? {} });
    if (!check.ok) throw new Error(`${route.name} answered ${check.status}`);
    await check.arrayBuffer();
  }
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per route, loopback`);
  console.log(
    'route'.padEnd(26) +
      'req/s'.padStart(9) +
      'p50 ms'.padStart(9) +
      'p99 ms'.padStart(9) +
      'errors'.padStart(8) +
      'non-2xx'.padStart(9),
  );
  /** Waits (up to 60 s) until requests left over from the last route are answered. */
  const drained = async () => {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const started = Date.now();
      const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => null,
      );
      await res?.arrayBuffer();
      if (res?.ok && Date.now() - started < 200) return;
    }
  };
  for (const route of routes) {
    await drained();
    const result = await autocannon({
      url: baseUrl + route.path,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      // The client runs in its own thread, not on the server's event loop.
      workers: 1,
      headers: route.headers ?? {},
    });
    console.log(
      route.name.padEnd(26) +
        result.requests.average.toFixed(0).padStart(9) +
        String(result.latency.p50).padStart(9) +
        String(result.latency.p99).padStart(9) +
        String(result.errors).padStart(8) +
        String(result.non2xx).padStart(9),
    );
  }
} finally {
  await storyloom.close();
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
