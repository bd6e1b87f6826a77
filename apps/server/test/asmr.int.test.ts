import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderedShots, type VideoEditorTimeline } from '@storyloom/core';
import { ASMR_SHOT_SECONDS } from '@storyloom/pipeline';
import { spectralCentroid } from '@storyloom/pipeline/test-measures';
import { integratedLoudness, probe } from '@storyloom/render/test-inspect';
import { finishRun, signUp, startTestServer, type TestServer } from './helpers.js';

const run = promisify(execFile);

/** The soundtrack of a video as mono samples at 44.1 kHz. */
async function soundOf(file: string): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '44100', '-f', 'f32le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}

/**
 * ASMR videos (issue 12 part 3): a request in two styles makes two finished stories whose
 * videos have the requested number of shots and each its style's ambience, heard and distinct.
 */
describe('ASMR videos', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-asmr-'));
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function make(style: string, scene: string, shots: number) {
    const { client } = await signUp(server.baseUrl);
    const started = await client.post('/stories/workflow/generate_asmr_video', {
      script_content: scene,
      asmr_type: style,
      num_shots: shots,
      aspect_ratio: '9:16',
      background_music: null,
    });
    expect(started.status).toBe(200);
    const poll = await finishRun(client, (started.body as { workflowRunId: string }).workflowRunId);
    expect(poll).toMatchObject({ status: 'RUN_SUCCESS' });
    const story = poll.output.story!;
    const video = await client.request('GET', story.last_export_url!);
    const file = path.join(dir, `${style}.mp4`);
    writeFileSync(file, Buffer.from(await video.arrayBuffer()));
    return { story, file, client };
  }

  it('makes each style with its shots and its own ambience', async () => {
    const [keyboard, steps] = await Promise.all([
      make('Keyboard', 'Hands typing on a keyboard like Crystal', 3),
      make('Upstairs', 'Stepping on Glass', 4),
    ]);
    for (const [made, shots] of [
      [keyboard, 3],
      [steps, 4],
    ] as const) {
      expect(made.story).toMatchObject({ status: 'completed', category_id: 'asmr_video' });
      expect(orderedShots(made.story.storyboard!.shots_map)).toHaveLength(shots);
      const timeline = made.story.video_editor_timeline as VideoEditorTimeline;
      expect(timeline.tracks.find((t) => t.isPrimary)!.items).toHaveLength(shots);
      const probed = await probe(made.file);
      // 9:16, scaled to the test servers' 640 px export side.
      expect(probed.video).toMatchObject({ width: 360, height: 640 });
      expect(probed.duration).toBeCloseTo(shots * ASMR_SHOT_SECONDS, 0);
      expect(probed.audio).not.toBeNull();
      // Heard: well above silence.
      expect(await integratedLoudness(made.file)).toBeGreaterThan(-40);
    }
    const bright = spectralCentroid(await soundOf(keyboard.file), 44_100);
    const dark = spectralCentroid(await soundOf(steps.file), 44_100);
    console.log('ASMR soundtracks, spectral centroid:', { keyboard: bright, upstairs: dark });
    expect(bright).toBeGreaterThan(3 * dark);
  }, 300_000);

  it('refuses a scene whose material is not filled in, and a shot count outside 3–8', async () => {
    const { client } = await signUp(server.baseUrl);
    const ask = (body: Record<string, unknown>) =>
      client.post('/stories/workflow/generate_asmr_video', {
        script_content: 'A knife cutting Fruit',
        asmr_type: 'Cutting',
        ...body,
      });
    expect((await ask({ script_content: 'A knife cutting Material Object' })).status).toBe(400);
    expect((await ask({ num_shots: 9 })).status).toBe(400);
    expect((await ask({ num_shots: 2 })).status).toBe(400);
    expect((await ask({ asmr_type: 'Whisper' })).status).toBe(400);
  });
});
