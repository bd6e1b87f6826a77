import {
  DEFAULT_FPS,
  MUSIC_AUTO,
  orderedShots,
  type AspectRatio,
  type GeneratedShot,
  type MediaAsset,
  type VoiceKey,
} from '@storyloom/core';
import { phrasesOf } from '../providers/local/local-writer';
import { backgroundMusic, MUSIC_ASSET_ID } from './background-music';
import { assetsOf, resultsOf, saveShotResults, shotAt, type PipelineStep } from './pipeline-step';
import { MUSIC_INTRO_SECONDS, MUSIC_OUTRO_SECONDS } from './voice-over-timeline';

/** Silence before the first shot's voice and after the last one (the music plays alone). */
const SHOT_LEAD_SECONDS = 0.15;
const SHOT_TAIL_SECONDS = 0.25;

/** What the voice-over step reads of a flow's request. */
export interface VoiceOverRequest {
  voice: VoiceKey;
  aspectRatio: AspectRatio;
  /** The music choice: a stock track, 'auto', a URL; null or '' for none. */
  backgroundMusic: string | null | undefined;
}

/**
 * The voice-over step of a told story (an explainer, a vlog): each shot's script spoken (its
 * phrases timed for the captions), its picture moved into a clip for as long as its voice
 * lasts, then the background music for the whole story. Makes only what the story lacks.
 */
export function voiceOverStep<Input, S extends GeneratedShot>(
  read: (input: Input) => VoiceOverRequest,
): PipelineStep<Input, S> {
  return {
    name: 'videos-and-voice',
    status: 'processing:generating_videos',
    failureStage: 'generating_videos',
    async perShot(input, ports, index) {
      const request = read(input);
      const { shot, shots, have } = await shotAt(ports, index);
      const { speech, video } = ports.providers;
      const assets: MediaAsset[] = [];
      const update: Partial<GeneratedShot> = {};
      if (!shot.active_voice_over_audio_id || !have.has(shot.active_voice_over_audio_id)) {
        const voice = await speech.speak({
          phrases: phrasesOf(shot.script ?? ''),
          voice: request.voice,
          leadSeconds: index === 0 ? MUSIC_INTRO_SECONDS : SHOT_LEAD_SECONDS,
          tailSeconds: index === shots.length - 1 ? MUSIC_OUTRO_SECONDS : SHOT_TAIL_SECONDS,
          fps: DEFAULT_FPS,
        });
        const id = `voiceover-${shot.shot_id}`;
        const { url } = await ports.storeMedia(id, voice);
        assets.push({
          id,
          title: `Shot ${index + 1} voice-over`,
          url,
          resource_type: 'audio',
          subtype: 'voiceover',
          source: 'generated',
          shot_id: shot.shot_id,
          metadata: { duration: voice.durationSeconds },
          configs: { model: voice.model ?? speech.name, voice: request.voice },
        });
        Object.assign(update, {
          active_voice_over_audio_id: id,
          active_voice_over_audio_url: url,
          voice_phrases: voice.phrases,
          voice_duration: voice.durationSeconds,
        });
      }
      if (!shot.active_video_id && shot.active_image_url) {
        const clip = await video.animate({
          image: {
            bytes: await ports.readMedia(shot.active_image_url),
            extension: shot.active_image_url.endsWith('.png') ? 'png' : 'jpg',
          },
          prompt: shot.video_prompt ?? '',
          durationSeconds: Number(update.voice_duration ?? shot.voice_duration ?? 5),
          aspectRatio: request.aspectRatio,
        });
        if (clip) {
          const id = `video-${shot.shot_id}`;
          const { url } = await ports.storeMedia(id, clip);
          assets.push({
            id,
            title: `Shot ${index + 1} video`,
            url,
            resource_type: 'video',
            source: 'generated',
            shot_id: shot.shot_id,
            metadata: { duration: clip.durationSeconds },
          });
          Object.assign(update, { active_video_id: id, active_video_url: url });
        }
      }
      return { assets, update };
    },
    async run(input, ports, given) {
      const request = read(input);
      const results = await resultsOf(this, input, ports, given);
      await saveShotResults(ports, results, async (fresh, shots_map) => {
        const have = new Set(assetsOf(fresh).map((a) => a.id));
        const duration = orderedShots(shots_map).reduce(
          (sum, shot) => sum + Number(shot.voice_duration ?? 0),
          0,
        );
        const assets: MediaAsset[] = [];
        let metadata: Record<string, unknown> = { ...fresh.metadata, duration };
        const choice = request.backgroundMusic;
        const wantsMusic = choice !== null && choice !== '';
        if (wantsMusic && !have.has(MUSIC_ASSET_ID)) {
          const asset = await backgroundMusic(ports, {
            choice: choice ?? MUSIC_AUTO,
            seed: fresh.id,
            durationSeconds: duration,
          });
          if (asset) assets.push(asset);
          metadata = { ...metadata, background_music_asset_id: MUSIC_ASSET_ID };
        }
        return { assets, metadata };
      });
    },
  };
}
