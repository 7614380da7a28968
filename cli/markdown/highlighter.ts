import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { pairThemes } from './paired-theme.js';

/** Languages every site gets; `highlight.additionalLanguages` adds more. */
export const DEFAULT_LANGUAGES = [
  'typescript', 'tsx', 'javascript', 'jsx', 'shellscript', 'json', 'swift', 'objective-c',
  'kotlin', 'java', 'cpp', 'ruby', 'groovy', 'cmake', 'xml', 'make', 'diff', 'yaml', 'c',
];

/** Names that mean "no highlighting" and never warn. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'ansi', 'log']);

export interface CodeHighlighter {
  /** True when `lang` is loaded (or plain text). */
  supports(lang: string): boolean;
  /** Highlights code as a hast `<pre>`; unknown languages render as plain text. */
  toHast(code: string, lang: string, options?: { highlightLines?: Set<number>; showLineNumbers?: boolean }): Element;
  /** A complete code block (copy button included) as HTML. */
  toHtml(code: string, lang: string): string;
}

export interface HighlighterOptions {
  themes: { light: string; dark: string };
  languages: string[];
}

/** Shiki's languages are compiled lazily, so one highlighter per process is reused for every page. */
const instances = new Map<string, Promise<Highlighter>>();

export async function createCodeHighlighter(options: HighlighterOptions): Promise<CodeHighlighter> {
  const key = JSON.stringify(options);
  let instance = instances.get(key);
  if (!instance) {
    instance = createHighlighter({
      themes: [options.themes.light, options.themes.dark],
      langs: [...new Set(options.languages)],
    });
    instances.set(key, instance);
  }
  const shiki = await instance;
  const loaded = new Set(shiki.getLoadedLanguages());
  const paired = pairThemes(shiki.getTheme(options.themes.light), shiki.getTheme(options.themes.dark));
  if (paired) await shiki.loadTheme(paired.theme);
  // One tokenisation for both themes when they pair up; otherwise shiki tokenises once per theme.
  const colors = paired
    ? { theme: paired.theme.name, transformers: [paired.transformer] }
    : { themes: { light: options.themes.light, dark: options.themes.dark }, defaultColor: 'light' as const, transformers: [] };
  const toHast: CodeHighlighter['toHast'] = (code, lang, { highlightLines, showLineNumbers } = {}) => {
    const language = loaded.has(lang.toLowerCase()) ? lang.toLowerCase() : 'text';
    const root = shiki.codeToHast(code, {
      lang: language,
      ...colors,
      transformers: [...colors.transformers, lineDecorations(highlightLines, showLineNumbers)],
    }) as Root;
    return root.children[0] as Element;
  };
  return {
    supports: (lang) => PLAIN.has(lang.toLowerCase()) || loaded.has(lang.toLowerCase()),
    toHast,
    toHtml: (code, lang) => toHtml(wrapBlock(toHast(code, lang), undefined, lang)),
  };
}

function lineDecorations(highlightLines: Set<number> | undefined, showLineNumbers: boolean | undefined): ShikiTransformer {
  return {
    name: 'docsgen:lines',
    pre(node) {
      if (showLineNumbers) this.addClassToHast(node, 'line-numbers');
      delete node.properties.tabindex;
    },
    line(node, line) {
      if (highlightLines?.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}

/** Parses `{1,3-5}` into a set of line numbers. */
export function parseLineRanges(spec: string): Set<number> {
  const lines = new Set<number>();
  for (const part of spec.split(',')) {
    const [from, to] = part.trim().split('-').map((n) => Number.parseInt(n, 10));
    if (Number.isNaN(from)) continue;
    const end = Number.isNaN(to) || to === undefined ? from : Math.min(to, from + 10_000);
    for (let n = from; n <= end; n++) lines.add(n);
  }
  return lines;
}

/** The frame around a highlighted `<pre>`: optional title bar and a copy button. */
export function wrapBlock(pre: Element, title: string | undefined, lang: string): Element {
  const children: ElementContent[] = [];
  if (title) children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] });
  const copy: Element = {
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code to clipboard', title: 'Copy' },
    children: [{ type: 'text', value: 'Copy' }],
  };
  children.push({ type: 'element', tagName: 'div', properties: { className: ['code-body'] }, children: [pre, copy] });
  return { type: 'element', tagName: 'div', properties: { className: ['code-block'], dataLang: lang || undefined }, children };
}
