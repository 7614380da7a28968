/**
 * DOM for one hit, shared by the modal and the search page. Every piece of
 * text is set as text (never as HTML), highlighted words as <mark> elements.
 */
import type { Marked, SearchHit } from '../../shared/search-types.js';

/** Creates an element with a class and, optionally, text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Appends text segments, wrapping the matched ones in <mark>. */
export function appendMarked(parent: HTMLElement, marked: Marked): void {
  for (const part of marked)
    parent.append(part.mark ? element('mark', undefined, part.text) : document.createTextNode(part.text));
}

/** The part of a hit kept in recent searches and favourites. */
export type HitSummary = Pick<SearchHit, 'url' | 'group' | 'pageTitle' | 'heading'>;

/** The title line shows the section heading, or the page title for a page's introduction. */
export function hitPath(hit: HitSummary): string {
  return [hit.group, hit.heading ? hit.pageTitle : ''].filter(Boolean).join(' › ');
}

/** A link to a hit: title (heading or page title), path (group › page), snippet. */
export function createHitLink(hit: SearchHit | HitSummary): HTMLAnchorElement {
  const link = element('a', 'search-hit');
  link.href = hit.url;
  const title = element('span', 'search-hit-title');
  const marks =
    'titleMarks' in hit
      ? hit.heading
        ? hit.headingMarks
        : hit.titleMarks
      : [{ text: hit.heading || hit.pageTitle, mark: false }];
  appendMarked(title, marks);
  link.append(title);
  const path = hitPath(hit);
  if (path) link.append(element('span', 'search-hit-path', path));
  if ('snippet' in hit && hit.snippet.length) {
    const text = element('span', 'search-hit-snippet');
    appendMarked(text, hit.snippet);
    link.append(text);
  }
  return link;
}

/** Snippet length in words: 10, or 5 on screens 768 px wide or less. */
export function snippetWords(): number {
  return window.matchMedia('(max-width: 768px)').matches ? 5 : 10;
}
