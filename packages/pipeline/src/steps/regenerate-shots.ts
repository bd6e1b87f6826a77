import {
  LIMITS,
  OUTPUT_SIZES,
  orderedShots,
  type AspectRatio,
  type GeneratedShot,
  type MediaAsset,
  type ShotMediaType,
  type VoiceKey,
  emptyTimeline,
} from '@storyloom/core';
import { phrasesOf } from '../providers/local/local-writer';
import type { GeneratedMedia, TimedPhrase } from '../providers/provider-types';
import type { FlowHooks } from './flow-hooks';
import type { GenerationPorts } from './generation-ports';

export interface RegenerateShotsInput {
  /** The shots to regenerate; all visible shots when absent (batch without shot_ids). */
  shotIds?: string[] | undefined;
  mediaTypes: ShotMediaType[];
  imagePrompt?: string | undefined;
  videoPrompt?: string | undefined;
  voiceOver?: string | undefined;
  /** Names the new assets, so a retry of the same run overwrites instead of piling up. */
  runKey: string;
  aspectRatio: AspectRatio;
  visualStyle: string;
  voice: VoiceKey;
  captions: boolean;
  /** The story's character, for a flow whose pictures show one (`FlowHooks.showsCharacter`). */
  character?: { name: string; imageUrl: string } | undefined;
  /**
   * Whether a story without tracks gets its timeline built from its shots (a story written
   * shot by shot in the list view); false while its own generation is under way or paused
   * (a preview), whose later steps build it.
   */
  buildTimeline?: boolean | undefined;
}

/**
 * Regenerates media of some shots (spec 3 §7 regenerate_shot and batch_generate): each kind
 * asked for gets a new asset, made active on its shot. New pictures replace the old ones on
 * the timeline in place; a new voice-over changes timing, so the timeline is rebuilt (by the
 * story's flow, whose hooks also draw the new pictures).
 */
