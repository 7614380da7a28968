import type { ElementContent, Root } from 'hast';
import type { VFile } from 'vfile';
import { createTrustedRaw } from './trusted-raw.js';
import { SKIP, visitElements } from './visit-elements.js';

/**
 * Replaces the stand-ins of site component uses (site-components.ts) with
 * their markers, `<MARKER-i>` and `</MARKER-i>`, written as trusted raw
 * nodes around the use's children. The page sanitiser then keeps the markers
 * and sanitises the children as the content they are; the components are
 * rendered into the markers after compiling (cli/components/fill-components.ts).
 * Runs before the sanitiser.
 */
export function rehypeComponentMarkers() {
  return (tree: Root, file: VFile) => {
    const marker = file.data.componentMarker;
    if (!marker) return;
    visitElements(tree, (node, index, parent) => {
      if (node.tagName !== marker) return;
      const use = String(node.properties.dataUse);
      // The children take the stand-in's place: the walk goes on into them, nested uses included.
      (parent.children as ElementContent[]).splice(
        index,
        1,
        createTrustedRaw(`<${marker}-${use}>`) as never,
        ...node.children,
        createTrustedRaw(`</${marker}-${use}>`) as never,
      );
      return SKIP;
    });
  };
}
