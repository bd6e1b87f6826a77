import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@storyloom/core';
import { organization } from '../src/db/schema.js';
import { DATABASES, signUp, startTestServer, type TestServer } from './helpers.js';

let serial = 0;
const slug = () => `team-${Date.now().toString(36)}-${++serial}`;

describe.each(DATABASES)('team (organization) fields on %s', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(() => server?.stop());

  const teamsNamed = (name: string) =>
    server.ctx.database.db.select().from(organization).where(eq(organization.name, name));

  it('refuses unbounded or malformed names, slugs, logos and details when a team is made', async () => {
    const { client } = await signUp(server.baseUrl, 'Founder');
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: 'Huge slug', slug: 'a'.repeat(60_000) }, MESSAGES.organization.slugFormat],
      [{ name: 'Spaced slug', slug: 'Team A' }, MESSAGES.organization.slugFormat],
      [{ name: 'Short slug', slug: 'ab' }, MESSAGES.organization.slugFormat],
      [{ name: 'Double hyphen', slug: 'team--a' }, MESSAGES.organization.slugFormat],
      [{ name: 'Edge hyphen', slug: '-team' }, MESSAGES.organization.slugFormat],
      [{ name: 'Long slug', slug: 'a'.repeat(49) }, MESSAGES.organization.slugFormat],
      [{ name: 'x'.repeat(61), slug: slug() }, MESSAGES.organization.nameTooLong],
      [{ name: '   ', slug: slug() }, MESSAGES.organization.nameRequired],
      [
        { name: 'Outside logo', slug: slug(), logo: 'https://tracker.example/logo.png' },
        MESSAGES.organization.logoNotOurs,
      ],
      [
        { name: 'Long details', slug: slug(), metadata: { about: 'x'.repeat(501) } },
        MESSAGES.organization.metadataTooLarge,
      ],
      [
        {
          name: 'Many details',
          slug: slug(),
          metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
        },
        MESSAGES.organization.metadataTooLarge,
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await client.post('/api/auth/organization/create', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const made = await client.post('/api/auth/organization/create', {
      name: '  Night Owls  ',
      slug: slug(),
      metadata: { city: 'Lisbon', seats: 4 },
    });
    expect(made.status).toBe(200);
    expect(await teamsNamed('Night Owls')).toHaveLength(1);
    const all = await server.ctx.database.db.select().from(organization);
    expect(all.every((t) => t.slug.length <= 48 && t.name.length <= 60)).toBe(true);
  });

  it('holds every other way in to the same rules', async () => {
    const { client } = await signUp(server.baseUrl, 'Sneaky');
    // Other spellings of the path, which reach better-auth without the route's schema, make
    // no team (each is refused by better-auth's routing or by the hooks).
    for (const path of [
      '/api/auth/organization/create/',
      '/api/auth//organization/create',
      '/api/auth/organization//create',
      '/api/auth/Organization/create',
      '/api/auth/organization/create?x=1',
      '/api/auth/organization/./create',
      '/api/auth/organization%2Fcreate',
    ]) {
      const res = await client.request('POST', path, {
        name: 'Other spelling',
        slug: 'b'.repeat(60_000),
      });
      expect([400, 404], path).toContain(res.status);
    }
    // A call made inside the server goes through better-auth's hooks too.
    const jar = (client as unknown as { cookies: Map<string, string> }).cookies;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    await expect(
      server.ctx.auth.api.createOrganization({
        body: { name: 'Server side', slug: 'c'.repeat(60_000) },
        headers: new Headers({ cookie }),
      }),
    ).rejects.toThrow(MESSAGES.organization.slugFormat);
    expect(await teamsNamed('Other spelling')).toHaveLength(0);
    expect(await teamsNamed('Server side')).toHaveLength(0);
  });

  it('bounds team changes, slug checks, invitations and roles', async () => {
    const { client } = await signUp(server.baseUrl, 'Keeper');
    const made = await client.post('/api/auth/organization/create', {
      name: 'Keepers',
      slug: slug(),
    });
    expect(made.status).toBe(200);
    const organizationId = (made.body as { id: string }).id;

    const longSlug = await client.post('/api/auth/organization/update', {
      organizationId,
      data: { slug: 'd'.repeat(60_000) },
    });
    expect(longSlug.status).toBe(400);
    expect(longSlug.body.message).toContain(MESSAGES.organization.slugFormat);
    const longName = await client.post('/api/auth/organization/update', {
      organizationId,
      data: { name: 'n'.repeat(61) },
    });
    expect(longName.status).toBe(400);
    const renamed = await client.post('/api/auth/organization/update', {
      organizationId,
      data: { name: 'Keepers United' },
    });
    expect(renamed.status).toBe(200);
    expect(await teamsNamed('Keepers United')).toHaveLength(1);

    expect(
      (await client.post('/api/auth/organization/check-slug', { slug: 'e'.repeat(60_000) })).status,
    ).toBe(400);
    expect((await client.post('/api/auth/organization/check-slug', { slug: slug() })).status).toBe(
      200,
    );

    const badRole = await client.post('/api/auth/organization/invite-member', {
      organizationId,
      email: 'mate@example.test',
      role: 'emperor',
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toContain(MESSAGES.organization.invalidRole);
    const longEmail = await client.post('/api/auth/organization/invite-member', {
      organizationId,
      email: `${'m'.repeat(300)}@example.test`,
      role: 'member',
    });
    expect(longEmail.status).toBe(400);
    const roleChange = await client.post('/api/auth/organization/update-member-role', {
      organizationId,
      memberId: 'x'.repeat(5000),
      role: 'admin',
    });
    expect(roleChange.status).toBe(400);
  });
});
