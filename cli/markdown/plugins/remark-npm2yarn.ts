import type { BlockContent, Code, Nodes, Root } from 'mdast';
import { convertNpmCode } from '../npm2yarn.js';

/** The shells whose blocks may be marked `npm2yarn`, as Docusaurus's plugin takes them. */
const SHELLS = new Set(['bash', 'sh', 'shell']);
/** Every block's tabs share this group: picking Yarn once shows Yarn in every such block (and remembers it). */
export const NPM2YARN_GROUP = 'npm2yarn';

const TABS = [
  { value: 'npm', label: 'npm' },
  { value: 'yarn', label: 'Yarn' },
  { value: 'pnpm', label: 'pnpm' },
] as const;

/** The meta of a block without its `npm2yarn` word, or undefined when it has none. */
function metaWithoutMarker(meta: string | null | undefined): string | undefined {
  if (!meta) return undefined;
  const words = meta.split(' ');
  const at = words.indexOf('npm2yarn');
  return at === -1
    ? undefined
    : words
        .filter((_, i) => i !== at)
        .join(' ')
        .trim();
}

/** A container that remark-rehype turns into the element rehype-tabs.ts expands (`dg-tabs`, `dg-tab-item`). */
export function tabsNode(
  tagName: 'dg-tabs' | 'dg-tab-item',
  props: Record<string, string>,
  children: BlockContent[],
): BlockContent {
  return { type: 'blockquote', data: { hName: tagName, hProperties: { dataProps: JSON.stringify(props) } }, children };
}

/**
 * ` ```bash npm2yarn ` blocks become three tabs, npm, Yarn and pnpm
 * (npm2yarn.ts converts the commands), with the shared group id
 * `npm2yarn`; each tab holds an ordinary code block with the block's
 * other meta (title, highlighted lines).
 */
export function remarkNpm2yarn() {
  return (tree: Root) => {
    const stack: Nodes[] = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (!('children' in node)) continue;
      const children = node.children as Nodes[];
      for (let i = 0; i < children.length; i++) {
        const child = children[i];
        const meta = child.type === 'code' && SHELLS.has(child.lang ?? '') ? metaWithoutMarker(child.meta) : undefined;
        if (meta === undefined) {
          stack.push(child);
          continue;
        }
        const code = child as Code;
        const items = TABS.map((tab) =>
          tabsNode('dg-tab-item', tab, [
            {
              type: 'code',
              lang: code.lang,
              meta: meta || null,
              value: tab.value === 'npm' ? code.value : convertNpmCode(code.value, tab.value),
              position: code.position,
            },
          ]),
        );
        children[i] = { ...tabsNode('dg-tabs', { groupId: NPM2YARN_GROUP }, items), position: code.position };
      }
    }
  };
}
