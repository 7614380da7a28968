import type { Element, ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { nestHeadings, type TocNode } from '../../../templates/theme/toc-tree.js';
import { docCardListMarker } from '../doc-card-marker.js';
import { DOC_CARD_LIST_ELEMENT, TOC_INLINE_ELEMENT } from './mdx-theme-components.js';
import { createTrustedRaw } from './trusted-raw.js';
import { visitElements } from './visit-elements.js';

/**
 * Fills the placeholders theme components left (mdx-theme-components.ts):
 * `<TOCInline>` becomes the list of the page's headings between its levels
 * (known once rehype-headings.ts has run, partials' headings included);
 * `<DocCardList>` becomes a marker the render step replaces with the cards of
 * the doc's sidebar category (cli/routes/doc-card-lists.ts), since pages are
 * compiled without the sidebar. The marker is trusted raw HTML: content,
 * whose HTML is sanitised, cannot write one.
 */
declare module 'vfile' {
  interface DataMap {
    /** Lines before the page's body (its front matter): added to a line the page's HTML records. */
    lineOffset: number;
  }
}

export function rehypeThemePlaceholders() {
  return (tree: Root, file: VFile) => {
    visitElements(tree, (node, index, parent) => {
      if (node.tagName === TOC_INLINE_ELEMENT) {
        const headings = (file.data.headings ?? []).filter(
          (h) => h.depth >= Number(node.properties.dataMin) && h.depth <= Number(node.properties.dataMax),
        );
        parent.children[index] = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['toc-inline'] },
          children: headings.length ? [nestedList(nestHeadings(headings))] : [],
        };
      } else if (node.tagName === DOC_CARD_LIST_ELEMENT) {
        // The page's line, for an error there if the doc turns out to have no category: a partial's element has its user's place.
        const line = node.position ? node.position.start.line + (file.data.lineOffset ?? 0) : 0;
        parent.children[index] = createTrustedRaw(docCardListMarker(line)) as unknown as ElementContent;
      }
    });
  };
}

/** Headings as nested lists, a deeper heading inside the item of the one above it. */
function nestedList(nodes: TocNode[]): Element {
  return {
    type: 'element',
    tagName: 'ul',
    properties: {},
    children: nodes.map(
      (node): Element => ({
        type: 'element',
        tagName: 'li',
        properties: {},
        children: [
          {
            type: 'element',
            tagName: 'a',
            properties: { href: `#${node.id}` },
            children: [{ type: 'text', value: node.text }],
          },
          ...(node.children.length ? [nestedList(node.children)] : []),
        ],
      }),
    ),
  };
}
