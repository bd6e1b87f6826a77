import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../local/wav';
import { providersFromEnv } from './cloud-providers';
import { ElevenLabsSpeech } from './elevenlabs-speech';
import { FalImages, FalVideo } from './fal-providers';
import { ProviderError } from './http-json';
import { availableModels } from './model-table';
import { OpenAiImages, OpenAiSpeech, OpenAiTranscription, OpenAiWriter } from './openai-providers';

/** A tone with silence around it, as a vendor's speech would sound. */
function speechLikeSamples(sampleRate: number): Float32Array {
  const samples = new Float32Array(sampleRate);
  for (let i = sampleRate * 0.2; i < sampleRate * 0.7; i++)
    samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / sampleRate);
  return samples;
}
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Fake OpenAI, fal.ai and ElevenLabs servers in one, answering in the vendors' shapes. */
function fakeVendors() {
  const seen: Seen[] = [];
  let statusPolls = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      const path = req.url ?? '';
      seen.push({ method: req.method ?? '', path, headers: req.headers, body });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (
        path.startsWith('/v1/') &&
        req.headers.authorization !== 'Bearer test-key' &&
        !path.startsWith('/v1/text-to-speech')
      ) {
        return json(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
      }
      if (path === '/v1/chat/completions') {
        const request = JSON.parse(body) as {
          response_format?: unknown;
          messages: { content: string }[];
        };
        const content = request.response_format
          ? JSON.stringify({
              shots: [
                {
                  script: 'Shot one.',
                  image_prompt: 'a cat',
                  video_prompt: 'pan',
                  keywords: ['cat'],
                },
                { script: 'Shot two.' },
              ],
            })
          : `Polished: ${request.messages[1]!.content}`;
        return json(200, {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        });
      }
      if (path === '/v1/images/generations' || path === '/v1/images/edits')
        return json(200, { created: 1, data: [{ b64_json: PNG.toString('base64') }] });
      if (path === '/v1/audio/speech') {
        res.writeHead(200, { 'content-type': 'audio/wav' });
        return res.end(encodeWav({ sampleRate: 24000, samples: speechLikeSamples(24000) }));
      }
      if (path === '/v1/audio/transcriptions')
        return json(200, {
          task: 'transcribe',
          language: 'english',
          duration: 3,
          text: 'Hello there, my friend.',
          segments: [{ id: 0, start: 0.5, end: 2.5, text: ' Hello there, my friend.' }],
        });
      if (path.startsWith('/v1/text-to-speech/')) {
        if (req.headers['xi-api-key'] !== 'eleven-key')
          return json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
        const samples = speechLikeSamples(22050);
        const pcm = Buffer.alloc(samples.length * 2);
        samples.forEach((v, i) => pcm.writeInt16LE(Math.round(v * 32767), i * 2));
        res.writeHead(200, { 'content-type': 'audio/pcm' });
        return res.end(pcm);
      }
      if (req.method === 'POST' && path.startsWith('/fal-ai/')) {
        if (req.headers.authorization !== 'Key fal-key')
          return json(401, { detail: 'Unauthorized' });
        const id = path.includes('video') ? 'req-video' : 'req-image';
        return json(200, {
          request_id: id,
          status_url: `${base}/requests/${id}/status`,
          response_url: `${base}/requests/${id}`,
          cancel_url: `${base}/requests/${id}/cancel`,
        });
      }
      if (path.endsWith('/status')) {
        statusPolls++;
        return json(
          200,
          statusPolls % 2 === 1
            ? { status: 'IN_PROGRESS', logs: [] }
            : { status: 'COMPLETED', logs: [] },
        );
      }
      if (path === '/requests/req-image')
        return json(200, {
          images: [
            { url: `${base}/files/image.png`, width: 1, height: 1, content_type: 'image/png' },
          ],
          seed: 1,
        });
      if (path === '/requests/req-video')
        return json(200, { video: { url: `${base}/files/clip.mp4` } });
      if (path === '/files/image.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(PNG);
      }
      if (path === '/files/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        return res.end(Buffer.from('fake mp4'));
      }
      json(404, { error: 'not found' });
    });
  });
  return { server, seen };
}

