import { describe, expect, it } from 'vitest';
import { absoluteUrl, escapeHtml, injectShareMeta, shareMetaOf } from './share-meta';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Storyloom — turn scripts, songs and ideas into video stories."
    />
    <title>Storyloom</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const story = {
  title: 'Moon & <Stars> "Live"',
  last_export_url: '/media/exports/2025/10/a.mp4',
  last_export_thumbnail_url: '/media/thumbnails/2025/10/a.jpg',
  original_thumbnail_url: null,
};

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('absoluteUrl', () => {
  it('resolves paths on the public address and keeps http(s) addresses', () => {
    expect(absoluteUrl('/media/a.jpg', 'https://story.example')).toBe(
      'https://story.example/media/a.jpg',
    );
    expect(absoluteUrl('https://cdn.example/a.jpg', 'https://story.example')).toBe(
      'https://cdn.example/a.jpg',
    );
  });

  it('refuses other schemes and nothing', () => {
    expect(absoluteUrl('javascript:alert(1)', 'https://story.example')).toBeNull();
    expect(absoluteUrl(null, 'https://story.example')).toBeNull();
    expect(absoluteUrl('', 'https://story.example')).toBeNull();
  });
});

describe('shareMetaOf', () => {
  it('builds the title, share text, page address, thumbnail and video', () => {
    expect(
      shareMetaOf(story, { publicUrl: 'https://story.example', pagePath: '/story/share/s1' }),
    ).toEqual({
      title: 'Moon & <Stars> "Live"',
      description: 'Check out this story on Storyloom: Moon & <Stars> "Live"',
      url: 'https://story.example/story/share/s1',
      imageUrl: 'https://story.example/media/thumbnails/2025/10/a.jpg',
      videoUrl: 'https://story.example/media/exports/2025/10/a.mp4',
    });
  });

  it("falls back to 'My Story' and the original thumbnail", () => {
    const meta = shareMetaOf(
      {
        title: '  ',
        last_export_url: null,
        last_export_thumbnail_url: null,
        original_thumbnail_url: '/media/thumbnails/o.jpg',
      },
      { publicUrl: 'http://localhost:3000', pagePath: '/story/community/x' },
    );
    expect(meta).toMatchObject({
      title: 'My Story',
      videoUrl: null,
      imageUrl: 'http://localhost:3000/media/thumbnails/o.jpg',
    });
  });
});

describe('injectShareMeta', () => {
  const html = injectShareMeta(
    INDEX,
    shareMetaOf(story, { publicUrl: 'https://story.example', pagePath: '/story/share/s1' }),
  );

  it('replaces the title and the description, escaped', () => {
    expect(html).toContain('<title>Moon &amp; &lt;Stars&gt; &quot;Live&quot; | Storyloom</title>');
    expect(html).not.toContain('turn scripts, songs and ideas');
    expect(html).toContain(
      '<meta name="description" content="Check out this story on Storyloom: Moon &amp; &lt;Stars&gt; &quot;Live&quot;" />',
    );
    expect(html).not.toContain('<Stars>');
  });

  it('adds Open Graph and Twitter card tags inside the head', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    for (const tag of [
      '<meta property="og:title" content="Moon &amp; &lt;Stars&gt; &quot;Live&quot;" />',
      '<meta property="og:type" content="video.other" />',
      '<meta property="og:url" content="https://story.example/story/share/s1" />',
      '<meta property="og:image" content="https://story.example/media/thumbnails/2025/10/a.jpg" />',
      '<meta property="og:video" content="https://story.example/media/exports/2025/10/a.mp4" />',
      '<meta property="og:video:secure_url" content="https://story.example/media/exports/2025/10/a.mp4" />',
      '<meta property="og:video:type" content="video/mp4" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:title" content="Moon &amp; &lt;Stars&gt; &quot;Live&quot;" />',
      '<meta name="twitter:image" content="https://story.example/media/thumbnails/2025/10/a.jpg" />',
      '<link rel="canonical" href="https://story.example/story/share/s1" />',
    ])
      expect(head).toContain(tag);
    expect(html).toContain('<div id="root"></div>');
  });

  it('is not fooled by replacement patterns in the title', () => {
    const tricky = injectShareMeta(
      INDEX,
      shareMetaOf(
        { ...story, title: "$& $' $`" },
        { publicUrl: 'https://story.example', pagePath: '/story/share/s1' },
      ),
    );
    expect(tricky).toContain('<title>$&amp; $&#39; $` | Storyloom</title>');
  });
});
