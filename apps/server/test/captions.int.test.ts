import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_CREDIT_TYPE,
  captionDetectionCredits,
  MESSAGES,
  type GenerateCaptionRequest,
  type GenerateCaptionResponse,
} from '@storyloom/core';
import { runTool, textWords } from '@storyloom/pipeline';
import { wordAccuracy } from '@storyloom/pipeline/test-speech';
import { CreditLedger } from '../src/generation/credit-ledger.js';
import { newBlobKey } from '../src/storage/blob-store.js';
import { signUp, startTestServer, type TestServer } from './helpers.js';

/**
 * A known sentence read by RHVoice's evgeniy-eng, a voice Storyloom never uses for its own
 * voice-overs, with one second of silence before and after: the speech lies within 1 s and
 * duration − 1 s.
 */
const SENTENCE =
  'Every great journey begins with a single step. We walked along the river to the old village.';
const LEAD_SECONDS = 1;

async function unseenVoiceWav(): Promise<{ wav: Buffer; seconds: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storyloom-caption-voice-'));
  try {
    const raw = path.join(dir, 'voice.wav');
    const padded = path.join(dir, 'padded.wav');
    await runTool('RHVoice-test', ['-p', 'evgeniy-eng', '-o', raw], { input: SENTENCE });
    await runTool('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      raw,
      '-af',
      'adelay=1000,apad=pad_dur=1',
      padded,
    ]);
    const seconds = Number(
      (
        await runTool('ffprobe', [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'csv=p=0',
          padded,
        ])
      ).toString(),
    );
    return { wav: await readFile(padded), seconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('POST /stories/generate_caption', () => {
  let server: TestServer;
  let speech: { wav: Buffer; seconds: number };
  beforeAll(async () => {
    [server, speech] = await Promise.all([startTestServer('pglite'), unseenVoiceWav()]);
  });
  afterAll(() => server?.stop());

  /** Stores bytes as an upload of `userId` and answers a request with one voice-over item. */
  async function requestFor(
    userId: string,
    bytes: Buffer,
    seconds: number,
  ): Promise<GenerateCaptionRequest> {
    const key = newBlobKey('uploads', 'wav');
    await server.ctx.blobs.put(key, bytes);
    await server.ctx.media.record({ key, userId, kind: 'upload', bytes: bytes.length });
    const frames = Math.round(seconds * 30);
    return {
      tracks: [
        {
          id: 'voice-track',
          type: 'audio',
          subtype: 'voiceover',
          name: 'Voice-over',
          items: [
            {
              id: 'voice-item',
              type: 'audio',
              mediaAssetId: 'voice-asset',
              startTimeInFrames: 60,
              durationInFrames: frames,
              sourceTrimStartFrames: 0,
              sourceTrimEndFrames: frames,
              speed: 1,
              volume: 1,
            },
          ],
        },
      ],
      mediaAssets: [
        {
          id: 'voice-asset',
          title: 'My voice-over',
          url: server.ctx.blobs.url(key),
          resource_type: 'audio',
          subtype: 'voiceover',
          source: 'user_upload',
          metadata: { duration: seconds },
        },
      ],
      globalConfig: { fps: 30 },
    };
  }

  it('recognises speech it has never heard, places it in time and charges per started minute', async () => {
    const user = await signUp(server.baseUrl);
    const ledger = new CreditLedger(server.ctx.database.db);
    const before = await ledger.balance(user.id);
    const res = await user.client.post(
      '/stories/generate_caption',
      await requestFor(user.id, speech.wav, speech.seconds),
    );
    expect(res.status).toBe(200);
    const body = res.body as GenerateCaptionResponse;
    expect(body.success).toBe(true);
    const track = body.captions!['voice-track']!;
    expect(track.type).toBe('caption');
    const heard = track.items.flatMap((item) => textWords(item.caption!.data.text));
    expect(wordAccuracy(textWords(SENTENCE), heard)).toBeGreaterThanOrEqual(0.8);
    // The item starts at frame 60: speech (1 s into the file) starts at frame 90 at the earliest.
    for (const item of track.items) {
      expect(item.startTimeInFrames).toBeGreaterThanOrEqual(60 + (LEAD_SECONDS - 0.2) * 30);
      expect(item.startTimeInFrames + item.durationInFrames).toBeLessThanOrEqual(
        60 + (speech.seconds - LEAD_SECONDS + 0.2) * 30,
      );
    }
    const charge = (await ledger.entries(user.id)).find(
      (e) => e.creditType === CAPTION_CREDIT_TYPE,
    );
    expect(charge?.amount).toBe(-captionDetectionCredits(speech.seconds));
    expect(await ledger.balance(user.id)).toBe(before - captionDetectionCredits(speech.seconds));
  });

  it("refuses another user's media and charges nothing", async () => {
    const owner = await signUp(server.baseUrl, 'Owner');
    const other = await signUp(server.baseUrl, 'Other');
    const ledger = new CreditLedger(server.ctx.database.db);
    const before = await ledger.balance(other.id);
    const res = await other.client.post(
      '/stories/generate_caption',
      await requestFor(owner.id, speech.wav, speech.seconds),
    );
    expect(res.status).toBe(400);
    expect(await ledger.balance(other.id)).toBe(before);
  });

  it('gives the credits back when detection fails', async () => {
    const user = await signUp(server.baseUrl, 'Unlucky');
    const ledger = new CreditLedger(server.ctx.database.db);
    const before = await ledger.balance(user.id);
    const res = await user.client.post(
      '/stories/generate_caption',
      await requestFor(user.id, Buffer.from('not audio at all'), 5),
    );
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.editor.captionFailed });
    expect(await ledger.balance(user.id)).toBe(before);
    const kinds = (await ledger.entries(user.id))
      .filter((e) => e.creditType === CAPTION_CREDIT_TYPE)
      .map((e) => e.kind);
    expect(kinds.sort()).toEqual(['charge', 'refund']);
  });

  it('validates the body with bounds', async () => {
    const user = await signUp(server.baseUrl, 'Bounds');
    const res = await user.client.post('/stories/generate_caption', {
      tracks: [],
      mediaAssets: [],
      globalConfig: { fps: 30 },
    });
    expect(res.status).toBe(400);
  });
});
