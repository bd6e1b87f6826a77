import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type MediaAsset } from '@storyloom/core';
import { ANALYSIS_HEIGHT, ANALYSIS_WIDTH, motionPath } from '@storyloom/pipeline';
import { stories } from '../src/db/schema.js';
import { uploadMedia } from './character-fixtures.js';
import { signUp, startTestServer, type Client, type TestServer } from './helpers.js';

const run = promisify(execFile);
const ffmpeg = (args: string[]) =>
  run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'buffer',
  });

/** The content path of a video, as the local provider measures it: where its content went. */
async function contentTravel(file: string): Promise<{ dx: number; dy: number }> {
  const { stdout } = await ffmpeg([
    ...['-i', file, '-an', '-vf', `fps=24,scale=${ANALYSIS_WIDTH}:${ANALYSIS_HEIGHT},format=gray`],
    ...['-f', 'rawvideo', 'pipe:1'],
  ]);
  const frames = new Uint8Array(stdout);
  const count = Math.floor(frames.length / (ANALYSIS_WIDTH * ANALYSIS_HEIGHT));
  return motionPath(frames, ANALYSIS_WIDTH, ANALYSIS_HEIGHT, count).at(-1)!;
}

/**
 * Action videos (spec 3 §3, §5): uploads through the media pane's route, the request's rules
 * and messages, and the local motion transfer moving the character as the reference moves.
 */
