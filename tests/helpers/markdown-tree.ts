import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/** Markdown parsed back as CommonMark + GFM (micromark), as a reader of a copy would parse it. */
export function parseMarkdown(markdown: string): Nodes {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown) as Nodes;
}

/** Every node of a type in a tree, in document order. */
export function nodesOf(tree: Nodes, type: string): Nodes[] {
  const found: Nodes[] = [];
  const walk = (node: Nodes) => {
    if (node.type === type) found.push(node);
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  return found;
}

/** The text of a node. */
export function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '';
}
