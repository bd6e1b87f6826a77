import { BRAND_NAME, MESSAGES, type Story } from '@storyloom/core';

/** What a shared story page tells link unfurlers (Open Graph and Twitter cards). */
export interface ShareMeta {
  title: string;
  description: string;
  /** The page's own absolute address. */
  url: string;
  imageUrl: string | null;
  videoUrl: string | null;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * An absolute http(s) address for a stored URL: paths are resolved against the public
 * address; other schemes (javascript:, data:...) and unparsable values give null.
 */
export function absoluteUrl(url: string | null | undefined, publicUrl: string): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, `${publicUrl}/`);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:'
      ? resolved.toString()
      : null;
  } catch {
    return null;
  }
}

/** The meta of a story page at `pagePath` (e.g. /story/share/{id}) on the public address. */
export function shareMetaOf(
  story: Pick<
    Story,
    'title' | 'last_export_url' | 'last_export_thumbnail_url' | 'original_thumbnail_url'
  >,
  options: { publicUrl: string; pagePath: string },
): ShareMeta {
  const title = story.title.trim() || MESSAGES.share.defaultTitle;
  return {
    title,
    description: MESSAGES.share.shareText(BRAND_NAME, title),
    url: absoluteUrl(options.pagePath, options.publicUrl)!,
    imageUrl: absoluteUrl(
      story.last_export_thumbnail_url ?? story.original_thumbnail_url,
      options.publicUrl,
    ),
    videoUrl: absoluteUrl(story.last_export_url, options.publicUrl),
  };
}

/** The <meta> tags of a shared story, every value escaped. */
export function renderShareMetaTags(meta: ShareMeta): string {
  const tags: [kind: 'property' | 'name', key: string, value: string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', BRAND_NAME],
    ['property', 'og:type', meta.videoUrl ? 'video.other' : 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
  ];
  if (meta.imageUrl) {
    tags.push(['property', 'og:image', meta.imageUrl], ['property', 'og:image:alt', meta.title]);
  }
  if (meta.videoUrl) {
    tags.push(['property', 'og:video', meta.videoUrl]);
    if (meta.videoUrl.startsWith('https:'))
      tags.push(['property', 'og:video:secure_url', meta.videoUrl]);
    tags.push(['property', 'og:video:type', 'video/mp4']);
  }
  tags.push(
    ['name', 'twitter:card', meta.imageUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  );
  if (meta.imageUrl) tags.push(['name', 'twitter:image', meta.imageUrl]);
  const lines = tags.map(
    ([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`,
  );
  lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" />`);
  return lines.join('\n    ');
}

/**
 * The web app's index.html for a shared story: its title, and the meta tags in place of the
 * app's own description, just before </head>.
 */
export function injectShareMeta(indexHtml: string, meta: ShareMeta): string {
  const withoutDescription = indexHtml.replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
  const title = `<title>${escapeHtml(`${meta.title} | ${BRAND_NAME}`)}</title>`;
  const withTitle = /<title>[\s\S]*?<\/title>/i.test(withoutDescription)
    ? withoutDescription.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : withoutDescription.replace(/<\/head>/i, () => `  ${title}\n  </head>`);
  const tags = renderShareMetaTags(meta);
  return withTitle.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
