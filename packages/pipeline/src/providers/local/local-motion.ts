import { LOCAL_MOTION_PROVIDER } from '@storyloom/core';
import type { GeneratedMedia, VideoProvider } from '../provider-types';

/**
 * The local motion provider (`local-motion`): it leaves stills as stills, because the render
 * engine (`@storyloom/compose` image motion) already moves every still with a pan or zoom in
 * the player and the export alike — a clip per shot would only cost encode time.
 */
export class LocalMotion implements VideoProvider {
  readonly name = LOCAL_MOTION_PROVIDER;

  animate(): Promise<GeneratedMedia | null> {
    return Promise.resolve(null);
  }
}
