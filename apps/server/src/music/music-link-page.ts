/** What a Suno or TikTok page says about its song. */
export interface MusicLinkPage {
  audioUrl: string | null;
  title: string | null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function meta(html: string, property: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (name?.toLowerCase() !== property) continue;
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (content) return decodeEntities(content.trim());
  }
  return null;
}

/** A JSON string value of `key` in a page's embedded data (TikTok's rehydration script). */
function jsonString(html: string, key: string): string | null {
  const match = new RegExp(`"${key}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(html);
  if (!match) return null;
  try {
    const value = JSON.parse(match[1]!) as unknown;
    return typeof value === 'string' && value.length > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * The song of a Suno or TikTok page, from their public page formats: the Open Graph audio and
 * title tags (Suno song pages; `og:audio` is the cdn1.suno.ai MP3), TikTok music pages'
 * embedded `playUrl` and `title`, and for a Suno song link without them the MP3 Suno serves
 * for every song id.
 */
export function musicLinkPage(html: string, pageUrl: string): MusicLinkPage {
  const page = new URL(pageUrl);
  const sunoId = /\/song\/([0-9a-f-]{36})/i.exec(page.pathname)?.[1];
  const audio =
    meta(html, 'og:audio') ??
    meta(html, 'og:audio:url') ??
    meta(html, 'og:audio:secure_url') ??
    jsonString(html, 'playUrl') ??
    (sunoId && /(^|\.)suno\.(com|ai)$/i.test(page.hostname)
      ? `https://cdn1.suno.ai/${sunoId.toLowerCase()}.mp3`
      : null);
  const title = meta(html, 'og:title') ?? jsonString(html, 'title');
  return {
    audioUrl: audio ? new URL(audio, page).href : null,
    title: title?.replace(/\s*\|\s*(Suno|TikTok)\s*$/i, '') || null,
  };
}