describe('cloud adapters against fake vendor servers', () => {
  let server: Server;
  let seen: Seen[];
  let base = '';
  beforeAll(async () => {
    ({ server, seen } = fakeVendors());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const openai = () => ({ baseUrl: `${base}/v1`, apiKey: 'test-key' });
  const last = (path: string) => seen.filter((s) => s.path.startsWith(path)).at(-1)!;

  it('writes storyboards, rewrites and scripts over OpenAI-compatible chat', async () => {
    const writer = new OpenAiWriter(openai(), 'llama3.1');
    const shots = await writer.storyboard({
      script: 'Shot one. Shot two.',
      style: { value: 'crayon', description: 'crayon drawing', avoidTerms: 'photo' },
    });
    expect(shots.map((s) => s.script)).toEqual(['Shot one.', 'Shot two.']);
    expect(shots[1]!.image_prompt).toBe('Shot two.');
    const request = JSON.parse(last('/v1/chat/completions').body) as { messages: unknown };
    expect(request).toMatchObject({ model: 'llama3.1', response_format: { type: 'json_object' } });
    expect(JSON.stringify(request.messages)).toContain('crayon drawing');
    expect(await writer.rewrite('hi')).toBe('Polished: hi');
    expect(await writer.ideaToScript('bees')).toBe('Polished: bees');
    await expect(
      new OpenAiWriter({ baseUrl: `${base}/v1`, apiKey: 'wrong' }, 'x').rewrite('hi'),
    ).rejects.toThrow('HTTP 401: Incorrect API key provided');
  });

  it('draws with gpt images at the chosen quality', async () => {
    const image = await new OpenAiImages(openai(), 'gpt-image-1', 'high').generate({
      prompt: 'a cat',
      width: 1920,
      height: 1080,
    });
    expect(image.bytes.equals(PNG)).toBe(true);
    expect(JSON.parse(last('/v1/images/generations').body)).toEqual({
      model: 'gpt-image-1',
      prompt: 'a cat',
      size: '1536x1024',
      quality: 'high',
      n: 1,
    });
  });

  it("puts the character's own picture into the shot through gpt image edits", async () => {
    const character = Buffer.concat([PNG, Buffer.from('character-marker')]);
    const image = await new OpenAiImages(openai(), 'gpt-image-1', 'low').generate({
      prompt: 'Mia waters the garden',
      width: 1080,
      height: 1920,
      characterImage: character,
    });
    expect(image.bytes.equals(PNG)).toBe(true);
    const request = last('/v1/images/edits');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const field = (name: string) =>
      new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\r\n\r\n([^\r]*)\r\n`).exec(
        request.body,
      )?.[1];
    expect([field('model'), field('prompt'), field('size'), field('quality'), field('n')]).toEqual([
      'gpt-image-1',
      'Mia waters the garden',
      '1024x1536',
      'low',
      '1',
    ]);
    // The picture itself is the edit's input image.
    expect(request.body).toMatch(
      /name="image\[\]"; filename="character\.png"\r\nContent-Type: image\/png/,
    );
    expect(request.body).toContain('character-marker');
  });

  it('speaks phrase by phrase with OpenAI speech and ElevenLabs, timing every phrase', async () => {
    const input = {
      phrases: ['One.', 'Two.'],
      voice: 'storyteller' as const,
      leadSeconds: 1,
      tailSeconds: 0.5,
      fps: 30,
    };
    const openaiVoice = await new OpenAiSpeech(openai()).speak(input);
    expect(JSON.parse(last('/v1/audio/speech').body)).toMatchObject({
      voice: 'fable',
      response_format: 'wav',
      input: 'Two.',
    });
    expect(openaiVoice.phrases[0]!.start).toBeCloseTo(1, 2);
    expect(openaiVoice.phrases[0]!.end - openaiVoice.phrases[0]!.start).toBeCloseTo(0.5, 1);
    const eleven = await new ElevenLabsSpeech({ baseUrl: base, apiKey: 'eleven-key' }).speak(input);
    expect(last('/v1/text-to-speech/').path).toBe(
      '/v1/text-to-speech/onwK4e9ZLuTAKqWW03F9?output_format=pcm_22050',
    );
    expect(JSON.parse(last('/v1/text-to-speech/').body)).toEqual({
      text: 'Two.',
      model_id: 'eleven_multilingual_v2',
    });
    expect(eleven.phrases[1]!.start).toBeGreaterThan(eleven.phrases[0]!.end);
    await expect(
      new ElevenLabsSpeech({ baseUrl: base, apiKey: 'nope' }).speak(input),
    ).rejects.toBeInstanceOf(ProviderError);
  });

  it('transcribes with verbose_json segments cut into caption phrases', async () => {
    const phrases = await new OpenAiTranscription(openai()).transcribe({
      audio: encodeWav({ sampleRate: 16000, samples: new Float32Array(16000) }),
      language: 'fr',
    });
    expect(phrases).toEqual([
      { text: 'Hello there,', start: 0.5, end: 1.5 },
      { text: 'my friend.', start: 1.5, end: 2.5 },
    ]);
    const body = last('/v1/audio/transcriptions').body;
    expect(body).toContain('name="model"');
    expect(body).toContain('verbose_json');
    // The caption language picked in the editor goes along; the audio as a WAV file part.
    expect(body).toMatch(/name="language"\r\n\r\nfr\r\n/);
    expect(body).toMatch(/name="file"; filename="audio.wav"/);
    expect(body).toContain('RIFF');
    expect(last('/v1/audio/transcriptions').headers.authorization).toBe('Bearer test-key');
  });

  it('runs fal.ai models through the queue: submit, poll, result, download', async () => {
    const fal = { queueUrl: base, apiKey: 'fal-key', pollMs: 10 };
    const image = await new FalImages(fal, 'fal-ai/flux-pro/kontext/text-to-image').generate({
      prompt: 'a cat',
      width: 1080,
      height: 1920,
      seed: 's',
    });
    expect(image).toMatchObject({ extension: 'png', width: 1, height: 1 });
    const submit = seen.find((s) => s.path === '/fal-ai/flux-pro/kontext/text-to-image')!;
    expect(submit.headers.authorization).toBe('Key fal-key');
    expect(JSON.parse(submit.body)).toEqual({
      prompt: 'a cat',
      image_size: 'portrait_16_9',
      num_images: 1,
    });
    // A character's reference picture goes to the model's reference variant.
    await new FalImages(fal, 'fal-ai/bytedance/seedream/v4/text-to-image').generate({
      prompt: 'Mia in a kitchen',
      width: 1920,
      height: 1080,
      seed: 's',
      characterImage: PNG,
    });
    const edit = seen.find((s) => s.path === '/fal-ai/bytedance/seedream/v4/edit')!;
    expect(JSON.parse(edit.body)).toEqual({
      prompt: 'Mia in a kitchen',
      image_size: 'landscape_16_9',
      num_images: 1,
      image_urls: [`data:image/png;base64,${PNG.toString('base64')}`],
    });
    await new FalImages(fal, 'fal-ai/flux-pro/kontext/text-to-image').generate({
      prompt: 'Mia',
      width: 1080,
      height: 1080,
      seed: 's',
      characterImage: PNG,
    });
    const kontext = JSON.parse(seen.find((s) => s.path === '/fal-ai/flux-pro/kontext')!.body) as {
      image_url: string;
    };
    expect(kontext.image_url).toMatch(/^data:image\/png;base64,/);
    const clip = await new FalVideo(fal, 'fal-ai/kling-video/v2.1/standard/image-to-video').animate(
      {
        image: { bytes: PNG, extension: 'png' },
        prompt: 'slow pan',
        durationSeconds: 6,
        aspectRatio: '16:9',
      },
    );
    expect(clip?.bytes.toString()).toBe('fake mp4');
    const videoSubmit = JSON.parse(
      seen.find((s) => s.path.startsWith('/fal-ai/kling'))!.body,
    ) as Record<string, string>;
    expect(videoSubmit).toMatchObject({ duration: '10', aspect_ratio: '16:9' });
    expect(videoSubmit.image_url).toMatch(/^data:image\/png;base64,/);
  });

  it('configures providers from the environment, local ones otherwise', () => {
    const local = providersFromEnv({});
    expect([
      local.writer.name,
      local.image.name,
      local.video.name,
      local.speech.name,
      local.music.name,
    ]).toEqual([
      'local-writer',
      'local-illustrator',
      'local-motion',
      'local-voice:rhvoice',
      'local-music',
    ]);
    const cloud = providersFromEnv({
      OPENAI_BASE_URL: `${base}/v1`,
      FAL_KEY: 'k',
      IMAGE_MODEL: 'seedream4',
      VIDEO_MODEL: 'kling2.1',
      ELEVENLABS_API_KEY: 'e',
    });
    expect([cloud.writer.name, cloud.image.name, cloud.video.name, cloud.speech.name]).toEqual([
      'openai-chat:gpt-4o-mini',
      'fal:fal-ai/bytedance/seedream/v4/text-to-image',
      'fal:fal-ai/kling-video/v2.1/standard/image-to-video',
      'elevenlabs',
    ]);
    expect(availableModels({ fal: false, openai: true })).toEqual({ image: ['gpt'], video: [] });
  });
});
