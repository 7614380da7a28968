import sax from 'sax';
import { describe, expect, it } from 'vitest';
import { absoluteLinks } from '../../../cli/blog/blog-feeds.js';
import { atomFeed, escapeXml, rssFeed } from '../../../cli/blog/feed-xml.js';
import { parseFrontMatterDate, parsePostPath } from '../../../cli/blog/post-path.js';
import { readingMinutes } from '../../../cli/blog/reading-time.js';
import { tagSlug } from '../../../cli/blog/tag-slug.js';
import { truncatedBody } from '../../../cli/blog/truncate.js';

describe('post paths', () => {
  it('reads the date and slug of each Docusaurus convention', () => {
    expect(parsePostPath('2024-05-28-hello.md')).toEqual({ date: '2024-05-28', text: 'hello' });
    expect(parsePostPath('2024-05-28-hello/index.mdx')).toEqual({ date: '2024-05-28', text: 'hello' });
    expect(parsePostPath('2024/05/28/hello.md')).toEqual({ date: '2024-05-28', text: 'hello' });
    expect(parsePostPath('news/hello.md')).toEqual({ text: 'news/hello' });
    expect(parsePostPath('releases/2024-05-28-v2.md')).toEqual({ date: '2024-05-28', text: 'v2', folder: 'releases/' });
    expect(parsePostPath('a/b/2024/05/28/x/index.md')).toEqual({ date: '2024-05-28', text: 'x', folder: 'a/b/' });
    expect(parsePostPath('news/v2024-05-28.md')).toEqual({ text: 'news/v2024-05-28' });
    expect(parsePostPath('2024-02-31-bad.md')).toEqual({ text: '2024-02-31-bad' });
    expect(parsePostPath('20240-05-28.md')).toEqual({ text: '20240-05-28' });
  });

  it('reads front matter dates', () => {
    expect(parseFrontMatterDate('2023-01-02')).toBe('2023-01-02T00:00:00.000Z');
    expect(parseFrontMatterDate('2023-01-02T10:00:00Z')).toBe('2023-01-02T10:00:00.000Z');
    expect(parseFrontMatterDate('yesterday')).toBeUndefined();
  });
});

describe('the truncate marker', () => {
  it('cuts before the first marker line, never inside a code fence', () => {
    expect(truncatedBody('a\n<!-- truncate -->\nb')).toBe('a');
    expect(truncatedBody('a\n{/* truncate */}\nb')).toBe('a');
    expect(truncatedBody('```\n<!-- truncate -->\n```\nb')).toBeUndefined();
    expect(truncatedBody('no marker')).toBeUndefined();
  });

  it('accepts the marker with any spacing inside, as Docusaurus does', () => {
    expect(truncatedBody('a\n<!--truncate-->\nb')).toBe('a');
    expect(truncatedBody('a\n<!--  truncate\t-->\nb')).toBe('a');
    expect(truncatedBody('a\n{/*truncate*/}\nb')).toBe('a');
    expect(truncatedBody('a\n<!-- truncated -->\nb')).toBeUndefined();
  });
});

describe('reading time', () => {
  it('is the words over 200 a minute, rounded up, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
  });
});

describe('tags and feeds', () => {
  it('makes kebab-case tag slugs', () => {
    expect(tagSlug('Release Notes')).toBe('release-notes');
    expect(tagSlug('C++ & Rust')).toBe('c-rust');
  });

  it('escapes XML and drops characters XML forbids', () => {
    expect(escapeXml(`a & <b> "c" 'd'\u0001`)).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
    const xml = rssFeed(
      {
        title: 'T & <x>',
        description: 'd',
        link: 'https://x.dev/blog',
        self: 'https://x.dev/blog/rss.xml',
        updated: '2024-01-01T00:00:00.000Z',
      },
      [
        {
          title: 'A & <B>',
          url: 'https://x.dev/blog/a',
          date: '2024-01-01T00:00:00.000Z',
          html: '<p>x</p>',
          authors: [],
          tags: [],
        },
      ],
    );
    expect(xml).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(xml).toContain('<content:encoded>&lt;p&gt;x&lt;/p&gt;</content:encoded>');
  });

  it('makes root-relative links absolute, keeping protocol-relative ones', () => {
    expect(absoluteLinks('<a href="/x">x</a><img src="/i.png"><a href="//h/y">', 'https://s.dev')).toBe(
      '<a href="https://s.dev/x">x</a><img src="https://s.dev/i.png"><a href="//h/y">',
    );
  });
});

/** Parses XML strictly (sax, as the sitemap library does): throws on anything that is not well-formed. */
function parseStrictly(xml: string): string[] {
  const parser = sax.parser(true);
  const texts: string[] = [];
  parser.onerror = (error) => {
    throw error;
  };
  parser.ontext = (text) => texts.push(text);
  parser.write(xml).close();
  return texts;
}

describe('feeds are well-formed XML whatever the posts hold', () => {
  it('keeps titles, HTML and control characters from breaking the feed', () => {
    const hostile = 'A & B <script>x</script> ]]> \u0000\u0008 "q" \'a\' \uFFFE done';
    const info = {
      title: hostile,
      description: hostile,
      link: 'https://x.dev/blog?a=1&b=2',
      self: 'https://x.dev/blog/rss.xml',
      updated: '2024-01-01T00:00:00.000Z',
    };
    const entry = {
      title: hostile,
      url: 'https://x.dev/blog/a?x=1&y=2',
      date: '2024-01-01T00:00:00.000Z',
      description: hostile,
      html: `<p>${hostile}</p><![CDATA[ x ]]>`,
      authors: [{ name: hostile, url: 'https://x.dev/?a&b' }],
      tags: [hostile],
    };
    for (const xml of [rssFeed(info, [entry]), atomFeed(info, [entry])]) {
      const texts = parseStrictly(xml);
      expect(texts).toContain('A & B <script>x</script> ]]>  "q" \'a\'  done');
    }
  });
});
