import type { Heading } from '../shared/site-data.js';

/** A heading with the deeper headings that follow it before the next one of its level or above. */
export interface TocNode extends Heading {
  children: TocNode[];
}

/** Nests a page's headings for a table of contents: the theme's "On this page" and content's `<TOCInline>`. */
export function nestHeadings(headings: Heading[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const h of headings) {
    const node: TocNode = { ...h, children: [] };
    while (stack.length && stack[stack.length - 1].depth >= h.depth) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}
