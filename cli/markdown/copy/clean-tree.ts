import type {
  BlockContent,
  Blockquote,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast';
import type { MagicComment } from '../../config/markdown-schema.js';
import { findCustomId } from '../custom-id.js';
import { shownCode } from '../plugins/rehype-code-blocks.js';
import { readTabItemProps, readTabsProps, TAB_LABEL_ELEMENT, tabLabelOf, tabValueOf } from '../plugins/rehype-tabs.js';
import { DOC_CARD_LIST_ELEMENT, TOC_INLINE_ELEMENT } from '../plugins/mdx-theme-components.js';
import { elementNodes, isPhrasing, textOf } from './copy-nodes.js';

/**
 * Where a `<DocCardList />` was: an HTML comment only this module writes (the
 * copy keeps no HTML of content's, and content's text is escaped), replaced
 * with the category's links when the copy is published (page-copies.ts).
 */
export const DOC_CARD_LIST_COPY = '<!-- docsgen:doc-card-list -->';

export interface CleanTreeOptions {
  /** `markdown.magicComments`: their lines are left out of code, as the page leaves them out. */
  magicComments?: readonly MagicComment[];
}

/**
 * The page's Markdown tree as plain CommonMark + GFM, made once partials,
 * imports, npm2yarn and theme components are expanded and before HTML: a new
 * tree (the page's own is left as it is) with no MDX or HTML node. Tabs are a
 * bold label per tab followed by its content, admonitions `> **Note:** …`
 * blockquotes, `<details>` a bold summary and its content; other elements are
 * replaced by their children (`<a>`, `<img>`, headings and inline formatting
 * keep their meaning); raw HTML, scripts and styles are dropped. Code keeps
 * its language and title, without magic comments or hidden lines. Link URLs
 * are made absolute later (copy-urls.ts), once the page's links are resolved.
 */
export function cleanTree(tree: Root, options: CleanTreeOptions = {}): Root {
  return { type: 'root', children: flow(tree.children as Nodes[], options) };
}

/** Block content: the nodes converted, phrasing left at block level wrapped in paragraphs. */
function flow(children: readonly Nodes[], options: CleanTreeOptions): RootContent[] {
  const out: RootContent[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    if (run.some((node) => node.type !== 'text' || node.value.trim()))
      out.push({ type: 'paragraph', children: trimRun(run) });
    run = [];
  };
  for (const node of children.flatMap((child) => convert(child, options))) {
    if (isPhrasing(node)) run.push(node as PhrasingContent);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

/** Inline content: the nodes converted, a block met inside flattened to its text content. */
function phrasing(children: readonly Nodes[], options: CleanTreeOptions): PhrasingContent[] {
  return children
    .flatMap((child) => convert(child, options))
    .flatMap((node) =>
      isPhrasing(node)
        ? [node as PhrasingContent]
        : 'children' in node
          ? phrasing(node.children as Nodes[], options)
          : [],
    );
}

/** Leading and trailing blank text of a paragraph made from loose inline nodes. */
function trimRun(run: PhrasingContent[]): PhrasingContent[] {
  while (run.length && run[run.length - 1].type === 'text' && !(run[run.length - 1] as Text).value.trim()) run.pop();
  const first = run[0];
  const last = run[run.length - 1];
  if (first?.type === 'text') run[0] = { type: 'text', value: first.value.trimStart() };
  if (last?.type === 'text')
    run[run.length - 1] = { type: 'text', value: (run[run.length - 1] as Text).value.trimEnd() };
  return run;
}

/** One node of the page as the nodes of its copy (none, one, or its children). */
function convert(node: Nodes, options: CleanTreeOptions): RootContent[] {
  const data = node.data as { hName?: string; hProperties?: Record<string, unknown>; admonition?: string } | undefined;
  if (data?.admonition && 'children' in node) return [admonition(node.children as Nodes[], options)];
  const hName = data?.hName;
  if (hName === 'dg-tabs' && 'children' in node)
    return tabs(node.children as Nodes[], data?.hProperties?.dataProps, options);
  if (hName === TAB_LABEL_ELEMENT || hName === TOC_INLINE_ELEMENT) return [];
  if (hName === DOC_CARD_LIST_ELEMENT) return [{ type: 'html', value: DOC_CARD_LIST_COPY }];
  if (hName === 'details' && 'children' in node) return details(node.children as Nodes[], options);
  if (hName === 'summary' && 'children' in node)
    return [{ type: 'strong', children: phrasing(node.children as Nodes[], options) }];
  switch (node.type) {
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
    case 'html':
      // Raw HTML is never copied: the copy is text for machines, and must not carry markup a reader's tool would run.
      return [];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return element(
        node.name ?? '',
        (data?.hProperties ?? {}) as Record<string, unknown>,
        node.children as Nodes[],
        options,
      );
    case 'code': {
      const { text, look } = shownCode(node.value, node.lang ?? '', node.meta ?? '', options.magicComments);
      const title = look.title?.replace(/[`\n]/g, '');
      return [
        {
          type: 'code',
          lang: node.lang ?? null,
          meta: title ? (title.includes('"') ? `title='${title.replace(/'/g, '')}'` : `title="${title}"`) : null,
          value: text,
        },
      ];
    }
    case 'heading':
      return [{ type: 'heading', depth: node.depth, children: withoutCustomId(phrasing(node.children, options)) }];
    case 'paragraph': {
      const children = trimRun(phrasing(node.children, options));
      return children.length ? [{ type: 'paragraph', children }] : [];
    }
    default:
      if ('children' in node) {
        const { data: _data, position: _position, children, ...rest } = node as Nodes & { children: Nodes[] };
        const inline =
          node.type === 'emphasis' ||
          node.type === 'strong' ||
          node.type === 'delete' ||
          node.type === 'link' ||
          node.type === 'linkReference' ||
          node.type === 'tableCell';
        return [
          {
            ...rest,
            children: inline
              ? phrasing(children, options)
              : node.type === 'list' || node.type === 'table' || node.type === 'tableRow'
                ? children.flatMap((c) => convert(c, options))
                : flow(children, options),
          } as RootContent,
        ];
      }
      {
        const { data: _data, position: _position, ...rest } = node;
        return [rest as RootContent];
      }
  }
}

/** An HTML element or a component written in MDX, by its name: the few with a Markdown meaning keep it, the rest give their children. */
function element(
  name: string,
  props: Record<string, unknown>,
  children: Nodes[],
  options: CleanTreeOptions,
): RootContent[] {
  const heading = /^h([1-6])$/.exec(name);
  if (heading)
    return [
      { type: 'heading', depth: Number(heading[1]) as 1, children: withoutCustomId(phrasing(children, options)) },
    ];
  switch (name) {
    case 'a':
      return typeof props.href === 'string'
        ? [{ type: 'link', url: props.href, children: phrasing(children, options) }]
        : phrasing(children, options);
    case 'img':
      return typeof props.src === 'string'
        ? [{ type: 'image', url: props.src, alt: typeof props.alt === 'string' ? props.alt : '' }]
        : [];
    case 'br':
      return [{ type: 'break' }];
    case 'hr':
      return [{ type: 'thematicBreak' }];
    case 'p':
      return [{ type: 'paragraph', children: phrasing(children, options) }];
    case 'code':
      return [{ type: 'inlineCode', value: children.map(textOf).join('') }];
    case 'pre':
      return [{ type: 'code', lang: null, value: children.map(textOf).join('').replace(/\n$/, '') }];
    case 'strong':
    case 'b':
      return [{ type: 'strong', children: phrasing(children, options) }];
    case 'em':
    case 'i':
      return [{ type: 'emphasis', children: phrasing(children, options) }];
    case 'del':
    case 's':
      return [{ type: 'delete', children: phrasing(children, options) }];
    case 'script':
    case 'style':
    case 'template':
      return [];
    default:
      // A site component, `<div>`, `<span>`…: what it wraps.
      return children.flatMap((child) => convert(child, options));
  }
}

/** `{#custom-id}` at the end of a heading is the anchor's name, not text. */
function withoutCustomId(children: PhrasingContent[]): PhrasingContent[] {
  const last = children[children.length - 1];
  if (last?.type !== 'text') return children;
  const custom = findCustomId(last.value);
  return custom ? [...children.slice(0, -1), { type: 'text', value: last.value.slice(0, custom.start) }] : children;
}

/** An admonition (admonition-node.ts: a title paragraph, then a body) as `> **Title:** body`. */
function admonition(children: Nodes[], options: CleanTreeOptions): Blockquote {
  const [title, body] = children;
  const label: Strong = {
    type: 'strong',
    children: [
      ...phrasing(title && 'children' in title ? (title.children as Nodes[]) : [], options),
      { type: 'text', value: ':' },
    ],
  };
  const content = flow(body && 'children' in body ? (body.children as Nodes[]) : [], options) as BlockContent[];
  const first = content[0];
  if (first?.type === 'paragraph')
    content[0] = { type: 'paragraph', children: [label, { type: 'text', value: ' ' }, ...first.children] };
  else content.unshift({ type: 'paragraph', children: [label] });
  return { type: 'blockquote', children: content };
}

/** Tabs as a bold label per tab followed by its content (every tab is shown: a reader of text picks one). */
function tabs(children: Nodes[], dataProps: unknown, options: CleanTreeOptions): RootContent[] {
  const props = readTabsProps(dataProps);
  return elementNodes(children, 'dg-tab-item').flatMap((item) => {
    const itemProps = readTabItemProps(
      (item.data as { hProperties?: Record<string, unknown> } | undefined)?.hProperties?.dataProps,
    );
    const itemChildren = (item as { children: Nodes[] }).children;
    const jsxLabel = itemChildren.find((c) => (c.data as { hName?: string } | undefined)?.hName === TAB_LABEL_ELEMENT);
    const label =
      jsxLabel && 'children' in jsxLabel
        ? phrasing(jsxLabel.children as Nodes[], options)
        : [{ type: 'text' as const, value: tabLabelOf(props, itemProps, tabValueOf(itemProps, textOf(item))) }];
    const heading: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: label }] };
    return [heading, ...flow(itemChildren, options)];
  });
}

/** `<details>` as its summary in bold, then its content. */
function details(children: Nodes[], options: CleanTreeOptions): RootContent[] {
  const summary = children.find((c) => (c.data as { hName?: string } | undefined)?.hName === 'summary');
  const rest = children.filter((c) => c !== summary);
  const label = summary && 'children' in summary ? phrasing(summary.children as Nodes[], options) : [];
  return [
    ...(label.length ? [{ type: 'paragraph', children: [{ type: 'strong', children: label }] } as Paragraph] : []),
    ...flow(rest, options),
  ];
}
