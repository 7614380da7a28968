import type { BlockContent, Code, Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { splitMetaWords } from '../code-meta-words.js';
import { tabsNode } from './remark-npm2yarn.js';

/** The group every tab block's tabs share: picking TypeScript once picks it in every such group (docusaurus-remark-plugin-tab-blocks's default). */
export const TAB_BLOCKS_GROUP = 'code-examples';

/** The plugin's default labels; other languages are labelled with their name. */
const LABELS: Readonly<Record<string, string>> = { js: 'JavaScript', ts: 'TypeScript' };

/** The most code blocks one tab may hold (`tab={"span": 2}`). */
const MAX_SPAN = 20;

/** A `tab` word's options: `tab={"label": "npm", "span": 2}`. */
interface TabOptions {
  label?: string;
  span: number;
}

/**
 * Consecutive code blocks marked `tab` (` ```js tab `, ` ```ts tab `, as jest's
 * docs write them for docusaurus-remark-plugin-tab-blocks) become one tab group:
 * a tab per block, labelled JavaScript and TypeScript (or the language, or
 * `tab={"label": "…"}`), `tab={"span": 2}` putting the next blocks in the
 * same tab. The `tab` word leaves each block's meta; the rest (title,
 * highlighted lines) stays.
 */
export function remarkTabBlocks() {
  return (tree: Root, file: VFile) => {
    const stack: Nodes[] = [tree];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (!('children' in node)) continue;
      const children = node.children as Nodes[];
      for (let i = 0; i < children.length; i++) {
        const first = tabOptions(children[i], file);
        if (!first) {
          stack.push(children[i]);
          continue;
        }
        const tabs: { code: Code[]; options: TabOptions }[] = [];
        let end = i;
        for (let options: TabOptions | undefined = first; options; options = tabOptions(children[end], file)) {
          const code: Code[] = [];
          while (code.length < options.span && children[end]?.type === 'code')
            code.push(withoutTabWord(children[end++] as Code));
          tabs.push({ code, options });
        }
        const items = tabs.map(({ code, options }) => {
          const lang = code[0].lang ?? 'code';
          const label = options.label ?? LABELS[lang] ?? lang;
          const value = options.label?.toLowerCase().replace(/ /g, '-') ?? lang;
          return tabsNode('dg-tab-item', { value, label }, code);
        });
        const group: BlockContent = {
          ...tabsNode('dg-tabs', { groupId: TAB_BLOCKS_GROUP }, items),
          position: children[i].position,
        };
        children.splice(i, end - i, group as never);
      }
    }
  };
}

/** The options of a code node marked `tab`, or undefined for any other node. A `tab={…}` that is not such an object is a warning, and a plain tab. */
function tabOptions(node: Nodes | undefined, file: VFile): TabOptions | undefined {
  if (node?.type !== 'code' || !node.meta) return undefined;
  const word = splitMetaWords(node.meta).find((w) => w.text === 'tab' || w.text.startsWith('tab={'));
  if (!word) return undefined;
  if (word.text === 'tab') return { span: 1 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(word.text.slice('tab='.length));
  } catch {
    parsed = undefined;
  }
  const options =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  const label = typeof options?.label === 'string' && options.label.trim() ? options.label.slice(0, 100) : undefined;
  const span =
    typeof options?.span === 'number' && Number.isInteger(options.span) && options.span >= 1
      ? Math.min(options.span, MAX_SPAN)
      : 1;
  if (!options || Object.keys(options).some((key) => key !== 'label' && key !== 'span')) {
    const message = file.message(
      `this code block's ${word.text.length > 60 ? `${word.text.slice(0, 59)}…` : word.text} is not JSON of a label and a span: the block is a tab with its language as the label`,
      node.position,
    );
    message.ruleId = 'unknown-code-meta';
    message.note =
      'write tab, or tab={"label": "npm"} or tab={"span": 2}, as docusaurus-remark-plugin-tab-blocks reads them';
  }
  return { ...(label ? { label } : {}), span };
}

/** The block without its `tab` word in the meta. */
function withoutTabWord(code: Code): Code {
  const words = splitMetaWords(code.meta ?? '').filter((w) => w.text !== 'tab' && !w.text.startsWith('tab={'));
  return { ...code, meta: words.map((w) => w.text).join(' ') || null };
}
