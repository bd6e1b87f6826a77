import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { encodeWav } from '../local/wav';
import { providersFromEnv } from './cloud-providers';
import { ComfyUiImages, ComfyUiVideo } from './comfyui-providers';
import { ProviderError } from './http-json';

const run = promisify(execFile);

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A fake ComfyUI (HTTP + websocket, in ComfyUI's shapes), a fake Kokoro-FastAPI speech server
 * and a fake Ollama, in one server that records what it was sent.
 */
function fakeGpuServers(frames: Buffer[]) {
  const seen: Seen[] = [];
  const sockets = new Map<string, WebSocket>();
  const history: Record<string, unknown> = {};
  const mode = { websocket: true, fail: false, pollsBeforeDone: 0 };
  let polls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake');
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/upload/image')
        return json(200, { name: 'shot.png', subfolder: '', type: 'input' });
      if (url.pathname === '/prompt') {
        const request = JSON.parse(body.toString()) as {
          prompt: Record<string, { class_type: string }>;
          client_id: string;
        };
        const promptId = `prompt-${seen.length}`;
        const video = Object.values(request.prompt).some((n) => n.class_type === 'LoadImage');
        const files = video
          ? frames.map((_, i) => ({ filename: `frame_${i}.png`, subfolder: '', type: 'output' }))
          : [{ filename: 'storyloom_00001_.png', subfolder: 'out', type: 'output' }];
        const socket = sockets.get(request.client_id);
        setTimeout(() => {
          if (mode.fail) {
            history[promptId] = {
              outputs: {},
              status: {
                status_str: 'error',
                completed: false,
                messages: [['execution_error', { exception_message: 'CUDA out of memory' }]],
              },
            };
            socket?.send(
              JSON.stringify({
                type: 'execution_error',
                data: {
                  prompt_id: promptId,
                  node_type: 'KSampler',
                  exception_message: 'CUDA out of memory',
                },
              }),
            );
            return;
          }
          history[promptId] = {
            outputs: { '9': { images: files } },
            status: { status_str: 'success', completed: true, messages: [] },
          };
          socket?.send(
            JSON.stringify({ type: 'progress', data: { value: 10, max: 20, prompt_id: promptId } }),
          );
          socket?.send(
            JSON.stringify({ type: 'executing', data: { node: '3', prompt_id: promptId } }),
          );
          socket?.send(
            JSON.stringify({ type: 'executing', data: { node: null, prompt_id: promptId } }),
          );
        }, 50);
        return json(200, { prompt_id: promptId, number: 1, node_errors: {} });
      }
      if (url.pathname.startsWith('/history/')) {
        const id = decodeURIComponent(url.pathname.slice('/history/'.length));
        polls++;
        if (!mode.websocket && polls <= mode.pollsBeforeDone) return json(200, {});
        return json(200, id in history ? { [id]: history[id] } : {});
      }
      if (url.pathname === '/view') {
        const name = url.searchParams.get('filename') ?? '';
        const frame = /^frame_(\d+)\.png$/.exec(name);
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(frame ? frames[Number(frame[1])] : frames[0]);
      }
      if (url.pathname === '/v1/audio/speech') {
        const samples = new Float32Array(24000);
        for (let i = 4800; i < 16800; i++)
          samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / 24000);
        res.writeHead(200, { 'content-type': 'audio/wav' });
        return res.end(encodeWav({ sampleRate: 24000, samples }));
      }
      if (url.pathname === '/v1/chat/completions') {
        const content = JSON.stringify({
          shots: [{ script: 'A fox runs.', image_prompt: 'a red fox running in snow' }],
        });
        return json(200, { choices: [{ index: 0, message: { role: 'assistant', content } }] });
      }
      json(404, { error: 'not found' });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!mode.websocket || url.pathname !== '/ws') return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(url.searchParams.get('clientId') ?? '', ws);
      ws.send(
        JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } } } }),
      );
    });
  });
  return { server, wss, seen, sockets, mode, resetPolls: () => (polls = 0) };
}

