import type { ActionVideoProvider, GeneratedMedia } from '../provider-types';
import { z } from 'zod';
import { httpBytes, httpJson, ProviderError } from './http-json';

export interface RunwayConfig {
  /** https://api.dev.runwayml.com unless told. */
  baseUrl: string;
  apiKey: string;
  /** How often the task is polled; 5 s unless told. */
  pollMs?: number;
  /** How long a task may take before the call gives up; 10 minutes unless told. */
  timeoutMs?: number;
}

const API_VERSION = '2024-11-06';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogg: 'video/ogg',
};

const dataUri = (bytes: Buffer, extension: string) =>
  `data:${MIME[extension] ?? 'application/octet-stream'};base64,${bytes.toString('base64')}`;

/** The fields we read of a started task. */
const startedTaskSchema = z.object({ id: z.string() });

/** The fields we read of a task's state. */
const runwayTaskSchema = z.object({
  // PENDING, THROTTLED, RUNNING, SUCCEEDED, FAILED, CANCELLED (a newer one: still going)
  status: z.string(),
  output: z.array(z.string()).optional(),
  failure: z.string().optional(),
});

/**
 * Runway's Act-Two (model `act_two`, shown as runway-act2): `POST /v1/character_performance`
 * with the character (image or video) and the reference performance as data URIs, then
 * `GET /v1/tasks/{id}` until the task succeeds, and the output video downloaded.
 */
export class RunwayActTwo implements ActionVideoProvider {
  readonly name = 'runway-act2';

  constructor(private readonly config: RunwayConfig) {}

  async perform(input: Parameters<ActionVideoProvider['perform']>[0]): Promise<GeneratedMedia> {
    const base = this.config.baseUrl.replace(/\/$/, '');
    const headers = {
      authorization: `Bearer ${this.config.apiKey}`,
      'x-runway-version': API_VERSION,
    };
    const provider = this.name;
    const { id } = await httpJson(
      `${base}/v1/character_performance`,
      {
        provider,
        headers,
        json: {
          model: 'act_two',
          character: {
            type: input.character.type,
            uri: dataUri(input.character.bytes, input.character.extension),
          },
          reference: {
            type: 'video',
            uri: dataUri(input.reference.bytes, input.reference.extension),
          },
          ratio: `${input.width}:${input.height}`,
          bodyControl: true,
          expressionIntensity: input.expressionIntensity,
        },
      },
      startedTaskSchema,
    );
    const until = Date.now() + (this.config.timeoutMs ?? 600_000);
    for (;;) {
      input.signal?.throwIfAborted();
      const task = await httpJson(
        `${base}/v1/tasks/${encodeURIComponent(id)}`,
        { provider, headers },
        runwayTaskSchema,
      );
      if (task.status === 'SUCCEEDED') {
        const url = task.output?.[0];
        if (!url) throw new ProviderError(provider, 502, 'The task succeeded without a video');
        return {
          bytes: await httpBytes(url, { provider }),
          extension: 'mp4',
          width: input.width,
          height: input.height,
        };
      }
      if (task.status === 'FAILED' || task.status === 'CANCELLED')
        throw new ProviderError(provider, 502, task.failure ?? `The task was ${task.status}`);
      if (Date.now() > until) throw new ProviderError(provider, 504, 'The task took too long');
      await new Promise((resolve) => setTimeout(resolve, this.config.pollMs ?? 5000));
    }
  }
}
