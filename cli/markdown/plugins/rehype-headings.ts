import GithubSlugger from 'github-slugger';
import type { Element, Root, Text } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import type { Heading } from '../../types.js';
import { findCustomId } from '../custom-id.js';
import { visitElements } from './visit-elements.js';

/**
 * Gives every h1–h6 an id (github-slugger, as Docusaurus does, or the
 * `{#custom-id}` written after the heading), adds a hover anchor link, and
 * collects the headings into `file.data.headings`. A leading h1 is lifted out
 * into `file.data.h1`: the page template renders the title itself.
 */
export function rehypeHeadings() {
  return (tree: Root, file: VFile) => {
    const slugger = new GithubSlugger();
    const headings: Heading[] = [];
    const seen = new Set<string>();
    visitElements(tree, (node) => {
      const depth = /^h([1-6])$/.exec(node.tagName)?.[1];
      if (!depth) return;
      const custom = takeCustomId(node);
      const text = textOf(node).trim();
      const id = custom ?? (node.properties.id ? String(node.properties.id) : slugger.slug(text));
      if (custom) slugger.slug(custom);
      if (seen.has(id)) {
        file.message(`duplicate heading id '#${id}' on this page`, node.position).ruleId = 'duplicate-heading-id';
      }
      seen.add(id);
      node.properties.id = id;
      if (Number(depth) > 1) {
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { href: `#${id}`, className: ['hash-link'], ariaLabel: `Direct link to ${text}` },
          children: [{ type: 'text', value: '#' }],
        });
      }
      headings.push({ depth: Number(depth), id, text });
    });
    const first = tree.children.find((c) => c.type === 'element' || (c.type === 'text' && c.value.trim()));
    if (first?.type === 'element' && first.tagName === 'h1') {
      file.data.h1 = textOf(first).trim();
      tree.children.splice(tree.children.indexOf(first), 1);
      headings.splice(0, 1);
    }
    file.data.headings = headings;
  };
}

/** Strips a trailing `{#id}` from the heading's last text node and returns the id. */
function takeCustomId(node: Element): string | undefined {
  const last = node.children[node.children.length - 1];
  if (last?.type !== 'text') return undefined;
  const custom = findCustomId((last as Text).value);
  if (!custom) return undefined;
  (last as Text).value = (last as Text).value.slice(0, custom.start);
  return custom.id;
}
