import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { CostlyCodeError, LONG_CODE_LINE, measureCodeCost } from '../compile-cost.js';
import { parseLineRanges, type CodeHighlighter } from '../highlighter.js';
import { createTrustedRaw } from './trusted-raw.js';
import { SKIP, visitElements } from './visit-elements.js';

export interface CodeBlockOptions {
  highlighter: CodeHighlighter;
}

declare module 'vfile' {
  interface DataMap {
    /** How much more highlighting this page may cost before it must be compiled where it can be stopped (compile-cost.ts); no limit when unset. */
    codeBudget: number;
  }
}

/**
 * Turns `<pre><code class="language-x">` into a shiki-highlighted block with
 * a title bar, highlighted lines, line numbers and a copy button. Mermaid
 * blocks become `<pre class="mermaid">` for the browser to draw. The stringifier
 * must allow raw HTML (`allowDangerousHtml`) for the blocks to be written; the
 * page sanitiser keeps them because they are marked as trusted (the code and
 * its title are escaped text).
 */
export function rehypeCodeBlocks({ highlighter }: CodeBlockOptions) {
  return (tree: Root, file: VFile) => {
    visitElements(tree, (node, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? '');
      const text = toString(code).replace(/\n$/, '');
      if (lang === 'mermaid') {
        file.data.hasMermaid = true;
        parent.children[index] = { type: 'element', tagName: 'pre', properties: { className: ['mermaid'] }, children: [{ type: 'text', value: text }] };
        return SKIP;
      }
      if (!highlighter.supports(lang)) {
        const message = file.message(`unknown code language '${lang}', shown as plain text`, node.position);
        message.ruleId = 'unknown-language';
        message.note = 'use a language name shiki knows (see shiki.style/languages), or add it to highlight.additionalLanguages in the config';
      }
      if (file.data.codeBudget !== undefined && highlighter.tokenizes(lang)) {
        const cost = measureCodeCost(text);
        file.data.codeBudget -= cost.squares;
        if (file.data.codeBudget < 0 || cost.longest > LONG_CODE_LINE) throw new CostlyCodeError(node.position?.start.line ?? 1);
      }
      // The block goes in as finished HTML: later plugins and the serialiser skip its thousands of token spans.
      parent.children[index] = createTrustedRaw(highlightOrShowPlain(highlighter, text, lang, parseMeta(meta), node, file));
      return SKIP;
    });
  };
}

/**
 * The highlighted block; if the grammar fails on this code (its regular
 * expression engine can run out of stack on a long line), the code as plain
 * text, with a warning at the block.
 */
function highlightOrShowPlain(highlighter: CodeHighlighter, text: string, lang: string, options: ReturnType<typeof parseMeta>, node: Element, file: VFile): string {
  try {
    return highlighter.toHtml(text, lang, options);
  } catch (error) {
    const message = file.message(`could not highlight this ${lang} code (${(error as Error).message}), shown as plain text`, node.position);
    message.ruleId = 'highlight-failed';
    message.note = 'break its long lines into shorter ones, or mark the block as `text`';
    return highlighter.toHtml(text, 'text', options);
  }
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

