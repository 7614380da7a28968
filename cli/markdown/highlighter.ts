import { createRequire } from 'node:module';
import type { BundledLanguage, BundledTheme, Highlighter, ThemedToken } from 'shiki';
import type { BlockRefs, ExportRefs } from '../samples/code-refs.js';
import { escapeHtml } from '../strings.js';
import { hashOf } from '../cache/disk-cache.js';
import { CodeBlockStore, type HighlightedCode, type TypedToken } from './code-block-store.js';
import { linksFromNames, linksFromRefs, type LineLinks } from './code-links.js';
import type { PageTips } from './code-tips.js';
import { mergeSameLook, pairThemes, stringifyStyle } from './paired-theme.js';
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
 * A site's highlighter. Grammars load as pages need them: `prepare` a page's
 * blocks (or `load` their languages) before asking about them or highlighting them.
 */
export interface CodeHighlighter {
  /** Starts shiki and loads the grammars of these languages (names as written in code fences), when the site has them. */
  load(langs: Iterable<string>): Promise<void>;
  /**
   * Makes `toHtml` ready for these blocks: blocks highlighted before (the
   * highlighter's `CodeBlockStore`) need nothing, and shiki starts only when
   * some block is not among them.
   */
  prepare(blocks: readonly PlannedBlock[]): Promise<void>;
  /**
   * Highlights these blocks ahead of their pages (pre-highlight.ts): their
   * entries by block key, for another process's store, where `toHtml` finds
   * them without starting shiki.
   */
  highlightAhead(blocks: readonly PlannedBlock[]): Promise<Record<string, HighlightedCode>>;
  /** True when `lang` is loaded (or plain text). */
  supports(lang: string): boolean;
  /** True when `lang`'s code is tokenised by a grammar (not plain text, not an unknown language). */
  tokenizes(lang: string): boolean;
  /** A complete code block (title bar, highlighted code, copy button) as HTML; unknown languages render as plain text. */
  toHtml(code: string, lang: string, options?: CodeBlockOptions): string;
}

/** A block `toHtml` will be asked for: its code, language, and whether exported names are to be linked in it. */
export interface PlannedBlock {
  code: string;
  lang: string;
  linksNames?: boolean;
}

export interface HighlighterOptions {
  themes: { light: string; dark: string };
  languages: string[];
}

/** What a highlighter may reuse from earlier work (the compile worker's disk cache). */
export interface HighlighterMemory {
  /** Blocks highlighted before; a new store when unset. */
  blocks?: CodeBlockStore;
  /**
   * The languages (with their aliases) the site's grammars cover, as an
   * earlier process found them once they were loaded: with them, a page whose
   * blocks are all in `blocks` is compiled without starting shiki.
   */
  languages?: readonly string[];
  /** Called with those languages when this process has loaded the grammars, and `languages` was unset. */
  onLanguages?: (languages: string[]) => void;
}

/** Shiki's version: a block highlighted by another shiki is not reused. */
let shikiVersion: string | undefined;
export function versionOfShiki(): string {
  if (shikiVersion === undefined) {
    try {
      const require = createRequire(import.meta.url);
      shikiVersion = String((require('shiki/package.json') as { version?: string }).version);
    } catch {
      shikiVersion = 'unknown';
    }
  }
  return shikiVersion;
}

/** Each bundled language's id, by its id and by each of its aliases. */
function bundledIdsOf(info: readonly { id: string; aliases?: string[] }[]): ReadonlyMap<string, string> {
  return new Map(info.flatMap((lang) => [lang.id, ...(lang.aliases ?? [])].map((name) => [name, lang.id] as const)));
}

/** Shiki's languages are compiled lazily, so one highlighter per process is reused for every page. */
const instances = new Map<string, Promise<Highlighter>>();

/** Started shiki: its highlighter, the languages it had before any grammar was loaded, the paired theme. */
interface Engine {
  shiki: Highlighter;
  base: ReadonlySet<string>;
  bundled: ReadonlyMap<string, string>;
  paired: ReturnType<typeof pairThemes>;
}

