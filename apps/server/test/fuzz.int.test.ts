import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '@storyloom/core';
import { signUp, startTestServer, type TestServer } from './helpers.js';
import type { Client } from './helpers.js';

/** A small seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof random>;

function deep(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** Values that have broken servers: huge and odd numbers, long and odd text, wrong shapes. */
const HOSTILE_VALUES: readonly unknown[] = [
  1e308,
  -1e308,
  3e9,
  -1,
  -0,
  0,
  0.0000001,
  Number.MAX_SAFE_INTEGER + 2,
  'NaN',
  'Infinity',
  '',
  ' ',
  'a\u0000b',
  'lone \ud800',
  '\udc00',
  'x'.repeat(120_000),
  '../../etc/passwd',
  'http://[broken',
  '/media/uploads/%E0%A4%A',
  '<script>alert(1)</script>',
  null,
  true,
  [],
  {},
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  [[[[[[]]]]]],
  new Array(30_000).fill(1),
];

function validTimeline() {
  return {
    tracks: [
      {
        id: 'main',
        type: 'video',
        isPrimary: true,
        items: [
          {
            id: 'a',
            type: 'image',
            mediaAssetId: 'img',
            startTimeInFrames: 0,
            durationInFrames: 60,
          },
          {
            id: 'b',
            type: 'video',
            mediaAssetId: 'vid',
            startTimeInFrames: 60,
            durationInFrames: 90,
            sourceTrimStartFrames: 10,
            speed: 1.5,
          },
        ],
      },
      {
        id: 'music',
        type: 'audio',
        items: [
          {
            id: 'm',
            type: 'audio',
            mediaAssetId: 'aud',
            startTimeInFrames: 0,
            durationInFrames: 150,
            volume: 0.5,
            effects: [{ type: 'fade-in', durationInFrames: 15 }],
          },
        ],
      },
      {
        id: 'caps',
        type: 'caption',
        items: [
          {
            id: 'c',
            type: 'caption',
            startTimeInFrames: 0,
            durationInFrames: 45,
            caption: { data: { text: 'Hello' }, style: { fontSize: 30 } },
          },
        ],
      },
    ],
    mediaAssets: [
      {
        id: 'img',
        url: '/media/uploads/2026/01/00000000-0000-0000-0000-000000000001.png',
        resource_type: 'image',
        metadata: { width: 100, height: 100 },
      },
      {
        id: 'vid',
        url: '/media/uploads/2026/01/00000000-0000-0000-0000-000000000002.mp4',
        resource_type: 'video',
        metadata: { duration: 10, fps: 30 },
      },
      {
        id: 'aud',
        url: '/media/uploads/2026/01/00000000-0000-0000-0000-000000000003.wav',
        resource_type: 'audio',
        subtype: 'music',
      },
    ],
    globalConfig: { fps: 30 },
  };
}

