import { describe, expect, it } from 'vitest';
import { isOfflineProvider, providerLabel, stageLabel } from './providers';

describe('provider names in words', () => {
  it('names the offline providers and the engine that spoke', () => {
    expect(providerLabel('local-illustrator')).toBe('the offline illustrator');
    expect(providerLabel('local-voice:rhvoice')).toBe('the offline voice (RHVoice)');
    expect(providerLabel('local-voice:rhvoice-slt')).toBe('the offline voice (RHVoice)');
    expect(providerLabel('local-voice:espeak-ng')).toBe('the offline voice (eSpeak NG)');
    expect(providerLabel('local-music')).toBe('the offline composer');
    expect(isOfflineProvider('local-music')).toBe(true);
  });

  it('names cloud and GPU providers with their model, and keeps unknown names', () => {
    expect(providerLabel('openai-images:gpt-image-1')).toBe('OpenAI gpt-image-1');
    expect(providerLabel('fal:kling2.1')).toBe('fal.ai kling2.1');
    expect(providerLabel('elevenlabs')).toBe('ElevenLabs');
    expect(providerLabel('my-own-thing:v2')).toBe('my-own-thing:v2');
    expect(isOfflineProvider('fal:kling2.1')).toBe(false);
  });
});

describe('the wait screen stage in words', () => {
  it('never shows a raw status', () => {
    expect(stageLabel('processing:generating_images')).toBe('Drawing the pictures');
    expect(stageLabel('processing:exporting_video')).toBe('Exporting the video');
    expect(stageLabel('pending')).toBe('Waiting for a free worker');
    expect(stageLabel('RUN_RUNNING')).toBe('Working on your story');
    expect(stageLabel('processing:something_new')).toBe('Working on your story');
    for (const status of ['processing:creating_story', 'processing:generating_videos', 'paused'])
      expect(stageLabel(status)).not.toMatch(/processing|_/);
  });
});
