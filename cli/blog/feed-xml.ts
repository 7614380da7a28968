/** One entry of a feed: absolute URLs, ISO dates, the post's HTML with absolute links. */
export interface FeedEntry {
  title: string;
  url: string;
  date: string;
  description?: string;
  html: string;
  authors: { name: string; url?: string }[];
  tags: string[];
}

export interface FeedInfo {
  title: string;
  description: string;
  /** The blog's page, absolute. */
  link: string;
  /** The feed's own URL, absolute. */
  self: string;
  copyright?: string;
  updated: string;
}

/**
 * Text as XML character data or an attribute value: the five special characters escaped, and characters XML 1.0
 * forbids (control characters but tab and newlines, lone surrogates, U+FFFE/U+FFFF) dropped, so a post can never
 * make the feed invalid.
 */
export function escapeXml(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else if (char === "'") out += '&apos;';
    else if (isXmlChar(code)) out += char;
  }
  return out;
}

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

/** An RSS 2.0 feed. */
export function rssFeed(info: FeedInfo, entries: FeedEntry[]): string {
  const items = entries.map((e) =>
    [
      '<item>',
      `<title>${escapeXml(e.title)}</title>`,
      `<link>${escapeXml(e.url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(e.url)}</guid>`,
      `<pubDate>${new Date(e.date).toUTCString()}</pubDate>`,
      e.description ? `<description>${escapeXml(e.description)}</description>` : '',
      `<content:encoded>${escapeXml(e.html)}</content:encoded>`,
      ...e.tags.map((t) => `<category>${escapeXml(t)}</category>`),
      '</item>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(info.title)}</title>`,
    `<link>${escapeXml(info.link)}</link>`,
    `<description>${escapeXml(info.description)}</description>`,
    `<atom:link href="${escapeXml(info.self)}" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${new Date(info.updated).toUTCString()}</lastBuildDate>`,
    info.copyright ? `<copyright>${escapeXml(info.copyright)}</copyright>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** An Atom 1.0 feed. */
export function atomFeed(info: FeedInfo, entries: FeedEntry[]): string {
  const items = entries.map((e) =>
    [
      '<entry>',
      `<title type="html">${escapeXml(e.title)}</title>`,
      `<id>${escapeXml(e.url)}</id>`,
      `<link href="${escapeXml(e.url)}"/>`,
      `<updated>${e.date}</updated>`,
      e.description ? `<summary type="html">${escapeXml(e.description)}</summary>` : '',
      `<content type="html">${escapeXml(e.html)}</content>`,
      ...e.authors.map(
        (a) => `<author><name>${escapeXml(a.name)}</name>${a.url ? `<uri>${escapeXml(a.url)}</uri>` : ''}</author>`,
      ),
      ...e.tags.map((t) => `<category term="${escapeXml(t)}"/>`),
      '</entry>',
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(info.link)}</id>`,
    `<title>${escapeXml(info.title)}</title>`,
    `<updated>${info.updated}</updated>`,
    `<link rel="alternate" href="${escapeXml(info.link)}"/>`,
    `<link rel="self" href="${escapeXml(info.self)}"/>`,
    `<subtitle>${escapeXml(info.description)}</subtitle>`,
    info.copyright ? `<rights>${escapeXml(info.copyright)}</rights>` : '',
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