/**
 * The highlighter of a site's themes and languages. Shiki itself (its
 * module, its wasm engine, the themes) starts with the first block that is
 * not in the block store, and its grammars load with the first such block in a
 * language shiki knows, all of them at once: a compile worker whose pages
 * have no such code never pays the few hundred milliseconds they cost, nor a
 * worker whose pages' blocks were all highlighted before. All at once, because
 * a grammar can use another's rules when that one is loaded (C++ colours some
 * tokens differently when C is there): loading one at a time would make a
 * page's colours depend on the pages compiled before it.
 */
export async function createCodeHighlighter(
  options: HighlighterOptions,
  memory: HighlighterMemory = {},
): Promise<CodeHighlighter> {
  const languages = [...new Set(options.languages)] as BundledLanguage[];
  // Everything a block's tokens depend on besides its code and language (the order of the languages does not:
  // they load together).
  const settings = hashOf(versionOfShiki(), options.themes, [...languages].sort());
  const store = memory.blocks ?? new CodeBlockStore();
  /** The languages the grammars cover once loaded: from `memory`, or from shiki once it loaded them. */
  let known: ReadonlySet<string> | undefined = memory.languages ? new Set(memory.languages) : undefined;
  let grammarsLoaded = false;
  let engine: Engine | undefined;
  let starting: Promise<Engine> | undefined;
  const start = () =>
    (starting ??= (async () => {
      const { createHighlighter, bundledLanguagesInfo } = await import('shiki');
      const key = JSON.stringify(options);
      let instance = instances.get(key);
      if (!instance) {
        instance = createHighlighter({ themes: [options.themes.light, options.themes.dark], langs: [] });
        instances.set(key, instance);
      }
      const shiki = await instance;
      const base = new Set(shiki.getLoadedLanguages());
      // Another highlighter of these options may have loaded the grammars into the shared instance already.
      if (!known && languages.every((lang) => base.has(lang))) known = base;
      grammarsLoaded = languages.every((lang) => base.has(lang));
      const paired = pairThemes(shiki.getTheme(options.themes.light), shiki.getTheme(options.themes.dark));
      if (paired) await shiki.loadTheme(paired.theme);
      return (engine = { shiki, base, bundled: bundledIdsOf(bundledLanguagesInfo), paired });
    })());
  let grammars: Promise<void> | undefined;
  const loadGrammars = (started: Engine) =>
    (grammars ??= started.shiki.loadLanguage(...languages).then(() => {
      grammarsLoaded = true;
      const found = started.shiki.getLoadedLanguages();
      if (!known) {
        known = new Set(found);
        if (!memory.languages) memory.onLanguages?.(found);
      }
    }));
  /** Shiki knows the language but its grammars are not loaded in this process yet. */
  const needsGrammars = (lang: string, started: Engine) =>
    !grammarsLoaded && !PLAIN.has(lang) && (known ? known.has(lang) : started.bundled.has(lang));
  /**
   * Whether a language (lower case) is covered: from the grammars' languages once known, else from shiki's
   * own before its grammars load, for a language that needs none. A language asked about before the grammars
   * were loaded means a caller forgot `prepare`, which would show it as plain text.
   */
  const covers = (lang: string, asked: string): boolean => {
    if (known) return known.has(lang);
    if (engine && !needsGrammars(lang, engine)) return engine.base.has(lang);
    throw new Error(`the ${asked} grammar is used before it was loaded (CodeHighlighter.load)`);
  };
  /** The language a block's tokens come from ('text' when not covered), and whether they carry grammar types. */
  const plan = (code: string, lang: string, linksNames: boolean) => {
    const lower = lang.toLowerCase();
    const covered = PLAIN.has(lower) ? undefined : covers(lower, lang);
    // Plain-text names resolve when the block is tokenised (shiki has some of them, `ansi`); each is its own entry.
    const language = covered === false ? 'text' : lower;
    const typed = linksNames && covered === true;
    return { language, typed, key: hashOf(settings, language, typed, code) };
  };
  const load = async (langs: Iterable<string>) => {
    const started = await start();
    if ([...langs].some((lang) => needsGrammars(lang.toLowerCase(), started))) await loadGrammars(started);
  };
  /** Tokenises a block (shiki started, its grammars loaded if the language has any). */
  const tokenise = (code: string, lang: string, typed: boolean): HighlightedCode => {
    if (!engine) throw new Error(`a ${lang} block is highlighted before it was prepared (CodeHighlighter.prepare)`);
    const { shiki, paired, base } = engine;
    const lower = lang.toLowerCase();
    const language = (PLAIN.has(lower) ? ((known ?? base).has(lower) ? lower : 'text') : lower) as BundledLanguage;
    const explained = { ...TOKENIZE, lang: language, ...(typed ? { includeExplanation: 'tokenType' as const } : {}) };
    // One tokenisation for both themes when they pair up; otherwise shiki tokenises once per theme.
    if (paired) {
      const { tokens } = shiki.codeToTokens(code, { ...explained, theme: paired.theme.name });
      return {
        preClass: paired.preClass,
        preStyle: paired.preStyle,
        lines: paired.tokens(tokens),
        ...(typed ? { typed: typesOf(tokens) } : {}),
      };
    }
    const dual = shiki.codeToTokens(code, {
      ...TOKENIZE,
      lang: language,
      themes: options.themes,
      defaultColor: 'light',
    });
    const styleOf = (token: ThemedToken) => stringifyStyle(token.htmlStyle ?? {});
    return {
      preClass: `shiki ${dual.themeName}`,
      preStyle: `background-color:${dual.bg};color:${dual.fg}`,
      lines: dual.tokens.map((line) => mergeSameLook(line, styleOf)),
      ...(typed
        ? {
            typed: typesOf(shiki.codeToTokensBase(code, { ...explained, theme: options.themes.light as BundledTheme })),
          }
        : {}),
    };
  };
  const highlight = (code: string, lang: string, block: CodeBlockOptions) => {
    const names = block.links?.names && Object.keys(block.links.names).length ? block.links.names : undefined;
    const { language, typed, key } = plan(code, lang, names !== undefined);
    let found = store.get(key);
    if (!found) store.set(key, (found = tokenise(code, language, typed)));
    return preHtml(found.lines, { ...found, ...block }, findLinks(code, block.links, found.typed ?? []));
  };
  /** The block's entry in the store, or undefined when it has none or cannot be looked up before shiki starts. */
  const storedKey = (block: PlannedBlock) => {
    try {
      const { key } = plan(block.code, block.lang, block.linksNames === true);
      return store.has(key) ? key : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    load,
    prepare: async (blocks) => {
      const missing = blocks.filter((block) => storedKey(block) === undefined);
      if (missing.length > 0) await load(missing.map((block) => block.lang));
    },
    highlightAhead: async (blocks) => {
      await load(blocks.map((block) => block.lang));
      const found: Record<string, HighlightedCode> = {};
      for (const block of blocks) {
        const { language, typed, key } = plan(block.code, block.lang, block.linksNames === true);
        let code = store.get(key);
        if (!code) store.set(key, (code = tokenise(block.code, language, typed)));
        found[key] = code;
      }
      return found;
    },
    supports: (lang) => PLAIN.has(lang.toLowerCase()) || covers(lang.toLowerCase(), lang),
    tokenizes: (lang) => !PLAIN.has(lang.toLowerCase()) && covers(lang.toLowerCase(), lang),
    toHtml: (code, lang, block = {}) =>
      blockHtml(highlight(code, lang, block), block.title, lang, block.links?.tips.takeHtml() ?? ''),
  };
}

/** Each line's tokens with only what linking names reads. */
function typesOf(lines: ThemedToken[][]): TypedToken[][] {
  return lines.map((line) => line.map((token) => ({ content: token.content, type: token.type })));
}

/**
 * The block's links: a checked block's refs, or the exported names among its
 * tokens (tokenised with their types when names are to be linked).
 */
function findLinks(code: string, source: CodeLinkSource | undefined, tokens: TypedToken[][]): LineLinks | undefined {
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
