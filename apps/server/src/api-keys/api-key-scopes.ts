import type { ApiKeyScope, StoryPatch } from '@storyloom/core';

/**
 * What an API key needs for each route, keyed `METHOD url` as the route is declared (HEAD is
 * GET's). `public` routes answer anyone, so any valid key may call them. A route missing here
 * cannot be called with a key at all: accounts, sign-in, teams, profile changes and the keys
 * themselves stay with a signed-in browser.
 */
export const ROUTE_SCOPES: Record<string, ApiKeyScope | 'public'> = {
  'GET /healthz': 'public',
  'GET /api/me': 'stories:read',
  'GET /api/profile': 'stories:read',
  'GET /api/profiles/:username': 'public',
  'GET /api/models': 'public',
  'GET /api/generation/providers': 'public',
  'GET /api/credits': 'stories:read',
  'GET /api/asmr/styles/:type/sound': 'public',
  'GET /api/asmr/styles/:type/picture': 'public',
  'GET /api/voices/:key/sample': 'public',
  'GET /api/music/tracks': 'public',
  'GET /api/music/tracks/:id/audio': 'public',
  'GET /api/music/tracks/:id/waveform': 'public',
  'GET /fonts/fonts.css': 'public',
  'GET /fonts/:file': 'public',
  'GET /stories/published': 'public',

  // Reading one's stories and runs
  'GET /stories': 'stories:read',
  'GET /stories/:id': 'stories:read',
  'GET /stories/:id/assets': 'stories:read',
  'GET /stories/:id/assets.zip': 'stories:read',
  'GET /stories/:storyId/shots/:shotId': 'stories:read',
  'GET /stories/:id/stats': 'stories:read',
  'GET /stories/:id/media_resources': 'stories:read',
  'POST /stories/workflow/status': 'stories:read',
  'GET /stories/workflow/status_sse': 'stories:read',
  'POST /stories/workflow/status_sse': 'stories:read',
  'GET /api/internal/storybuilder/render_video': 'stories:read',
  'GET /api/characters': 'stories:read',
  'GET /api/characters/premade': 'stories:read',
  'GET /api/train/model': 'stories:read',
  'GET /api/media/history': 'stories:read',
  'GET /api/media/library': 'stories:read',
  'GET /api/media/trim_limits': 'stories:read',
  'GET /api/webhooks': 'stories:read',

  // Making and changing stories
  'POST /stories': 'stories:write',
  'PATCH /stories/:id': 'stories:write',
  'DELETE /stories/:id': 'stories:write',
  'POST /stories/:id/sync': 'stories:write',
  'POST /stories/operate_template_story': 'stories:write',
  'POST /stories/generate_caption': 'stories:write',
  'POST /stories/rewrite_script': 'stories:write',
  'POST /stories/idea_to_script': 'stories:write',
  'POST /stories/workflow/resume': 'stories:write',
  'POST /stories/workflow/generate_script_to_video': 'stories:write',
  'POST /stories/workflow/generate_asmr_video': 'stories:write',
  'POST /stories/workflow/generate_character_vlog': 'stories:write',
  'POST /stories/workflow/generate_music_video': 'stories:write',
  'POST /stories/workflow/generate_lyrics_to_video': 'stories:write',
  'POST /stories/workflow/batch_generate': 'stories:write',
  'POST /stories/workflow/rebuild_timeline_and_export': 'stories:write',
  'POST /stories/workflow/regenerate_shot': 'stories:write',
  'POST /stories/workflow/export': 'stories:write',
  'POST /api/internal/storybuilder/render_video': 'stories:write',
  'POST /action-video/create': 'stories:write',
  'POST /stories/:id/media_resources': 'stories:write',
  'DELETE /stories/:id/media_resources': 'stories:write',
  'POST /api/characters': 'stories:write',
  'PATCH /api/characters/:id': 'stories:write',
  'DELETE /api/characters/:id': 'stories:write',
  'POST /api/webhooks': 'stories:write',
  'DELETE /api/webhooks/:id': 'stories:write',

  // Uploads
  'POST /api/media/upload': 'media:write',
  'POST /api/media/upload_image': 'media:write',
  'POST /api/media/upload_audio': 'media:write',
  'POST /api/media/analyze_audio': 'media:write',
  'POST /api/media/parse_music_url': 'media:write',

  // Views and analytics anyone may send
  'POST /stories/:id/events': 'public',
  'POST /stories/:id/play_sessions': 'public',
  'PATCH /stories/play_sessions/:sessionId': 'public',
  'POST /stories/play_sessions/:sessionId/end': 'public',
  'POST /api/analytics': 'public',
};

/** The scope a route needs (undefined: keys may not call it). */
export function routeScope(method: string, url: string | undefined) {
  if (!url) return undefined;
  return ROUTE_SCOPES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/**
 * Scopes a request needs beyond its route's, from its body: publishing or unpublishing a story
 * (PATCH /stories/:id with is_published or is_public) also needs `publish`.
 */
export function extraScopes(method: string, url: string | undefined, body: unknown): ApiKeyScope[] {
  if (method === 'PATCH' && url === '/stories/:id') {
    const patch = (body ?? {}) as StoryPatch;
    if (patch.is_published !== undefined || patch.is_public !== undefined) return ['publish'];
  }
  return [];
}
