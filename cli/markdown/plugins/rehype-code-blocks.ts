import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import {
  CHECKED_LANGUAGES,
  LINKED_LANGUAGES,
  parseSampleMeta,
  sampleKey,
  splitShown,
} from '../../samples/code-refs.js';
import { findFileWord } from '../code-file-ref.js';
import { splitMetaWords } from '../code-meta-words.js';
import { PageTips } from '../code-tips.js';
import { CostlyCodeError, LONG_CODE_LINE, measureCodeCost } from '../compile-cost.js';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from '../../config/markdown-schema.js';
import { applyMagicComments, moveRefsToKeptLines, type UnclosedBlock } from '../magic-comments.js';
import {
  parseLineRanges,
  type CodeBlockOptions as BlockLook,
  type CodeHighlighter,
  type CodeLinkSource,
} from '../highlighter.js';
import { createTrustedRaw } from './trusted-raw.js';
import { SKIP, visitElements } from './visit-elements.js';

export interface CodeBlockOptions {
  highlighter: CodeHighlighter;
  /** The site's baseUrl: code links elsewhere are dropped. */
  baseUrl: string;
  /** `markdown.magicComments`: comment lines that mark lines and are removed from the shown code. */
  magicComments?: readonly MagicComment[];
}

declare module 'vfile' {
  interface DataMap {
    /** How much more highlighting this page may cost before it must be compiled where it can be stopped (compile-cost.ts); no limit when unset. */
    codeBudget: number;
    /** What the ids of this page's code tips start with (code-tips.ts); `t.` when unset. */
    codeTipPrefix: string;
  }
}

/**
 * Turns `<pre><code class="language-x">` into a shiki-highlighted block with
 * a title bar, highlighted lines, line numbers and a copy button; in
 * TypeScript and JavaScript, only the lines between cut markers are shown
 * (code-refs.ts splitShown) and API names link to their pages, with their
 * tips written once per page (code-tips.ts). Mermaid
 * blocks become `<pre class="mermaid">` for the browser to draw. The stringifier
 * must allow raw HTML (`allowDangerousHtml`) for the blocks to be written; the
 * page sanitiser keeps them because they are marked as trusted (the code and
 * its title are escaped text).
 */
export function rehypeCodeBlocks({ highlighter, baseUrl, magicComments = DEFAULT_MAGIC_COMMENTS }: CodeBlockOptions) {
  return async (tree: Root, file: VFile) => {
    // Each block as shown first: the highlighter starts shiki only for blocks it has not highlighted before.
    const blocks = new Map<Element, ShownBlock>();
    visitElements(tree, (node) => {
      const code = codeOf(node);
      if (code) blocks.set(node, shownBlock(code, file, magicComments));
    });
    await highlighter.prepare(
      [...blocks.values()]
        .filter((block) => block.lang !== 'mermaid')
        .map(({ text, lang, linksNames }) => ({ code: text, lang, linksNames })),
    );
    const tips = new PageTips(file.data.codeTipPrefix ?? 't.');
    visitElements(tree, (node, index, parent) => {
      const block = blocks.get(node);
      if (!block) return;
      const { lang, meta, written, linked, shown, hiddenAbove, look, magic, text } = block;
      if (lang === 'mermaid') {
        file.data.hasMermaid = true;
        file.data.mermaidLine ??= node.position?.start.line;
        parent.children[index] = {
          type: 'element',
          tagName: 'pre',
          properties: { className: ['mermaid'] },
          children: [{ type: 'text', value: shown }],
        };
        return SKIP;
      }
      for (const open of magic?.unclosed ?? [])
        reportUnclosed(open, (node.position?.start.line ?? 0) + 1 + hiddenAbove, node, file);
      if (!highlighter.supports(lang)) {
        const message = file.message(`unknown code language '${lang}', shown as plain text`, node.position);
        message.ruleId = 'unknown-language';
        message.note =
          'use a language name shiki knows (see shiki.style/languages), or add it to highlight.additionalLanguages in the config';
      }
      if (file.data.codeBudget !== undefined && highlighter.tokenizes(lang)) {
        const cost = measureCodeCost(text);
        file.data.codeBudget -= cost.squares;
        if (file.data.codeBudget < 0 || cost.longest > LONG_CODE_LINE)
          throw new CostlyCodeError(node.position?.start.line ?? 1);
      }
      // The block goes in as finished HTML: later plugins and the serialiser skip its thousands of token spans.
      let links = linked ? linkSource(lang, meta, written, node, file, baseUrl, tips) : undefined;
      if (links?.refs && magic?.keptLine) links = { ...links, refs: moveRefsToKeptLines(links.refs, magic.keptLine) };
      const lineClasses = magic?.lineClasses;
      parent.children[index] = createTrustedRaw(
        highlightOrShowPlain(
          highlighter,
          text,
          lang,
          { ...look, ...(lineClasses ? { lineClasses } : {}), links },
          node,
          file,
        ),
      );
      return SKIP;
    });
  };
}

/** A block as written and as shown, and whether its exported names are to be linked (as `linkSource` decides). */
type ShownBlock = ReturnType<typeof shownBlock>;