/** Every path to a value inside a JSON document (objects and arrays). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function mutate(doc: unknown, rng: Random): unknown {
  const copy = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const all = paths(copy).filter((p) => p.length > 0);
    const target = rng.pick(all);
    const parent = target
      .slice(0, -1)
      .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k as string], copy) as Record<
      string | number,
      unknown
    >;
    const key = target.at(-1)!;
    const choice = rng.int(5);
    if (choice === 0) delete parent[key];
    else if (choice === 1 && Array.isArray(parent[key])) {
      const list = parent[key] as unknown[];
      parent[key] = Array.from({ length: 2000 + rng.int(8000) }, () => list[0] ?? {});
    } else if (choice === 2) parent[key] = deep(20 + rng.int(200));
    else parent[key] = rng.pick(HOSTILE_VALUES);
  }
  return copy;
}

describe('fuzzing the API', () => {
  let server: TestServer;
  let client: Client;
  let storyId: string;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    server = await startTestServer('pglite');
    ({ client } = await signUp(server.baseUrl));
    const { body } = await client.post('/stories', { category_id: 'create_from_scratch' });
    storyId = (body as unknown as Story).id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function send(
    method: string,
    url: string,
    body: string | undefined,
    type = 'application/json',
  ) {
    const res = await fetch(server.baseUrl + url, {
      method,
      headers: {
        'content-type': type,
        cookie: (client as unknown as { cookies: Map<string, string> }).cookies.size
          ? [...(client as unknown as { cookies: Map<string, string> }).cookies]
              .map(([k, v]) => `${k}=${v}`)
              .join('; ')
          : '',
      },
      ...(body !== undefined ? { body } : {}),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return res.status;
  }

  it('answers 500 mutated timelines without a single 5xx', async () => {
    const rng = random(20261124);
    const failures: string[] = [];
    for (let i = 0; i < 500; i++) {
      const timeline = mutate(validTimeline(), rng);
      const [method, url, body] =
        i % 25 === 0
          ? [
              'POST',
              '/api/internal/storybuilder/render_video',
              { ...(timeline as object), watermarkConfig: { enabled: false, type: 'storyloom' } },
            ]
          : i % 2 === 0
            ? [
                'POST',
                `/stories/${storyId}/sync`,
                { shots_map: {}, video_editor_timeline: timeline },
              ]
            : [
                'POST',
                '/stories',
                { category_id: 'create_from_scratch', video_editor_timeline: timeline },
              ];
      const status = await send(method, url, JSON.stringify(body));
      if (status >= 500) failures.push(`#${i} ${url}: ${status}`);
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 240_000);

  it('answers 500 hostile bodies to every kind of call without a single 5xx', async () => {
    const rng = random(4242);
    const routes: [string, string][] = [
      ['POST', '/api/auth/sign-up/email'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/organization/create'],
      ['POST', '/stories'],
      ['PATCH', `/stories/${storyId}`],
      ['POST', `/stories/${storyId}/sync`],
      ['POST', '/stories/operate_template_story'],
      ['POST', '/stories/workflow/status'],
      ['POST', '/stories/workflow/status_sse'],
      ['POST', '/stories/workflow/resume'],
      ['POST', '/stories/workflow/export'],
      ['POST', '/stories/workflow/generate_script_to_video'],
      ['POST', '/stories/rewrite_script'],
      ['POST', '/stories/idea_to_script'],
      ['POST', `/stories/workflow/regenerate_shot?storyId=${storyId}&shotId=x`],
      ['POST', `/stories/${storyId}/events`],
      ['POST', `/stories/${storyId}/play_sessions`],
      ['PATCH', '/stories/play_sessions/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/analytics'],
      ['PATCH', '/api/profile'],
      ['POST', '/api/media/upload_image'],
      ['POST', '/stories/workflow/generate_character_vlog'],
      ['POST', '/api/characters'],
      ['PATCH', '/api/characters/local-00000000-0000-0000-0000-000000000000'],
    ];
    const bodies: (() => [string | undefined, string])[] = [
      () => {
        const levels = 5000 + rng.int(50_000);
        return ['{"a":'.repeat(levels) + '1' + '}'.repeat(levels), 'application/json'];
      },
      () => ['{"a":', 'application/json'],
      () => ['[1e309, -1e309]', 'application/json'],
      () => [JSON.stringify(rng.pick(HOSTILE_VALUES)), 'application/json'],
      () => [
        JSON.stringify({
          title: rng.pick(HOSTILE_VALUES),
          name: rng.pick(HOSTILE_VALUES),
          email: rng.pick(HOSTILE_VALUES),
          password: rng.pick(HOSTILE_VALUES),
          story: rng.pick(HOSTILE_VALUES),
          metadata: rng.pick(HOSTILE_VALUES),
          category_id: rng.pick(['create_from_scratch', 'nope', null]),
          workflowRunIds: rng.pick(HOSTILE_VALUES),
          kind: rng.pick(['view', 'x']),
          portion: rng.pick(HOSTILE_VALUES),
          image_url: rng.pick(HOSTILE_VALUES),
          vlog_topic: rng.pick(HOSTILE_VALUES),
          character: rng.pick(HOSTILE_VALUES),
        }),
        'application/json',
      ],
      () => ['a=1&b=2', 'application/x-www-form-urlencoded'],
      () => ['plain text', 'text/plain'],
      () => [
        '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nAAAA\r\n--x--',
        'multipart/form-data; boundary=x',
      ],
      () => [undefined, 'application/json'],
    ];
    const failures: string[] = [];
    for (let i = 0; i < 500; i++) {
      const [method, url] = rng.pick(routes);
      const [body, type] = rng.pick(bodies)();
      const status = await send(method, url, body, type);
      if (status >= 500) failures.push(`#${i} ${method} ${url} (${type}): ${status}`);
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    // The server said no in many ways, never with a 5xx.
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
  }, 240_000);
});
