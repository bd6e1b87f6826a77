import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTION_CREDIT_TYPE,
  CAPTION_DETECTION_LIMITS,
  captionDetectionCredits,
  MESSAGES,
  type GenerateCaptionRequest,
  type GenerateCaptionResponse,
} from '@storyloom/core';
import { textWords, type TimedPhrase } from '@storyloom/pipeline';
import { unseenVoiceWav, wordAccuracy } from '@storyloom/pipeline/test-speech';
import { CreditLedger } from '../src/generation/credit-ledger.js';
import { newBlobKey } from '../src/storage/blob-store.js';
import { signUp, startTestServer, type TestServer } from './helpers.js';

/** A known sentence in a voice Storyloom never uses, with LEAD_SECONDS of silence around it. */
const SENTENCE =
  'Every great journey begins with a single step. We walked along the river to the old village.';
const LEAD_SECONDS = 1;

/**
 * A transcriber that counts its calls and hears one phrase from 0.1 s to 0.9 s of any file, or
 * fails when told to.
 */
const countingTranscriber = {
  name: 'counting',
  calls: 0,
  fail: false,
  transcribe(): Promise<TimedPhrase[]> {
    this.calls++;
    if (this.fail) return Promise.reject(new Error('The transcriber is down'));
    return Promise.resolve([{ text: 'Hello there', start: 0.1, end: 0.9 }]);
  },
};

describe('POST /stories/generate_caption', () => {
  let server: TestServer;
  let counting: TestServer;
  let speech: { wav: Buffer; seconds: number };
  beforeAll(async () => {
    [server, counting, speech] = await Promise.all([
      startTestServer('pglite'),
      startTestServer('pglite', { providers: { transcription: countingTranscriber } }),
      unseenVoiceWav(SENTENCE, LEAD_SECONDS),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await counting?.stop();
  });

  /** Stores bytes as an upload of `userId` and answers a request with one voice-over item. */
  async function requestFor(
    userId: string,
    bytes: Buffer,
    seconds: number,
    on: TestServer = server,
  ): Promise<GenerateCaptionRequest> {
    const key = newBlobKey('uploads', 'wav');
    await on.ctx.blobs.put(key, bytes);
    await on.ctx.media.record({ key, userId, kind: 'upload', bytes: bytes.length });
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
          url: on.ctx.blobs.url(key),
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
    const user = await signUp(counting.baseUrl, 'Unlucky');
    const ledger = new CreditLedger(counting.ctx.database.db);
    const before = await ledger.balance(user.id);
    countingTranscriber.fail = true;
    const res = await user.client
      .post(
        '/stories/generate_caption',
        await requestFor(user.id, speech.wav, speech.seconds, counting),
      )
      .finally(() => (countingTranscriber.fail = false));
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.editor.captionFailed });
    expect(await ledger.balance(user.id)).toBe(before);
    const kinds = (await ledger.entries(user.id))
      .filter((e) => e.creditType === CAPTION_CREDIT_TYPE)
      .map((e) => e.kind);
    expect(kinds.sort()).toEqual(['charge', 'refund']);
  });

  it('charges nothing for a file that is not sound', async () => {
    const user = await signUp(server.baseUrl, 'Noise');
    const ledger = new CreditLedger(server.ctx.database.db);
    const before = await ledger.balance(user.id);
    const res = await user.client.post(
      '/stories/generate_caption',
      await requestFor(user.id, Buffer.from('not audio at all'), 5),
    );
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.editor.captionFailed });
    expect(await ledger.balance(user.id)).toBe(before);
  });

  it('validates the body with bounds', async () => {
    const user = await signUp(server.baseUrl, 'Bounds');
    const base = await requestFor(user.id, speech.wav, speech.seconds);
    const track = base.tracks[0]!;
    const item = track.items[0]!;
    const asset = base.mediaAssets[0]!;
    const L = CAPTION_DETECTION_LIMITS;
    const refusal = async (body: unknown) => {
      const res = await user.client.post('/stories/generate_caption', body);
      return [res.status, (res.body as { message: string }).message];
    };
    const tooBig = (field: string): unknown[] => [
      400,
      expect.stringMatching(new RegExp(`^${field}: Too big`)) as unknown,
    ];
    expect(await refusal({ ...base, tracks: [] })).toEqual([
      400,
      expect.stringMatching(/^tracks: Too small/),
    ]);
    const tracks = Array.from({ length: L.tracks + 1 }, (_, i) => ({ ...track, id: `t${i}` }));
    expect(await refusal({ ...base, tracks })).toEqual(tooBig('tracks'));
    const items = Array.from({ length: L.itemsPerTrack + 1 }, (_, i) => ({ ...item, id: `i${i}` }));
    expect(await refusal({ ...base, tracks: [{ ...track, items }] })).toEqual(
      tooBig('tracks.0.items'),
    );
    const mediaAssets = Array.from({ length: L.mediaAssets + 1 }, (_, i) => ({
      ...asset,
      id: `a${i}`,
    }));
    expect(await refusal({ ...base, mediaAssets })).toEqual(tooBig('mediaAssets'));
    expect(
      await refusal({ ...base, captionSegmentStrategy: 'x'.repeat(L.strategyLength + 1) }),
    ).toEqual(tooBig('captionSegmentStrategy'));
    // One file more than the distinct-sources cap: refused before anything is read or charged.
    const ledger = new CreditLedger(server.ctx.database.db);
    const before = await ledger.balance(user.id);
    const files = Array.from({ length: L.sources + 1 }, (_, i) => ({
      asset: { ...asset, id: `s${i}`, url: server.ctx.blobs.url(newBlobKey('uploads', 'wav')) },
      item: { ...item, id: `s${i}`, mediaAssetId: `s${i}` },
    }));
    expect(
      await refusal({
        ...base,
        tracks: [{ ...track, items: files.map((f) => f.item) }],
        mediaAssets: files.map((f) => f.asset),
      }),
    ).toEqual([400, MESSAGES.editor.captionTooManySources(L.sources)]);
    expect(await ledger.balance(user.id)).toBe(before);
  });

  it('transcribes a file once for all its items and charges by its probed length', async () => {
    const user = await signUp(counting.baseUrl, 'Clips');
    const ledger = new CreditLedger(counting.ctx.database.db);
    const before = await ledger.balance(user.id);
    const base = await requestFor(user.id, speech.wav, speech.seconds, counting);
    const item = base.tracks[0]!.items[0]!;
    // 2 tracks x 300 items of the same file, each claiming ten minutes on the timeline.
    const tracks = [0, 1].map((t) => ({
      ...base.tracks[0]!,
      id: `track-${t}`,
      items: Array.from({ length: 300 }, (_, i) => ({
        ...item,
        id: `item-${t}-${i}`,
        startTimeInFrames: i * 30,
        durationInFrames: 30 * 600,
      })),
    }));
    const callsBefore = countingTranscriber.calls;
    const res = await user.client.post('/stories/generate_caption', { ...base, tracks });
    expect(res.body).toMatchObject({ success: true });
    expect(countingTranscriber.calls - callsBefore).toBe(1);
    const captions = (res.body as GenerateCaptionResponse).captions!;
    // Every item is a window cut from that one transcription.
    expect(captions['track-0']!.items).toHaveLength(300);
    expect(captions['track-1']!.items).toHaveLength(300);
    expect(await ledger.balance(user.id)).toBe(before - captionDetectionCredits(speech.seconds));
  });
});
