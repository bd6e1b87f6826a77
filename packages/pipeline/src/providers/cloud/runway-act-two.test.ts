import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './http-json';
import { RunwayActTwo } from './runway-act-two';

const VIDEO = Buffer.from('fake mp4 bytes of the performance');
const CHARACTER = Buffer.from('fake png bytes');

/** A fake Runway API: checks each request the way Runway documents it, answers in its shapes. */
function fakeRunway() {
  const requests: { path: string; body: unknown }[] = [];
  let polls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const text = Buffer.concat(chunks).toString();
      requests.push({ path, body: text ? (JSON.parse(text) as unknown) : null });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path === '/output/act.mp4') return res.end(VIDEO);
      if (req.headers.authorization !== 'Bearer runway-key')
        return json(401, { error: 'Invalid API key' });
      if (req.headers['x-runway-version'] !== '2024-11-06')
        return json(400, { error: 'Missing X-Runway-Version' });
      if (req.method === 'POST' && path === '/v1/character_performance') {
        const body = JSON.parse(text) as { ratio?: string };
        if (body.ratio === '1:1') return json(400, { error: 'Invalid ratio' });
        return json(200, { id: 'task-17' });
      }
      if (req.method === 'GET' && path === '/v1/tasks/task-17') {
        polls++;
        if (polls < 3)
          return json(200, { id: 'task-17', status: polls === 1 ? 'PENDING' : 'RUNNING' });
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        return json(200, {
          id: 'task-17',
          status: 'SUCCEEDED',
          output: [`${base}/output/act.mp4`],
        });
      }
      json(404, { error: 'Not found' });
    });
  });
  return { server, requests, polls: () => polls };
}

describe('Runway Act-Two adapter', () => {
  const fake = fakeRunway();
  let baseUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  const input = {
    character: { type: 'image' as const, bytes: CHARACTER, extension: 'png' },
    reference: { bytes: VIDEO, extension: 'mp4' },
    width: 1280,
    height: 720,
    expressionIntensity: 4,
  };

  it('creates a character performance task, polls it and downloads the video', async () => {
    const runway = new RunwayActTwo({ baseUrl, apiKey: 'runway-key', pollMs: 1 });
    const media = await runway.perform(input);
    expect(media.bytes.equals(VIDEO)).toBe(true);
    expect(media).toMatchObject({ extension: 'mp4', width: 1280, height: 720 });
    const create = fake.requests.find((r) => r.path === '/v1/character_performance')!;
    expect(create.body).toEqual({
      model: 'act_two',
      character: { type: 'image', uri: `data:image/png;base64,${CHARACTER.toString('base64')}` },
      reference: { type: 'video', uri: `data:video/mp4;base64,${VIDEO.toString('base64')}` },
      ratio: '1280:720',
      bodyControl: true,
      expressionIntensity: 4,
    });
    expect(fake.polls()).toBe(3);
  });

  it("reports the vendor's own message when it refuses", async () => {
    const wrongKey = new RunwayActTwo({ baseUrl, apiKey: 'nope', pollMs: 1 });
    await expect(wrongKey.perform(input)).rejects.toThrow(/HTTP 401: Invalid API key/);
    const runway = new RunwayActTwo({ baseUrl, apiKey: 'runway-key', pollMs: 1 });
    const refused = runway.perform({ ...input, width: 1, height: 1 });
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toThrow(/Invalid ratio/);
  });
});
