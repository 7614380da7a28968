import type { Element, Root } from 'hast';

/** What a visitor returns to leave an element's children unvisited. */
export const SKIP = 'skip';

export type ElementVisitor = (node: Element, index: number, parent: Root | Element) => void | typeof SKIP;

/**
 * Calls `visitor` for every element under `parent`, parents before children, and
 * walks the children an element has once its visitor returns. unist-util-visit
 * does this for any node type but builds an ancestor list at every step: on a
 * page's thousands of nodes that cost a tenth of compile time (measured), and
 * these plugins never need the ancestors. A visitor that replaces the node at
 * `parent.children[index]` must return SKIP.
 */
export function visitElements(parent: Root | Element, visitor: ElementVisitor): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (child.type === 'element' && visitor(child, index, parent) !== SKIP) visitElements(child, visitor);
  }
}
