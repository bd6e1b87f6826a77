import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiImages } from './comfyui-providers';
import { FalImages, FalVideo } from './fal-providers';
import { ProviderError } from './http-json';
import { OpenAiImages, OpenAiTranscription, OpenAiWriter } from './openai-providers';
import { RunwayActTwo } from './runway-act-two';

/**
 * A fake vendor whose replies answer 200 but in a shape we do not read: each path answers its
 * own body (a string is sent as it is, anything else as JSON).
 */
function fakeVendor(replies: Record<string, unknown>) {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const key = Object.keys(replies).find((p) => path === p || path.startsWith(`${p}/`));
      if (key === undefined) {
        res.writeHead(404).end();
        return;
      }
      const reply = replies[key];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
    });
  });
}

const style = { value: 'crayon', description: 'crayon drawing', avoidTerms: 'photo' };
const picture = { prompt: 'a cat', keywords: [], style, width: 64, height: 64, seed: 's' };

/** Expects a ProviderError of `provider` with a message naming what did not fit. */
async function expectUnreadable(promise: Promise<unknown>, provider: string, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).provider).toBe(provider);
  expect((error as ProviderError).status).toBe(502);
  expect((error as ProviderError).message).toMatch(message);
}

describe('a vendor reply that does not match what we read is a clear provider error', () => {
  const servers: Server[] = [];
  const start = async (replies: Record<string, unknown>) => {
    const server = fakeVendor(replies);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  let openai = '';
  beforeAll(async () => {
    openai = await start({
      '/v1/chat/completions': { choices: [{ message: { content: 42 } }] },
      '/v1/images/generations': { data: 'no pictures today' },
      '/v1/audio/transcriptions': { segments: [{ start: 'zero', end: 1, text: 'hi' }] },
    });
  });
  afterAll(() =>
    Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
  );

  it('OpenAI-compatible: chat, images and transcription', async () => {
    const endpoint = { baseUrl: `${openai}/v1`, apiKey: 'k' };
    await expectUnreadable(
      new OpenAiWriter(endpoint, 'llama3.1').rewrite('hi'),
      'openai-chat:llama3.1',
      /unexpected reply: choices\.0\.message\.content: /,
    );
    await expectUnreadable(
      new OpenAiImages(endpoint).generate(picture),
      'openai-images:gpt-image-1',
      /unexpected reply: data: /,
    );
    await expectUnreadable(
      new OpenAiTranscription(endpoint).transcribe({ audio: Buffer.from('RIFF') }),
      'openai-transcription:whisper-1',
      /unexpected reply: segments\.0\.start: /,
    );
  });

  it('OpenAI-compatible: a storyboard whose shots are not a list', async () => {
    const base = await start({
      '/v1/chat/completions': {
        choices: [{ message: { content: JSON.stringify({ shots: 'many' }) } }],
      },
    });
    await expectUnreadable(
      new OpenAiWriter({ baseUrl: `${base}/v1` }, 'llama3.1').storyboard({ script: 'Hi.', style }),
      'openai-chat:llama3.1',
      /unexpected reply: shots: /,
    );
  });

  it('fal.ai: a queue answer without its URLs, a result without a picture URL', async () => {
    const submitOnly = await start({ '/fal-ai': { request_id: 7 } });
    await expectUnreadable(
      new FalImages({ queueUrl: submitOnly, apiKey: 'k' }, 'fal-ai/flux/dev').generate(picture),
      'fal:fal-ai/flux/dev',
      /unexpected reply: request_id: /,
    );
    const replies: Record<string, unknown> = {
      '/requests/r/status': { status: 'COMPLETED' },
      '/requests/r/result': { video: { url: ['not', 'a', 'url'] } },
    };
    const base = await start(replies);
    replies['/fal-ai'] = {
      request_id: 'r',
      status_url: `${base}/requests/r/status`,
      response_url: `${base}/requests/r/result`,
    };
    await expectUnreadable(
      new FalVideo({ queueUrl: base, apiKey: 'k', pollMs: 1 }, 'fal-ai/kling').animate({
        image: { bytes: Buffer.from('x'), extension: 'png' },
        prompt: 'pan',
        durationSeconds: 5,
        aspectRatio: '16:9',
      }),
      'fal:fal-ai/kling',
      /unexpected reply: video\.url: /,
    );
  });

  it('ComfyUI: a queued prompt without its id, and a reply that is not JSON', async () => {
    const base = await start({ '/prompt': { number: 1 } });
    await expectUnreadable(
      new ComfyUiImages({ baseUrl: base }).generate(picture),
      'comfyui:text-to-image',
      /unexpected reply: prompt_id: /,
    );
    const notJson = await start({ '/prompt': '<html>busy</html>' });
    await expectUnreadable(
      new ComfyUiImages({ baseUrl: notJson }).generate(picture),
      'comfyui:text-to-image',
      /unexpected reply: not JSON/,
    );
  });

  it('Runway: a started task without its id', async () => {
    const base = await start({ '/v1/character_performance': { task: { id: 1 } } });
    await expectUnreadable(
      new RunwayActTwo({ baseUrl: base, apiKey: 'k', pollMs: 1 }).perform({
        character: { type: 'image', bytes: Buffer.from('x'), extension: 'png' },
        reference: { bytes: Buffer.from('y'), extension: 'mp4' },
        width: 1280,
        height: 720,
        expressionIntensity: 3,
      }),
      'runway-act2',
      /unexpected reply: id: /,
    );
  });
});