describe('GPU servers of the operator', () => {
  let fake: ReturnType<typeof fakeGpuServers>;
  let base: string;
  let dir: string;
  const last = (p: string) => [...fake.seen].reverse().find((s) => s.path.startsWith(p))!;
  const style = { value: 'watercolor', description: 'soft watercolour', avoidTerms: 'photo' };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-gpu-'));
    const frames: Buffer[] = [];
    for (let i = 0; i < 6; i++) {
      const file = path.join(dir, `f${i}.png`);
      await run('ffmpeg', [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `color=c=0x${(i * 40).toString(16).padStart(2, '0')}4080:s=320x180:d=1`,
        '-frames:v',
        '1',
        file,
      ]);
      frames.push(readFileSync(file));
    }
    fake = fakeGpuServers(frames);
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    fake.wss.close();
    await new Promise((resolve) => fake.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('draws through a ComfyUI workflow: placeholders filled, followed on the websocket, output fetched', async () => {
    fake.mode.websocket = true;
    const images = new ComfyUiImages({ baseUrl: base });
    const media = await images.generate({
      prompt: 'a lighthouse at dusk',
      style,
      width: 1920,
      height: 1080,
      seed: 'shot-001',
    });
    expect(images.name).toBe('comfyui:text-to-image');
    expect(media.extension).toBe('png');
    expect(media.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const queued = JSON.parse(last('/prompt').body.toString()) as {
      client_id: string;
      prompt: Record<string, { inputs: Record<string, unknown> }>;
    };
    expect(fake.sockets.has(queued.client_id)).toBe(true);
    const graph = queued.prompt;
    expect(graph['6']!.inputs.text).toBe('a lighthouse at dusk, soft watercolour');
    expect(graph['7']!.inputs.text).toContain('photo');
    const { width, height } = graph['5']!.inputs as { width: number; height: number };
    expect([width % 64, height % 64]).toEqual([0, 0]);
    expect(width / height).toBeCloseTo(16 / 9, 1);
    expect(typeof graph['3']!.inputs.seed).toBe('number');
    // The same shot gets the same seed.
    await images.generate({ prompt: 'x', style, width: 1920, height: 1080, seed: 'shot-001' });
    const again = JSON.parse(last('/prompt').body.toString()) as typeof queued;
    expect(again.prompt['3']!.inputs.seed).toBe(graph['3']!.inputs.seed);
    expect(last('/view').path).toBe(
      '/view?filename=storyloom_00001_.png&subfolder=out&type=output',
    );
  });

  it("reports ComfyUI's execution error with the node and the server's message", async () => {
    fake.mode.fail = true;
    try {
      const failing = new ComfyUiImages({ baseUrl: base }).generate({
        prompt: 'a cat',
        style,
        width: 1024,
        height: 1024,
        seed: 's',
      });
      await expect(failing).rejects.toBeInstanceOf(ProviderError);
      await expect(failing).rejects.toThrow('KSampler failed: CUDA out of memory');
      // Without the websocket, the history tells the same failure.
      fake.mode.websocket = false;
      await expect(
        new ComfyUiImages({ baseUrl: base }).generate({
          prompt: 'a cat',
          style,
          width: 1024,
          height: 1024,
          seed: 's',
        }),
      ).rejects.toThrow('CUDA out of memory');
    } finally {
      fake.mode.fail = false;
      fake.mode.websocket = true;
    }
  });

  it('polls the history when the websocket is not there', async () => {
    fake.mode.websocket = false;
    fake.mode.pollsBeforeDone = 2;
    fake.resetPolls();
    try {
      const media = await new ComfyUiImages({ baseUrl: base }).generate({
        prompt: 'a boat',
        style,
        width: 1080,
        height: 1920,
        seed: 'shot-002',
      });
      expect(media.bytes.length).toBeGreaterThan(0);
      expect(fake.seen.filter((s) => s.path.startsWith('/history/')).length).toBeGreaterThanOrEqual(
        3,
      );
    } finally {
      fake.mode.websocket = true;
    }
  });

  it('animates a picture: uploads it, names it in the workflow, encodes the frames into an MP4', async () => {
    const clips = new ComfyUiVideo({ baseUrl: base }, 6);
    const clip = await clips.animate({
      image: { bytes: Buffer.from('picture-bytes'), extension: 'png' },
      prompt: 'slow pan',
      durationSeconds: 5,
      aspectRatio: '16:9',
    });
    expect(clip?.extension).toBe('mp4');
    expect(last('/upload/image').body.includes(Buffer.from('picture-bytes'))).toBe(true);
    const graph = (
      JSON.parse(last('/prompt').body.toString()) as {
        prompt: Record<string, { inputs: Record<string, unknown> }>;
      }
    ).prompt;
    expect(graph['2']!.inputs.image).toBe('shot.png');
    expect(graph['3']!.inputs).toMatchObject({
      width: 1024,
      height: 576,
      video_frames: 30,
      fps: 6,
    });
    const file = path.join(dir, 'clip.mp4');
    writeFileSync(file, clip!.bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames,width,height',
      '-of',
      'csv=p=0',
      file,
    ]);
    expect(stdout.trim()).toBe('320,180,6');
  });

  it('configures ComfyUI, a Kokoro speech server and Ollama by URL', async () => {
    const providers = providersFromEnv({
      COMFYUI_URL: base,
      OPENAI_SPEECH_URL: `${base}/v1`,
      OPENAI_SPEECH_VOICES: 'auto=af_sky',
      OLLAMA_URL: base,
      OLLAMA_MODEL: 'qwen2.5',
    });
    expect(providers.image.name).toBe('comfyui:text-to-image');
    expect(providers.video.name).toBe('comfyui:image-to-video');
    expect(providers.writer.name).toBe('ollama:qwen2.5');
    expect(providers.speech.name).toBe('openai-speech:kokoro');

    const shots = await providers.writer.storyboard({ script: 'A fox runs.', style });
    expect(shots[0]!.image_prompt).toBe('a red fox running in snow');
    const chat = JSON.parse(last('/v1/chat/completions').body.toString()) as Record<
      string,
      unknown
    >;
    expect(chat).toMatchObject({ model: 'qwen2.5', response_format: { type: 'json_object' } });

    for (const [key, voice] of [
      ['storyteller', 'bm_george'],
      ['auto', 'af_sky'],
    ] as const) {
      const spoken = await providers.speech.speak({
        phrases: ['Hello there.'],
        voice: key,
        leadSeconds: 0.1,
        tailSeconds: 0.1,
        fps: 30,
      });
      expect(spoken.phrases).toHaveLength(1);
      const request = last('/v1/audio/speech');
      expect(JSON.parse(request.body.toString())).toMatchObject({
        model: 'kokoro',
        voice,
        input: 'Hello there.',
        response_format: 'wav',
      });
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(() =>
      providersFromEnv({ OPENAI_SPEECH_URL: base, OPENAI_SPEECH_VOICES: 'nobody=x' }),
    ).toThrow("Unknown voice mapping 'nobody=x'");
  });
});
