import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { runTool } from '../local/run-tool';
import type { GeneratedMedia, ImageProvider, StyleChoice, VideoProvider } from '../provider-types';
import textToImage from './comfyui/text-to-image.json';
import imageToVideo from './comfyui/image-to-video.json';
import { z } from 'zod';
import { httpBytes, httpJson, ProviderError } from './http-json';

/**
 * A ComfyUI server (a GPU box of the operator's) through its HTTP and websocket API: queue a
 * workflow (POST /prompt with a client id), follow it on /ws?clientId= (`progress`,
 * `executing` with node null when done, `execution_error`), falling back to polling
 * GET /history/{id}, then fetch the outputs with GET /view. Workflows are ComfyUI's API-format
 * JSON; every string value that is exactly a placeholder is filled: `{{prompt}}`,
 * `{{negative_prompt}}`, `{{seed}}`, `{{width}}`, `{{height}}`, and for video `{{image}}` (the
 * uploaded picture's name), `{{frames}}` and `{{fps}}`. Numbers are filled as numbers.
 */
export interface ComfyUiEndpoint {
  /** e.g. http://gpu-box:8188 */
  baseUrl: string;
  /** Paths of API-format workflows replacing the shipped ones. */
  imageWorkflow?: string | undefined;
  videoWorkflow?: string | undefined;
  /** How long one workflow may take (default 10 minutes). */
  timeoutMs?: number | undefined;
}

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;
type Fill = Record<string, string | number>;

