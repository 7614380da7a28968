import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { parseLineRanges, type CodeHighlighter } from '../highlighter.js';
import { createTrustedRaw } from './trusted-raw.js';
import { SKIP, visitElements } from './visit-elements.js';

export interface CodeBlockOptions {
  highlighter: CodeHighlighter;
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
      // The block goes in as finished HTML: later plugins and the serialiser skip its thousands of token spans.
      parent.children[index] = createTrustedRaw(highlighter.toHtml(text, lang, parseMeta(meta)));
      return SKIP;
    });
  };
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

