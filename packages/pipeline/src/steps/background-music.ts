import { MUSIC_AUTO, type MediaAsset } from '@storyloom/core';
import type { GenerationPorts } from './generation-ports';

/** The background music's asset id in a generated story. */
export const MUSIC_ASSET_ID = 'music-background';

/**
 * The story's background music as a media asset: a stock track the creator chose (its id or
 * library URL), the automatic pick for 'auto', or a URL the creator gave; null when the choice
 * names nothing the music provider knows and is not a URL.
 */
export async function backgroundMusic(
  ports: GenerationPorts,
  opts: { choice: string; seed: string; durationSeconds: number },
): Promise<MediaAsset | null> {
  const music = ports.providers.music;
  const stock = opts.choice === MUSIC_AUTO ? undefined : music.findTrack?.(opts.choice);
  if (opts.choice === MUSIC_AUTO || stock) {
    const track = await music.compose({
      seed: opts.seed,
      durationSeconds: opts.durationSeconds,
      ...(stock ? { trackId: stock.id } : {}),
    });
    const { url } = await ports.storeMedia(MUSIC_ASSET_ID, track);
    return {
      id: MUSIC_ASSET_ID,
      title: track.track.name,
      url,
      resource_type: 'audio',
      subtype: 'music',
      source: 'generated',
      metadata: { duration: track.durationSeconds },
      configs: {
        track_id: track.track.id,
        genre: track.track.genre,
        mood: track.track.mood,
        tempo: track.track.tempo,
        model: music.name,
      },
    };
  }
  if (!opts.choice) return null;
  return {
    id: MUSIC_ASSET_ID,
    title: 'Background music',
    url: opts.choice,
    resource_type: 'audio',
    subtype: 'music',
    source: 'user_upload',
    metadata: { duration: opts.durationSeconds },
  };
}