export function loadWorkflow(file: string): Workflow {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${file} is not a ComfyUI API-format workflow`);
  return parsed as Workflow;
}

/** The workflow with its placeholders filled (a copy). */
export function fillWorkflow(workflow: Workflow, fill: Fill): Workflow {
  const value = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const m = /^\{\{(\w+)\}\}$/.exec(v);
      if (m && m[1]! in fill) return fill[m[1]!];
      return v;
    }
    if (Array.isArray(v)) return v.map(value);
    return v;
  };
  return Object.fromEntries(
    Object.entries(workflow).map(([id, node]) => [
      id,
      {
        ...node,
        inputs: Object.fromEntries(Object.entries(node.inputs).map(([k, v]) => [k, value(v)])),
      },
    ]),
  );
}

/** A stable numeric seed from the shot's seed text (ComfyUI seeds are integers). */
function numericSeed(seed: string): number {
  let hash = 2166136261;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** An output file a workflow node reports. */
const outputFileSchema = z.object({
  filename: z.string().min(1),
  subfolder: z.string(),
  type: z.string(),
});
type OutputFile = z.infer<typeof outputFileSchema>;

/** The fields we read of a prompt's history: its nodes' outputs and its status. */
const historySchema = z.record(
  z.string(),
  z.object({
    outputs: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
    status: z
      .object({
        status_str: z.string().optional(),
        completed: z.boolean().optional(),
        messages: z.array(z.tuple([z.string(), z.unknown()])).optional(),
      })
      .optional(),
  }),
);

const uploadAnswerSchema = z.object({ name: z.string(), subfolder: z.string().optional() });
const queuedAnswerSchema = z.object({ prompt_id: z.string() });
const executionErrorSchema = z.object({ exception_message: z.string().optional() });

/** A progress message on the websocket (the fields we read). */
const socketMessageSchema = z.object({
  type: z.string().optional(),
  data: z
    .object({
      prompt_id: z.string().optional(),
      node: z.string().nullable().optional(),
      node_type: z.string().optional(),
      exception_message: z.string().optional(),
    })
    .optional(),
});

class ComfyUiClient {
  readonly clientId = randomUUID();
  constructor(
    private readonly endpoint: ComfyUiEndpoint,
    private readonly provider: string,
  ) {}

  private url(pathAndQuery: string) {
    return `${this.endpoint.baseUrl.replace(/\/$/, '')}${pathAndQuery}`;
  }

  async upload(bytes: Buffer, name: string): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)]), name);
    form.append('overwrite', 'true');
    const answer = await httpJson(
      this.url('/upload/image'),
      { provider: this.provider, body: form },
      uploadAnswerSchema,
    );
    return answer.subfolder ? `${answer.subfolder}/${answer.name}` : answer.name;
  }

  /** Runs a workflow to its end and returns its output files, in node order. */
  async run(workflow: Workflow): Promise<OutputFile[]> {
    const timeoutMs = this.endpoint.timeoutMs ?? 10 * 60_000;
    const socket = await this.connect().catch(() => null);
    try {
      const queued = await httpJson(
        this.url('/prompt'),
        { provider: this.provider, json: { prompt: workflow, client_id: this.clientId } },
        queuedAnswerSchema,
      );
      const promptId = queued.prompt_id;
      if (socket) await this.follow(socket, promptId, timeoutMs);
      return await this.outputs(promptId, socket ? 10_000 : timeoutMs);
    } finally {
      socket?.close();
    }
  }

  private connect(): Promise<WebSocket> {
    const wsUrl = this.url(`/ws?clientId=${this.clientId}`).replace(/^http/, 'ws');
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error('no websocket'));
      }, 5000);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Waits for `executing` with node null (done) or `execution_error` for this prompt. */
  private follow(socket: WebSocket, promptId: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ProviderError(this.provider, 504, 'the workflow took too long')),
        timeoutMs,
      );
      const done = (error?: Error) => {
        clearTimeout(timer);
        socket.off('message', onMessage);
        if (error) reject(error);
        else resolve();
      };
      const onMessage = (raw: WebSocket.RawData, binary: boolean) => {
        if (binary) return; // preview images
        let json: unknown;
        try {
          json = JSON.parse(Buffer.from(raw as Buffer).toString('utf8'));
        } catch {
          return;
        }
        // Messages of other kinds (or other versions) are not ours to follow.
        const parsed = socketMessageSchema.safeParse(json);
        if (!parsed.success) return;
        const message = parsed.data;
        const data = message.data ?? {};
        if (data.prompt_id !== undefined && data.prompt_id !== promptId) return;
        if (message.type === 'executing' && data.node === null) done();
        else if (message.type === 'execution_error')
          done(
            new ProviderError(
              this.provider,
              500,
              `${data.node_type ?? 'a node'} failed: ${data.exception_message ?? 'execution error'}`,
            ),
          );
      };
      socket.on('message', onMessage);
      // A closed socket leaves the history to tell when it is done.
      socket.once('close', () => done());
    });
  }

  private async outputs(promptId: string, timeoutMs: number): Promise<OutputFile[]> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const history = await httpJson(
        this.url(`/history/${encodeURIComponent(promptId)}`),
        { provider: this.provider },
        historySchema,
      );
      const entry = history[promptId];
      if (entry?.status?.status_str === 'error') {
        const failure = executionErrorSchema.safeParse(
          entry.status.messages?.find(([kind]) => kind === 'execution_error')?.[1],
        ).data;
        throw new ProviderError(
          this.provider,
          500,
          failure?.exception_message ?? 'the workflow failed',
        );
      }
      if (entry?.outputs && (entry.status?.completed ?? true)) {
        const files = Object.keys(entry.outputs)
          .sort((a, b) => Number(a) - Number(b))
          .flatMap((node) =>
            Object.values(entry.outputs![node]!).flatMap((list) =>
              Array.isArray(list)
                ? list.flatMap((f) => {
                    const file = outputFileSchema.safeParse(f);
                    return file.success ? [file.data] : [];
                  })
                : [],
            ),
          );
        if (files.length === 0) throw new ProviderError(this.provider, 500, 'no output files');
        return files;
      }
      if (Date.now() > until)
        throw new ProviderError(this.provider, 504, 'the workflow took too long');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }

  fetch(file: OutputFile): Promise<Buffer> {
    const query = new URLSearchParams({
      filename: file.filename,
      subfolder: file.subfolder,
      type: file.type,
    });
    return httpBytes(this.url(`/view?${query.toString()}`), { provider: this.provider });
  }
}

const negativeOf = (style: StyleChoice) =>
  ['blurry, low quality, watermark, text', style.avoidTerms].filter(Boolean).join(', ');

/** Pictures from a ComfyUI text-to-image workflow (SDXL by default). */
export class ComfyUiImages implements ImageProvider {
  readonly name: string;
  private readonly workflow: Workflow;
  constructor(private readonly endpoint: ComfyUiEndpoint) {
    const file = endpoint.imageWorkflow;
    this.workflow = file ? loadWorkflow(file) : textToImage;
    this.name = `comfyui:${file ? path.basename(file, '.json') : 'text-to-image'}`;
  }

  async generate(input: {
    prompt: string;
    style: StyleChoice;
    width: number;
    height: number;
    seed: string;
  }): Promise<GeneratedMedia> {
    // Diffusion models want sides that are multiples of 64, around a megapixel.
    const scale = Math.sqrt((1024 * 1024) / (input.width * input.height));
    const side = (v: number) => Math.max(64, Math.round((v * scale) / 64) * 64);
    const client = new ComfyUiClient(this.endpoint, this.name);
    const files = await client.run(
      fillWorkflow(this.workflow, {
        prompt: `${input.prompt}, ${input.style.description}`,
        negative_prompt: negativeOf(input.style),
        seed: numericSeed(input.seed),
        width: side(input.width),
        height: side(input.height),
      }),
    );
    const picture = files.find((f) => /\.(png|jpe?g|webp)$/i.test(f.filename)) ?? files[0]!;
    return {
      bytes: await client.fetch(picture),
      extension: /\.jpe?g$/i.test(picture.filename) ? 'jpg' : 'png',
    };
  }
}

/**
 * Motion clips from a ComfyUI image-to-video workflow (Stable Video Diffusion by default):
 * the shot's picture is uploaded, the workflow's video file is used as it is, or its frames
 * are encoded into an MP4.
 */
export class ComfyUiVideo implements VideoProvider {
  readonly name: string;
  private readonly workflow: Workflow;
  constructor(
    private readonly endpoint: ComfyUiEndpoint,
    private readonly fps = 8,
  ) {
    const file = endpoint.videoWorkflow;
    this.workflow = file ? loadWorkflow(file) : imageToVideo;
    this.name = `comfyui:${file ? path.basename(file, '.json') : 'image-to-video'}`;
  }

  async animate(input: {
    image: GeneratedMedia;
    prompt: string;
    durationSeconds: number;
    aspectRatio: string;
  }): Promise<GeneratedMedia | null> {
    const client = new ComfyUiClient(this.endpoint, this.name);
    const name = await client.upload(
      input.image.bytes,
      `storyloom-${client.clientId}.${input.image.extension}`,
    );
    const portrait = input.aspectRatio === '9:16';
    const frames = Math.max(8, Math.min(48, Math.round(input.durationSeconds * this.fps)));
    const files = await client.run(
      fillWorkflow(this.workflow, {
        image: name,
        prompt: input.prompt,
        negative_prompt: 'blurry, low quality, watermark, text',
        seed: numericSeed(name),
        width: portrait ? 576 : 1024,
        height: portrait ? 1024 : 576,
        frames,
        fps: this.fps,
      }),
    );
    const video = files.find((f) => /\.(mp4|webm|mov)$/i.test(f.filename));
    if (video) return { bytes: await client.fetch(video), extension: 'mp4' };
    const pictures = files.filter((f) => /\.(png|jpe?g)$/i.test(f.filename));
    if (pictures.length < 2) throw new ProviderError(this.name, 500, 'the workflow made no video');
    return {
      bytes: await encodeFrames(await Promise.all(pictures.map((f) => client.fetch(f))), this.fps),
      extension: 'mp4',
      durationSeconds: pictures.length / this.fps,
    };
  }
}

/** Encodes pictures (PNG or JPEG) into an H.264 MP4 at `fps`. */
async function encodeFrames(frames: Buffer[], fps: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-comfyui-'));
  try {
    const output = path.join(dir, 'clip.mp4');
    await runTool(
      'ffmpeg',
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'image2pipe'].concat(
        ['-framerate', String(fps), '-i', '-', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
        ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2', output],
      ),
      { input: Buffer.concat(frames), label: 'comfyui frames' },
    );
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
