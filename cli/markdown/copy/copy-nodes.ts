import type { Nodes } from 'mdast';

/** The mdast node types that are inline content (CommonMark + GFM). */
const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'image',
  'linkReference',
  'imageReference',
  'footnoteReference',
]);

/** Whether a node goes inside a paragraph rather than beside one. */
export function isPhrasing(node: Nodes): boolean {
  return PHRASING.has(node.type);
}

/** The text of Markdown nodes, as mdast-util-to-string gives it (a dependency of a dependency here, so not imported). */
export function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '';
}

/** The children that stand for an element of this name (`data.hName`, as remark-rehype reads it). */
export function elementNodes(children: readonly Nodes[], hName: string): Nodes[] {
  return children.filter((child) => (child.data as { hName?: string } | undefined)?.hName === hName);
}
