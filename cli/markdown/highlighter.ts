import {
  bundledLanguagesInfo,
  createHighlighter,
  stringifyTokenStyle,
  type BundledLanguage,
  type BundledTheme,
  type Highlighter,
  type ThemedToken,
} from 'shiki';
import type { BlockRefs, ExportRefs } from '../samples/code-refs.js';
import { escapeHtml } from '../strings.js';
import { linksFromNames, linksFromRefs, type LineLinks } from './code-links.js';
import type { PageTips } from './code-tips.js';
import { mergeSameLook, pairThemes } from './paired-theme.js';
import { preHtml } from './token-html.js';

/** Languages every site gets; `highlight.additionalLanguages` adds more. */
export const DEFAULT_LANGUAGES = [
  'typescript',
  'tsx',
  'javascript',
  'jsx',
  'shellscript',
  'json',
  'swift',
  'objective-c',
  'kotlin',
  'java',
  'cpp',
  'ruby',
  'groovy',
  'cmake',
  'xml',
  'make',
  'diff',
  'yaml',
  'c',
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
  /** Classes of each line (0-based), from magic comments. */
  lineClasses?: string[][];
  showLineNumbers?: boolean;
  /** Links from the code to the API, with their tips. */
  links?: CodeLinkSource;
}

/** Where a block's links come from: a checked block's refs, or else exact exported names. */
export interface CodeLinkSource {
  /** A checked block's links, at positions of the code given to `toHtml`. */
  refs?: BlockRefs;
  /** Exported names, linked where a code token (not a string or comment) is exactly one. */
  names?: ExportRefs;
  /** The site's baseUrl: a link elsewhere is dropped (code-links.ts isSiteHref). */
  baseUrl: string;
  /** The page's tips: each is written once, after the first block that uses it. */
  tips: PageTips;
}

/**
 * A site's highlighter. Grammars load as pages need them: `load` the
 * languages of a page's blocks before asking about them or highlighting them.
 */