describe('action videos', () => {
  let server: TestServer;
  let dir: string;
  let panning: Buffer;
  let tooShort: Buffer;
  let character: Buffer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'storyloom-action-'));
    // A camera panning left to right over a wide still test card: the content moves left.
    const card = path.join(dir, 'card.png');
    await ffmpeg([...['-f', 'lavfi', '-i', 'testsrc=s=1600x360:r=1:d=1'], '-frames:v', '1', card]);
    const pan = path.join(dir, 'pan.mp4');
    await ffmpeg([
      ...['-loop', '1', '-framerate', '24', '-t', '3', '-i', card],
      ...['-vf', "crop=640:360:x='t*220':y=0", '-c:v', 'libx264', '-pix_fmt', 'yuv420p', pan],
    ]);
    panning = readFileSync(pan);
    const short = path.join(dir, 'short.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=24:d=2'],
      '-c:v',
      'libx264',
      short,
    ]);
    tooShort = readFileSync(short);
    const still = path.join(dir, 'character.png');
    await ffmpeg([...['-f', 'lavfi', '-i', 'testsrc=s=480x640:r=1:d=1'], '-frames:v', '1', still]);
    character = readFileSync(still);
    server = await startTestServer('pglite');
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const upload = (client: Client, bytes: Buffer, name: string) => uploadMedia(client, bytes, name);

  it('moves the character the way the reference moves, into the story’s media', async () => {
    const { client } = await signUp(server.baseUrl);
    const image = await upload(client, character, 'hero.png');
    expect(image).toMatchObject({
      status: 200,
      body: { resource_type: 'image', metadata: { width: 480, height: 640 } },
    });
    const reference = await upload(client, panning, 'dance.mp4');
    expect(reference).toMatchObject({ status: 200, body: { resource_type: 'video' } });
    expect((reference.body.metadata as { duration: number }).duration).toBeCloseTo(3, 1);

    const story = (
      await client.post('/stories', { title: 'Dance', category_id: 'script_to_video' })
    ).body as { id: string };
    await server.ctx.database.db
      .update(stories)
      .set({
        videoEditorTimeline: {
          schemaVersion: 1,
          tracks: [],
          mediaAssets: [],
          globalConfig: {
            fps: 30,
            watermark: { enabled: true, type: 'storyloom' },
            captions: { enabled: true },
          },
        },
      })
      .where(eq(stories.id, story.id));

    const created = await client.post('/action-video/create', {
      characterUrl: `${server.baseUrl}${image.body.url as string}`,
      characterType: 'image',
      referenceUrl: `${server.baseUrl}${reference.body.url as string}`,
      referenceType: 'video',
      model: 'runway-act2',
      ratio: '1:1', // not in the list: 1280:720
      expressionIntensity: 3,
      story_id: story.id,
    });
    expect(created.status).toBe(200);
    const { workflowRunId } = created.body as { workflowRunId: string };
    let result: { status: string; output: { url?: string; error?: string } } | undefined;
    for (let i = 0; i < 300; i++) {
      result = (await client.post('/stories/workflow/status', { workflowRunIds: [workflowRunId] }))
        .body as typeof result;
      if (result!.status !== 'RUN_RUNNING') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(result).toMatchObject({ status: 'RUN_SUCCESS' });
    const video = await client.request('GET', result!.output.url!);
    expect(video.status).toBe(200);
    const made = path.join(dir, 'made.mp4');
    writeFileSync(made, Buffer.from(await video.arrayBuffer()));
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
      ...['-show_entries', 'format=duration', '-of', 'json', made],
    ]);
    const probed = JSON.parse(stdout) as {
      streams: { width: number; height: number }[];
      format: { duration: string };
    };
    expect(probed.streams[0]).toEqual({ width: 1280, height: 720 });
    expect(Number(probed.format.duration)).toBeCloseTo(3, 0);

    // The reference's content travels left; so does the character, and clearly.
    const referenceTravel = await contentTravel(path.join(dir, 'pan.mp4'));
    const madeTravel = await contentTravel(made);
    console.log('action video: content travel (analysis px)', { referenceTravel, madeTravel });
    expect(referenceTravel.dx).toBeLessThan(-20);
    expect(madeTravel.dx).toBeLessThan(-10);
    expect(Math.abs(madeTravel.dy)).toBeLessThan(Math.abs(madeTravel.dx) / 4);

    const [row] = await server.ctx.database.db
      .select()
      .from(stories)
      .where(eq(stories.id, story.id));
    const assets = (row!.videoEditorTimeline as { mediaAssets: MediaAsset[] }).mediaAssets;
    expect(assets).toEqual([
      expect.objectContaining({
        resource_type: 'video',
        url: result!.output.url,
        configs: { model: 'local-motion-transfer' },
      }),
    ]);
    expect(row!.isExportOutdated).toBe(true);
  }, 120_000);

  it("refuses bad requests with the spec's messages, and media that is not the user's", async () => {
    const { client } = await signUp(server.baseUrl);
    const other = await signUp(server.baseUrl, 'Other');
    const image = await upload(client, character, 'hero.png');
    const reference = await upload(client, panning, 'dance.mp4');
    const short = await upload(client, tooShort, 'short.mp4');
    const valid = {
      characterUrl: `${server.baseUrl}${image.body.url as string}`,
      characterType: 'image',
      referenceUrl: `${server.baseUrl}${reference.body.url as string}`,
      referenceType: 'video',
      model: 'runway-act2',
    };
    const refusal = async (body: unknown, as: Client = client) => {
      const res = await as.post('/action-video/create', body);
      return [res.status, (res.body as { message: string }).message];
    };
    const failed = MESSAGES.editor.validationFailed;
    expect(await refusal({ ...valid, characterUrl: 'not a url' })).toEqual([
      400,
      failed(MESSAGES.editor.invalidMediaUrl),
    ]);
    expect(await refusal({ ...valid, referenceUrl: 'nope' })).toEqual([
      400,
      failed(MESSAGES.editor.invalidVideoUrl),
    ]);
    expect(await refusal({ ...valid, model: 'gen3' })).toEqual([
      400,
      failed(MESSAGES.editor.invalidModel),
    ]);
    expect((await refusal({ ...valid, expressionIntensity: 6 }))[0]).toBe(400);
    expect(
      await refusal({ ...valid, referenceUrl: `${server.baseUrl}${short.body.url as string}` }),
    ).toEqual([400, MESSAGES.editor.referenceDuration]);
    // A picture used as the reference is not a video.
    expect(await refusal({ ...valid, referenceUrl: valid.characterUrl })).toEqual([
      400,
      MESSAGES.editor.referenceType,
    ]);
    // Someone else's media, or an address elsewhere, is never fetched.
    expect(await refusal(valid, other.client)).toEqual([400, MESSAGES.editor.invalidMediaUrl]);
    expect(
      await refusal({ ...valid, referenceUrl: 'http://169.254.169.254/latest/meta-data.mp4' }),
    ).toEqual([400, MESSAGES.editor.invalidVideoUrl]);
    // Uploads are told apart by their content, not their name.
    const renamed = await upload(client, Buffer.from('just some text, not a video'), 'fake.mp4');
    expect(renamed.status).toBe(400);
  }, 60_000);
});