export async function regenerateShots<S extends GeneratedShot>(
  input: RegenerateShotsInput,
  ports: GenerationPorts<S>,
  flow: FlowHooks<S>,
): Promise<{ shotIds: string[] }> {
  const story = await ports.loadStory();
  const shotsMap = { ...(story.storyboard?.shots_map ?? {}) };
  const shots = orderedShots(shotsMap).filter((shot) =>
    input.shotIds ? input.shotIds.includes(shot.shot_id) : !shot.is_hidden,
  );
  if (shots.length === 0) throw new Error('No shot to regenerate');
  const size = OUTPUT_SIZES[input.aspectRatio];
  const made: MediaAsset[] = [];
  // When each resource was made: the editor compares a shot's image and video by it.
  const createdAt = new Date().toISOString();
  const replaced = new Map<string, string>();
  let voiceChanged = false;
  // A shot whose item changes kind (a placeholder gets a picture, a picture a clip) is rebuilt.
  let firstVisual = false;
  for (const shot of shots) {
    let picture: GeneratedMedia | undefined;
    const next: S = { ...shot };
    if (input.mediaTypes.includes('image')) {
      if (input.imagePrompt !== undefined) next.image_prompt = input.imagePrompt;
      const prompt = next.image_prompt ?? next.script ?? '';
      const keywords = (next.image_prompt ?? '').toLowerCase().match(/[a-z]{3,}/g) ?? [];
      const seed = `${shot.shot_id}/${input.runKey}`;
      const media = await flow.drawRegenerated(ports, {
        prompt,
        keywords,
        width: size.width,
        height: size.height,
        seed,
        index: orderedShots(shotsMap).indexOf(shot),
        style: input.visualStyle,
        character: input.character,
      });
      const id = `image-${shot.shot_id}-${input.runKey}`;
      const { url } = await ports.storeMedia(id, media);
      made.push({
        id,
        title: 'Regenerated image',
        url,
        created_at: createdAt,
        thumbnail_url: url,
        resource_type: 'image',
        source: 'generated',
        shot_id: shot.shot_id,
        metadata: { width: size.width, height: size.height },
        configs: { model: ports.providers.image.name },
      });
      if (shot.active_image_id) replaced.set(shot.active_image_id, id);
      else if (!shot.active_video_id) firstVisual = true;
      next.active_image_id = id;
      next.active_image_url = url;
      picture = media;
    }
    if (input.mediaTypes.includes('voiceover')) {
      if (input.voiceOver !== undefined) next.script = input.voiceOver;
      const voice = await ports.providers.speech.speak({
        phrases: phrasesOf(next.script ?? ''),
        voice: input.voice,
        leadSeconds: 0.15,
        tailSeconds: 0.25,
        fps: 30,
      });
      const id = `voiceover-${shot.shot_id}-${input.runKey}`;
      const { url } = await ports.storeMedia(id, voice);
      made.push({
        id,
        title: 'Regenerated voice-over',
        url,
        created_at: createdAt,
        resource_type: 'audio',
        subtype: 'voiceover',
        source: 'generated',
        shot_id: shot.shot_id,
        metadata: { duration: voice.durationSeconds },
        configs: { model: voice.model ?? ports.providers.speech.name, voice: input.voice },
      });
      next.active_voice_over_audio_id = id;
      next.active_voice_over_audio_url = url;
      next.voice_phrases = voice.phrases satisfies TimedPhrase[];
      next.voice_duration = voice.durationSeconds;
      voiceChanged = true;
    }
    if (input.mediaTypes.includes('video')) {
      if (input.videoPrompt !== undefined) next.video_prompt = input.videoPrompt;
      const imageUrl = next.active_image_url;
      // A clip moves the shot's (new) picture, for as long as its voice-over lasts.
      const clip = imageUrl
        ? await ports.providers.video.animate({
            image: picture ?? {
              bytes: await ports.readMedia(imageUrl),
              extension: imageUrl.endsWith('.png') ? 'png' : 'jpg',
            },
            prompt: next.video_prompt ?? '',
            durationSeconds: clipSeconds(next.voice_duration),
            aspectRatio: input.aspectRatio,
            // Asked for a clip, the creator gets one even from the local provider (which
            // otherwise leaves a lone still to the renderer): with no next picture, a push-in.
            transition: 'morph',
          })
        : null;
      if (clip) {
        const id = `video-${shot.shot_id}-${input.runKey}`;
        const { url } = await ports.storeMedia(id, clip);
        made.push({
          id,
          title: 'Regenerated video',
          url,
          created_at: createdAt,
          thumbnail_url: imageUrl,
          resource_type: 'video',
          source: 'generated',
          shot_id: shot.shot_id,
          ...(clip.durationSeconds ? { metadata: { duration: clip.durationSeconds } } : {}),
          configs: { model: ports.providers.video.name },
        });
        // A clip in place of a clip keeps the item; in place of a picture the shot is rebuilt.
        if (shot.active_video_id) replaced.set(shot.active_video_id, id);
        else firstVisual = true;
        next.active_video_id = id;
        next.active_video_url = url;
      }
    }
    shotsMap[shot.shot_id] = next;
  }
  const base = story.videoEditorTimeline ?? (input.buildTimeline ? emptyTimeline() : null);
  const madeIds = new Set(made.map((asset) => asset.id));
  const assets = [...(base?.mediaAssets ?? []).filter((a) => !madeIds.has(a.id)), ...made];
  let timeline = base ? { ...base, mediaAssets: assets } : null;
  if (timeline && replaced.size > 0) {
    timeline = {
      ...timeline,
      tracks: timeline.tracks.map((track) => ({
        ...track,
        items: track.items.map((item) =>
          item.mediaAssetId && replaced.has(item.mediaAssetId)
            ? { ...item, mediaAssetId: replaced.get(item.mediaAssetId)! }
            : item,
        ),
      })),
    };
  }
  const updated = { ...story, storyboard: { shots_map: shotsMap }, videoEditorTimeline: timeline };
  const hasTracks = Boolean(timeline && timeline.tracks.length > 0);
  if (
    timeline &&
    ((hasTracks && (voiceChanged || firstVisual)) || (!hasTracks && input.buildTimeline))
  ) {
    timeline = flow.timeline(updated, input.captions);
  }
  await ports.updateStory({
    storyboard: { shots_map: shotsMap },
    ...(timeline ? { videoEditorTimeline: timeline } : {}),
  });
  return { shotIds: shots.map((s) => s.shot_id) };
}

/**
 * How long a shot's clip lasts: its voice-over's length (a synced value, so checked), at most
 * `LIMITS.shotClipSeconds`; 5 s when there is none.
 */
export function clipSeconds(voiceDuration: unknown): number {
  const seconds = Number(voiceDuration ?? 5);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, LIMITS.shotClipSeconds) : 5;
}