function shownBlock(code: Element, file: VFile, magicComments: readonly MagicComment[]) {
  const lang = languageOf(code);
  const meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? '');
  const written = textOf(code).replace(/\n$/, '');
  const linked = LINKED_LANGUAGES.has(lang.toLowerCase());
  const { sampleRefs, exportRefs } = file.data;
  const checked = sampleRefs !== undefined && Object.hasOwn(sampleRefs, sampleKey(lang, meta, written));
  const linksNames = linked && !checked && exportRefs !== undefined && Object.keys(exportRefs).length > 0;
  return { lang, meta, written, linked, linksNames, ...shownCode(written, lang, meta, magicComments) };
}

/** The `<code>` of a `<pre>` block, if the element is one. */
function codeOf(node: Element): Element | undefined {
  if (node.tagName !== 'pre') return undefined;
  return node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
}

/** A block's language, from its `language-x` class ('' when it has none). */
function languageOf(code: Element): string {
  const classes = (code.properties.className as string[] | undefined) ?? [];
  return classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
}

/** A `highlight-start` never ended: its lines are marked to the end of the block, and the author is told. */
function reportUnclosed(open: UnclosedBlock, firstLine: number, node: Element, file: VFile): void {
  const place = { line: firstLine + open.line, column: node.position?.start.column ?? 1 };
  const message = file.message(
    `'${open.directive}' has no end in this code block: the lines after it are marked to the end of the block`,
    { start: place, end: place },
  );
  message.ruleId = 'magic-comment-unclosed';
  message.note = `add a '${open.end}' comment where the marked lines stop`;
}

/**
 * Where a sample's API links come from: the checker's refs for the block
 * (found by its key: language, meta and code as written), or exact exported
 * names when the checker has none for it. A TypeScript block the checker
 * should have seen but did not (a fence inside a blockquote, say) gets a
 * warning, so a check never claims more than it did.
 */
function linkSource(
  lang: string,
  meta: string,
  written: string,
  node: Element,
  file: VFile,
  baseUrl: string,
  tips: PageTips,
): CodeLinkSource | undefined {
  const { sampleRefs, exportRefs } = file.data;
  const key = sampleKey(lang, meta, written);
  if (sampleRefs && Object.hasOwn(sampleRefs, key)) return { refs: sampleRefs[key], baseUrl, tips };
  // A `file=` block's code is the file's (remark-file-content.ts), which the checker, reading the page's source, never sees: not a sample.
  const fromFile = findFileWord(splitMetaWords(meta)) !== undefined;
  if (
    sampleRefs &&
    CHECKED_LANGUAGES.has(lang.toLowerCase()) &&
    parseSampleMeta(meta).nocheck === undefined &&
    !fromFile
  ) {
    const message = file.message(
      `this ${lang} sample was not type-checked: the sample checker did not find it in the page's source`,
      node.position,
    );
    message.ruleId = 'code-sample-unchecked';
    message.note =
      'the checker reads fenced blocks where the page\'s Markdown has them, not one inside a blockquote or an element: move it out to the page\'s top level, or mark it `nocheck="why"` if it is not meant to compile';
  }
  return exportRefs ? { names: exportRefs, baseUrl, tips } : undefined;
}

/**
 * The highlighted block; if the grammar fails on this code (its regular
 * expression engine can run out of stack on a long line), the code as plain
 * text, with a warning at the block.
 */
function highlightOrShowPlain(
  highlighter: CodeHighlighter,
  text: string,
  lang: string,
  options: BlockLook,
  node: Element,
  file: VFile,
): string {
  try {
    return highlighter.toHtml(text, lang, options);
  } catch (error) {
    const message = file.message(
      `could not highlight this ${lang} code (${(error as Error).message}), shown as plain text`,
      node.position,
    );
    message.ruleId = 'highlight-failed';
    message.note = 'break its long lines into shorter ones, or mark the block as `text`';
    return highlighter.toHtml(text, 'text', { ...options, links: undefined });
  }
}

/**
 * What a reader is shown of a block as written: a sample's hidden lines (cut
 * markers) reach neither the page nor its copy button nor search nor its
 * Markdown copy, and magic comment lines are removed, except, as in
 * Docusaurus, in a block whose meta marks lines (`{2}`): it is shown as written.
 */
export function shownCode(
  written: string,
  lang: string,
  meta: string,
  magicComments: readonly MagicComment[] = DEFAULT_MAGIC_COMMENTS,
) {
  const { shown, hiddenAbove } = LINKED_LANGUAGES.has(lang.toLowerCase())
    ? splitShown(written)
    : { shown: written, hiddenAbove: 0 };
  const look = parseMeta(meta);
  const magic = lang === 'mermaid' || look.highlightLines ? undefined : applyMagicComments(shown, lang, magicComments);
  return { shown, hiddenAbove, look, magic, text: magic?.code ?? shown };
}

function parseMeta(meta: string) {
  const title = /title=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  const ranges = /\{([\d,\s-]+)\}/.exec(meta);
  return {
    title: title ? (title[1] ?? title[2]) : undefined,
    highlightLines: ranges ? parseLineRanges(ranges[1]) : undefined,
    showLineNumbers: /\bshowLineNumbers\b/.test(meta),
  };
}
