import type { Nodes, Root } from 'mdast';

/**
 * Keeps a code fence's meta (`title="App.tsx" {2} nocheck="why"`) as a
 * `metastring` property of its `<code>`, where rehype-code-blocks.ts reads
 * it. remark-rehype passes the meta as data, which does not survive
 * rehype-raw's reparse of a `.md` page: such a page lost its titles, and its
 * samples' keys (code-refs.ts sampleKey) would not match the checker's.
 */
export function remarkCodeMeta() {
  return (tree: Root) => {
    const stack: Nodes[] = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.type === 'code') {
        if (node.meta) node.data = { ...node.data, hProperties: { ...node.data?.hProperties, metastring: node.meta } };
      } else if ('children' in node) {
        for (const child of node.children as Nodes[]) stack.push(child);
      }
    }
  };
}
