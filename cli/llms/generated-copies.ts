import type { RootContent } from 'mdast';
import { Parser } from 'htmlparser2';
import type { SiteConfig } from '../config/schema.js';
import { stringifyMarkdown } from '../markdown/copy/stringify-copy.js';
import type { CategoryCard, Route, SidebarItem } from '../types.js';
import type { SiteData } from '../../templates/shared/site-data.js';
import { firstHref } from '../routes/generated-index.js';
import { linkList, type CopyLinker } from './copy-links.js';

/** A title and an optional description quoted under it. */
function titled(title: string, description: string | undefined): RootContent[] {
  const head: RootContent[] = [{ type: 'heading', depth: 1, children: [{ type: 'text', value: title }] }];
  if (description)
    head.push({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: description }] }],
    });
  return head;
}

/** A category's cards as a list of links to the pages' copies. */
export function cardList(cards: readonly CategoryCard[], linker: CopyLinker): RootContent {
  return linkList(
    cards.map((card) => ({ label: card.label, url: linker.copyUrl(card.href), description: card.description })),
  );
}

/** The copy of a sidebar category's generated index: its title, its description, its items. */
export function categoryCopy(route: Route, linker: CopyLinker): string {
  const cards = route.categoryIndex?.cards ?? [];
  return stringifyMarkdown({
    type: 'root',
    children: [...titled(route.title, route.description), ...(cards.length ? [cardList(cards, linker)] : [])],
  });
}

/** The home page's copy: the site's title and tagline, its features, its code sample, and links into the docs. */
export function homeCopy(
  site: SiteData,
  config: SiteConfig,
  sidebar: readonly SidebarItem[],
  linker: CopyLinker,
): string {
  const children: RootContent[] = titled(site.title, site.tagline || undefined);
  for (const feature of site.home.features) {
    children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: feature.title }] });
    // Written as HTML in the config (trusted); the copy keeps its text.
    const text = htmlText(feature.description).trim();
    if (text) children.push({ type: 'paragraph', children: [{ type: 'text', value: text }] });
  }
  const sample = config.home.codeSample;
  if (sample)
    children.push({
      type: 'code',
      lang: sample.lang,
      meta: sample.title ? `title="${sample.title.replace(/["`\n]/g, '')}"` : null,
      value: sample.code,
    });
  const entries = [{ label: 'Get Started', url: linker.copyUrl(site.home.getStartedHref) }];
  for (const item of sidebar) {
    const href = firstHref(item);
    if (href && item.type !== 'html') entries.push({ label: item.label, url: linker.copyUrl(href) });
  }
  children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: 'Documentation' }] }, linkList(entries));
  return stringifyMarkdown({ type: 'root', children });
}

/** The text of a snippet of (trusted) HTML, character references decoded. */
function htmlText(html: string): string {
  let text = '';
  const parser = new Parser({ ontext: (chunk) => (text += chunk) });
  parser.write(html);
  parser.end();
  return text;
}
