import type { Paragraph, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import { isAdmonitionType, makeAdmonition } from './admonition-node.js';

/**
 * `:::note`, `:::tip[Title]` … containers become admonitions. Directives that
 * are not admonitions (a stray `:name` in prose) are turned back into the
 * text they were written as, so remark-directive never eats content.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective' && isAdmonitionType(node.name)) {
        const [first, ...rest] = node.children;
        const hasLabel = first?.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel;
        const title = hasLabel ? (first as Paragraph).children : undefined;
        makeAdmonition(node, node.name, title, (hasLabel ? rest : node.children) as never);
        return;
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective') && parent && index !== undefined) {
        parent.children.splice(index, 1, ...(restoreDirective(node) as never[]));
        return index;
      }
    });
  };
}

function restoreDirective(node: TextDirective | LeafDirective | ContainerDirective): RootContent[] {
  const marker = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const attributes = Object.entries(node.attributes ?? {});
  const suffix = attributes.length ? `{${attributes.map(([k, v]) => (v ? `${k}="${v}"` : k)).join(' ')}}` : '';
  if (node.type === 'textDirective') {
    const label = node.children.length ? [{ type: 'text', value: '[' }, ...node.children, { type: 'text', value: ']' }] : [];
    return [{ type: 'text', value: marker + node.name }, ...label, ...(suffix ? [{ type: 'text', value: suffix }] : [])] as PhrasingContent[];
  }
  if (node.type === 'leafDirective') {
    return [{ type: 'paragraph', children: [{ type: 'text', value: marker + node.name + suffix }, ...node.children] }];
  }
  return [{ type: 'paragraph', children: [{ type: 'text', value: marker + node.name + suffix }] }, ...node.children];
}
