import type { Program } from 'estree';
import type { Code, Nodes, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { JsxValue } from '../jsx-value.js';
import { textOf } from '../copy/copy-nodes.js';

/** The theme components docsgen draws itself without an element of their own: each becomes Markdown the pipeline already renders. */
export const THEME_COMPONENT_MODULES: Record<string, string> = {
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/DocCardList': 'DocCardList',
  '@theme/TOCInline': 'TOCInline',
};

/** The placeholder elements remark leaves for rehype-theme-placeholders.ts to fill once the page's headings are known. */
export const TOC_INLINE_ELEMENT = 'dg-toc-inline';
export const DOC_CARD_LIST_ELEMENT = 'dg-doc-card-list';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** How a theme component reads its children: the value of a lone `{expression}`, or the text as written. */
export interface ChildReader {
  /** The value of the element's only child when that is an `{expression}` (undefined when it is not, or failed). */
  expressionValue(node: JsxElement): { found: boolean; value?: unknown };
  /** The element's children exactly as written in the source. */
  sourceText(node: JsxElement): string;
}

/** True for a built-in handled here. */
export function isThemeComponent(builtin: string): boolean {
  return Object.values(THEME_COMPONENT_MODULES).includes(builtin);
}

/**
 * The Markdown nodes that stand for a theme component: `<CodeBlock>` a
 * fenced code block (so it is highlighted, titled and numbered as one),
 * `<TOCInline>` and `<DocCardList>` placeholders.
 */
export function renderThemeComponent(
  node: JsxElement,
  builtin: string,
  props: Record<string, unknown>,
  children: ChildReader,
): RootContent[] {
  if (builtin === 'CodeBlock') return [toCodeNode(node, props, children)];
  if (builtin === 'TOCInline') {
    const level = (value: unknown, fallback: number) =>
      typeof value === 'number' && Number.isInteger(value) && value >= 2 && value <= 6 ? value : fallback;
    const min = level(props.minHeadingLevel, 2);
    return [
      placeholder(node, TOC_INLINE_ELEMENT, { dataMin: min, dataMax: Math.max(min, level(props.maxHeadingLevel, 3)) }),
    ];
  }
  return [placeholder(node, DOC_CARD_LIST_ELEMENT, {})];
}

function placeholder(node: JsxElement, hName: string, hProperties: Record<string, number>): RootContent {
  return { type: 'paragraph', data: { hName, hProperties }, children: [], position: node.position } as RootContent;
}

/**
 * `<CodeBlock language="ts" title="x.ts" showLineNumbers>{code}</CodeBlock>`
 * as the fence it stands for: its meta has the title, line numbers and any
 * `metastring`, and `nocheck`: the sample checker reads fenced blocks only.
 */
function toCodeNode(node: JsxElement, props: Record<string, unknown>, children: ChildReader): Code {
  const child = children.expressionValue(node);
  const written = child.found ? (typeof child.value === 'string' ? child.value : '') : children.sourceText(node);
  const value = written.replace(/^\n+/, '').trimEnd();
  const meta: string[] = [];
  if (typeof props.metastring === 'string') meta.push(props.metastring);
  const title = titleText(props.title);
  if (title) meta.push(title.includes('"') ? `title='${title.replace(/'/g, '')}'` : `title="${title}"`);
  if (props.showLineNumbers === true || typeof props.showLineNumbers === 'number') meta.push('showLineNumbers');
  meta.push('nocheck="shown by <CodeBlock>"');
  const language =
    typeof props.language === 'string'
      ? props.language
      : typeof props.className === 'string'
        ? /language-(\S+)/.exec(props.className)?.[1]
        : undefined;
  return { type: 'code', lang: language ?? null, meta: meta.join(' '), value, position: node.position };
}

/** A title as text: a string, or the text of JSX given as the title (`title={<b>x</b>}`). */
function titleText(title: unknown): string | undefined {
  if (typeof title === 'string' || typeof title === 'number') return String(title);
  if (title instanceof JsxValue) return title.nodes.map(textOf).join('');
  return undefined;
}

/**
 * How theme components read their children in a file whose source is
 * `source`: a lone `{expression}` by `evaluate`, anything else as written
 * (`<CodeBlock>` children are code, not Markdown).
 */
export function createChildReader(
  source: string,
  evaluate: (program: Program | undefined, node: Nodes) => unknown,
): ChildReader {
  return {
    expressionValue: (element) => {
      const only = element.children.length === 1 ? element.children[0] : undefined;
      if (only?.type !== 'mdxFlowExpression' && only?.type !== 'mdxTextExpression') return { found: false };
      return { found: true, value: evaluate(only.data?.estree as Program | undefined, only) };
    },
    sourceText: (element) => {
      const first = element.children[0] as Nodes | undefined;
      const last = element.children[element.children.length - 1] as Nodes | undefined;
      const start = first?.position?.start.offset;
      const end = last?.position?.end.offset;
      return start === undefined || end === undefined ? textOf(element) : source.slice(start, end);
    },
  };
}