export interface CodeHighlighter {
  /** Loads the grammars of these languages (names as written in code fences), when the site has them. */
  load(langs: Iterable<string>): Promise<void>;
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

/** Each bundled language's id, by its id and by each of its aliases. */
const bundledIds = new Map(
  bundledLanguagesInfo.flatMap((info) => [info.id, ...(info.aliases ?? [])].map((name) => [name, info.id] as const)),
);

/** Shiki's languages are compiled lazily, so one highlighter per process is reused for every page. */
const instances = new Map<string, Promise<Highlighter>>();

/**
 * The highlighter of a site's themes and languages. Its grammars are loaded
 * with the first page that has code in a language shiki knows, all of them
 * at once: a compile worker whose pages have no such code never pays the few
 * hundred milliseconds they cost. All at once, because a grammar can use
 * another's rules when that one is loaded (C++ colours some tokens
 * differently when C is there): loading one at a time would make a page's
 * colours depend on the pages compiled before it.
 */
export async function createCodeHighlighter(options: HighlighterOptions): Promise<CodeHighlighter> {
  const key = JSON.stringify(options);
  let instance = instances.get(key);
  if (!instance) {
    instance = createHighlighter({ themes: [options.themes.light, options.themes.dark], langs: [] });
    instances.set(key, instance);
  }
  const shiki = await instance;
  const languages = [...new Set(options.languages)] as BundledLanguage[];
  const loaded = new Set(shiki.getLoadedLanguages());
  /** Shiki knows the language, so whether it is highlighted depends on the grammars: they must be loaded to answer. */
  const needsGrammars = (lang: string) =>
    !PLAIN.has(lang.toLowerCase()) && bundledIds.has(lang.toLowerCase()) && !loaded.has(lang.toLowerCase());
  let grammars: Promise<void> | undefined;
  const loadGrammars = () =>
    (grammars ??= shiki.loadLanguage(...languages).then(() => {
      for (const name of shiki.getLoadedLanguages()) loaded.add(name);
      allLoaded = true;
    }));
  let allLoaded = languages.every((lang) => loaded.has(lang));
  /** A language asked about before the grammars were loaded: a caller forgot `load`, which would show it as plain text. */
  const assertLoaded = (lang: string) => {
    if (!allLoaded && needsGrammars(lang))
      throw new Error(`the ${lang} grammar is used before it was loaded (CodeHighlighter.load)`);
  };
  const paired = pairThemes(shiki.getTheme(options.themes.light), shiki.getTheme(options.themes.dark));
  if (paired) await shiki.loadTheme(paired.theme);
  const highlight = (code: string, lang: string, block: CodeBlockOptions) => {
    assertLoaded(lang);
    const known = loaded.has(lang.toLowerCase());
    const language = (known ? lang.toLowerCase() : 'text') as BundledLanguage;
    const names = block.links?.names && known && Object.keys(block.links.names).length ? block.links.names : undefined;
    // The grammar's token types (string, comment, code) come free with the tokens; only exact-name links need them.
    const typed = { ...TOKENIZE, lang: language, ...(names ? { includeExplanation: 'tokenType' as const } : {}) };
    // One tokenisation for both themes when they pair up; otherwise shiki tokenises once per theme.
    if (paired) {
      const { tokens } = shiki.codeToTokens(code, { ...typed, theme: paired.theme.name });
      return preHtml(paired.tokens(tokens), { ...paired, ...block }, findLinks(code, block.links, tokens));
    }
    const dual = shiki.codeToTokens(code, {
      ...TOKENIZE,
      lang: language,
      themes: options.themes,
      defaultColor: 'light',
    });
    const styleOf = (token: ThemedToken) => stringifyTokenStyle(token.htmlStyle ?? {});
    const look = {
      preClass: `shiki ${dual.themeName}`,
      preStyle: `background-color:${dual.bg};color:${dual.fg}`,
      ...block,
    };
    const lines = dual.tokens.map((line) => mergeSameLook(line, styleOf));
    return preHtml(
      lines,
      look,
      findLinks(
        code,
        block.links,
        names ? shiki.codeToTokensBase(code, { ...typed, theme: options.themes.light as BundledTheme }) : [],
      ),
    );
  };
  return {
    load: async (langs) => {
      if (!allLoaded && [...langs].some(needsGrammars)) await loadGrammars();
    },
    supports: (lang) => (assertLoaded(lang), PLAIN.has(lang.toLowerCase()) || loaded.has(lang.toLowerCase())),
    tokenizes: (lang) => (assertLoaded(lang), !PLAIN.has(lang.toLowerCase()) && loaded.has(lang.toLowerCase())),
    toHtml: (code, lang, block = {}) =>
      blockHtml(highlight(code, lang, block), block.title, lang, block.links?.tips.takeHtml() ?? ''),
  };
}

/**
 * The block's links: a checked block's refs, or the exported names among its
 * tokens (tokenised with their types when names are to be linked).
 */
function findLinks(code: string, source: CodeLinkSource | undefined, tokens: ThemedToken[][]): LineLinks | undefined {
  if (!source) return undefined;
  const { refs, names, baseUrl, tips } = source;
  if (refs)
    return linksFromRefs(
      refs.refs ?? [],
      code.split('\n').map((line) => line.length),
      baseUrl,
      (tip) => (tip === undefined ? undefined : tips.idOf(refs.tips[tip])),
    );
  if (names && tokens.length) return linksFromNames(tokens, names, baseUrl, (tip) => tips.idOf(tip));
  return undefined;
}

/** Parses `{1,3-5}` into a set of line numbers. */
export function parseLineRanges(spec: string): Set<number> {
  const lines = new Set<number>();
  for (const part of spec.split(',')) {
    const [from, to] = part
      .trim()
      .split('-')
      .map((n) => Number.parseInt(n, 10));
    if (Number.isNaN(from)) continue;
    const end = Number.isNaN(to) || to === undefined ? from : Math.min(to, from + 10_000);
    for (let n = from; n <= end; n++) lines.add(n);
  }
  return lines;
}

/** The frame around a highlighted `<pre>`: optional title bar and a copy button. */
function blockHtml(pre: string, title: string | undefined, lang: string, tips: string): string {
  const titleBar = title ? `<div class="code-title">${escapeHtml(title)}</div>` : '';
  const language = lang ? ` data-lang="${escapeHtml(lang)}"` : '';
  const copy =
    '<button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button>';
  return `<div class="code-block"${language}>${titleBar}<div class="code-body">${pre}${copy}</div>${tips}</div>`;
}
