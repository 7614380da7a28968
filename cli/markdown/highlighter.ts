import { createHighlighter, type BundledLanguage, type Highlighter, type ShikiTransformer } from 'shiki';
import { escapeHtml } from '../strings.js';
import { pairThemes, type PairedTheme, type StyledToken } from './paired-theme.js';

/** Languages every site gets; `highlight.additionalLanguages` adds more. */
export const DEFAULT_LANGUAGES = [
  'typescript', 'tsx', 'javascript', 'jsx', 'shellscript', 'json', 'swift', 'objective-c',
  'kotlin', 'java', 'cpp', 'ruby', 'groovy', 'cmake', 'xml', 'make', 'diff', 'yaml', 'c',
];

/** Names that mean "no highlighting" and never warn. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'ansi', 'log']);

/**
 * No time limit on tokenising a line. shiki's default (500 ms a line) leaves
 * the rest of a slow line plain, so one page came out differently on a busy
 * machine than on an idle one, and the page cache kept whichever it got. Now
 * the output depends on the code alone. Content cannot stall a build through
 * this: a page whose code could keep the grammars busy for long is compiled
 * where it can be stopped (compile-cost.ts, compile-guard.ts).
 */
const TOKENIZE = { tokenizeTimeLimit: 0 } as const;

export interface CodeBlockOptions {
  /** Shown in a bar above the code. */
  title?: string;
  /** 1-based line numbers to mark. */
  highlightLines?: Set<number>;
  showLineNumbers?: boolean;
}

export interface CodeHighlighter {
  /** True when `lang` is loaded (or plain text). */
  supports(lang: string): boolean;
  /** True when `lang`'s code is tokenised by a grammar (not plain text, not an unknown language). */
  tokenizes(lang: string): boolean;
  /** A complete code block (title bar, highlighted code, copy button) as HTML; unknown languages render as plain text. */
  toHtml(code: string, lang: string, options?: CodeBlockOptions): string;
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
  const highlight = (code: string, lang: string, block: CodeBlockOptions) => {
    const language = (loaded.has(lang.toLowerCase()) ? lang.toLowerCase() : 'text') as BundledLanguage;
    // One tokenisation for both themes when they pair up; otherwise shiki tokenises once per theme.
    if (!paired) return shiki.codeToHtml(code, { ...TOKENIZE, lang: language, themes: options.themes, defaultColor: 'light', transformers: [lineDecorations(block)] });
    const { tokens } = shiki.codeToTokens(code, { ...TOKENIZE, lang: language, theme: paired.theme.name });
    return preHtml(paired.tokens(tokens), paired, block);
  };
  return {
    supports: (lang) => PLAIN.has(lang.toLowerCase()) || loaded.has(lang.toLowerCase()),
    tokenizes: (lang) => !PLAIN.has(lang.toLowerCase()) && loaded.has(lang.toLowerCase()),
    toHtml: (code, lang, block = {}) => blockHtml(highlight(code, lang, block), block.title, lang),
  };
}

/**
 * The `<pre>` shiki would build for these tokens, written as text directly: a page
 * has thousands of tokens, and building and serialising a tree for each costs more
 * than tokenising them.
 */
function preHtml(lines: StyledToken[][], paired: PairedTheme, { highlightLines, showLineNumbers }: CodeBlockOptions): string {
  let html = `<pre class="${paired.preClass}${showLineNumbers ? ' line-numbers' : ''}" style="${paired.preStyle}"><code>`;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) html += '\n';
    html += highlightLines?.has(i + 1) ? '<span class="line highlighted">' : '<span class="line">';
    for (const token of lines[i]) html += `<span style="${token.style}">${escapeHtml(token.content)}</span>`;
    html += '</span>';
  }
  return html + '</code></pre>';
}

/** Line marks and numbers for shiki's own HTML, when the themes do not pair up. */
function lineDecorations({ highlightLines, showLineNumbers }: CodeBlockOptions): ShikiTransformer {
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
function blockHtml(pre: string, title: string | undefined, lang: string): string {
  const titleBar = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
  const language = lang ? ` data-lang="${escapeHtml(lang)}"` : '';
  const copy = '<button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button>';
  return `<div class="code-block"${language}>${titleBar}<div class="code-body">${pre}${copy}</div></div>`;
}
