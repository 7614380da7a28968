import path from 'node:path';
import type { Element, Root } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import { VFile } from 'vfile';
import { hashOf } from '../cache/disk-cache.js';
import type { MagicComment } from '../config/markdown-schema.js';
import type { ExportRefs, PageSampleRefs } from '../samples/code-refs.js';
import type { ContentFile, Diagnostic, FileStamp, Heading, LinkRef, PageContent, RouteLookup } from '../types.js';
import type { CompileDeps } from './compile-deps.js';
import { CostlyCodeError } from './compile-cost.js';
import type { CodeHighlighter } from './highlighter.js';
import { rehypeCodeBlocks } from './plugins/rehype-code-blocks.js';
import { rehypeComponentMarkers } from './plugins/rehype-component-markers.js';
import { rehypeHeadings } from './plugins/rehype-headings.js';
import { contentFoldersOf } from './plugins/link-media.js';
import { rehypeLinks, type LinkContext } from './plugins/rehype-links.js';
import { rehypeSanitizePage } from './plugins/rehype-sanitize-page.js';
import { rehypeTabs } from './plugins/rehype-tabs.js';
import { rehypeSourceAsText, SOURCE_AS_TEXT_RULE } from './plugins/rehype-source-as-text.js';
import { rehypeThemePlaceholders } from './plugins/rehype-theme-placeholders.js';
import { remarkFileContent } from './plugins/remark-file-content.js';
import { remarkTabBlocks } from './plugins/remark-tab-blocks.js';
import { remarkCodeMeta } from './plugins/remark-code-meta.js';
import type { ImportRoots } from './plugins/mdx-import-file.js';
import { remarkMdxStatic } from './plugins/remark-mdx-static.js';
import { remarkNpm2yarn } from './plugins/remark-npm2yarn.js';
import { remarkMarkdownCopy } from './plugins/remark-markdown-copy.js';
import { writePageCopy } from './copy/page-copy.js';
import { routeUrl } from '../route-text.js';
import { warnMdxInMarkdown } from './mdx-in-markdown.js';
import { preprocessSource } from './preprocess.js';
import { checkContentBounds } from './content-bounds.js';

export interface MarkdownContext {
  baseUrl: string;
  /** The site root, absolute: content reads files only inside it. */
  root: string;
  /** The static folders (`staticDirectories`), absolute, in order: `/img/x.png` is looked up in each. */
  staticDirs: string[];
  docsDirFromRoot: string;
  docRoutes: ReadonlyMap<string, string>;
  highlighter: CodeHighlighter;
  /**
   * `markdown.trustContent`: pages keep whatever HTML content writes, script
   * included. Off (the default), every page is sanitised (rehype-sanitize-page.ts).
   */
  trustContent?: boolean;
  /** `markdown.magicComments` (the default highlight comments when unset). */
  magicComments?: MagicComment[];
  /** `markdown.npm2yarn`: `npm2yarn` blocks become npm / Yarn / pnpm tabs. */
  npm2yarn?: boolean;
  /** `markdown.admonitions.keywords`: `:::word` types the site adds besides the theme's. */
  admonitionKeywords?: readonly string[];
  /** The config's `components` (name → module path): content may use these names, and import these modules. */
  components?: Readonly<Record<string, string>>;
  /**
   * The site's origin (`config.url`, no trailing slash) when pages get a Markdown copy (`markdownPages` or
   * `llmsTxt`): each compiled page then carries its copy (`PageContent.markdown`), its URLs made absolute by it.
   */
  siteUrl?: string;
}

declare module 'vfile' {
  interface DataMap {
    headings: Heading[];
    links: LinkRef[];
    assets: Record<string, string>;
    reads: FileStamp[];
    lookups: RouteLookup[];
    h1: string;
    hasMermaid: boolean;
    mermaidLine: number;
    excerpt: string;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: unified types each plugin chain by its trees; the cache holds chains of every shape
const processors = new WeakMap<MarkdownContext, Map<string, Processor<any, any, any, any, any>>>();

/** One unified processor per format and context, reused for every file. */
function getProcessor(format: 'md' | 'mdx', ctx: MarkdownContext) {
  let byFormat = processors.get(ctx);
  if (!byFormat) processors.set(ctx, (byFormat = new Map()));
  let processor = byFormat.get(format);
  if (!processor) {
    const base = unified().use(remarkParse);
    if (format === 'mdx') base.use(remarkMdx);
    processor = base
      .use(remarkGfm)
      .use(remarkDirective)
      .use(remarkMdxStatic, {
        baseUrl: ctx.baseUrl,
        components: ctx.components,
        imports: importRoots(ctx),
        admonitionKeywords: ctx.admonitionKeywords,
      })
      .use(remarkFileContent, { keywords: ctx.admonitionKeywords, codeFiles: importRoots(ctx) })
      .use(remarkTabBlocks)
      .use(ctx.npm2yarn === false ? () => undefined : remarkNpm2yarn)
      .use(remarkCodeMeta)
      .use(ctx.siteUrl ? remarkMarkdownCopy : () => undefined, { magicComments: ctx.magicComments })
      .use(remarkRehype, { allowDangerousHtml: format === 'md' })
      .use(format === 'md' ? rehypeRaw : () => undefined)
      .use(rehypeTabs)
      // Before code blocks become highlighted HTML: it reads their code as written.
      .use(rehypeSourceAsText, { magicComments: ctx.magicComments })
      .use(rehypeCodeBlocks, { highlighter: ctx.highlighter, baseUrl: ctx.baseUrl, magicComments: ctx.magicComments })
      .use(rehypeHeadings)
      .use(rehypeThemePlaceholders)
      .use(() => (tree: Root, file: VFile) => rehypeLinks(file.data.linkContext as LinkContext)(tree, file))
      .use(rehypeComponentMarkers)
      // After every plugin that writes content into the tree; it keeps only the raw nodes docsgen wrote (code blocks).
      .use(ctx.trustContent ? () => undefined : rehypeSanitizePage)
      .use(rehypeExcerpt)
      // Raw nodes left by now are highlighted code blocks: `.md` HTML was parsed by rehype-raw, and `.mdx` has none.
      // biome-ignore lint/suspicious/noExplicitAny: the chain is stored with the others (see processors)
      .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor<any, any, any, any, any>;
    byFormat.set(format, processor);
  }
  return processor;
}

/**
 * Where MDX may import partials and `?raw` files from: the content folders
 * (the docs folder and the static folders), as for images and sources. Not
 * the rest of the site root: the config may hold secrets read from the environment.
 */
function importRoots(ctx: MarkdownContext): ImportRoots {
  return { root: ctx.root, allowed: [...contentFoldersOf(ctx).folders] };
}

declare module 'vfile' {
  interface DataMap {
    linkContext: LinkContext;
  }
}

/** Limits on one compile, and what it is given besides the source. */
export interface CompileLimits {
  /**
   * How much highlighting (compile-cost.ts) the page may cost: past it, or
   * at a code line longer than LONG_CODE_LINE, compiling throws a
   * CostlyCodeError, and the caller compiles the page again where it can be
   * stopped. No limit when unset.
   */
  codeBudget?: number;
}

/** What the code-sample checker (cli/samples/) found for a page: its code blocks link to the API through these. */
export interface SampleLinks {
  /** The page's checked blocks, by `sampleKey`. Set (even empty) when checking is on: a TypeScript block missing from it is reported. */
  sampleRefs?: PageSampleRefs;
  /** The library's exported names, linked in blocks that were not checked. */
  exportRefs?: ExportRefs;
}

/** How to compile one page: its limits, and its code samples' links. */
export interface CompileOptions extends CompileLimits {
  samples?: SampleLinks;
}

/** Compiles one doc body to an HTML fragment with its headings, links and diagnostics. */
export async function compileMarkdown(
  file: ContentFile,
  route: string,
  ctx: MarkdownContext,
  options: CompileOptions = {},
): Promise<PageContent> {
  const linkContext: LinkContext = {
    filePath: file.path,
    docPath: file.docPath,
    route,
    baseUrl: ctx.baseUrl,
    root: ctx.root,
    staticDirs: ctx.staticDirs,
    docsDirFromRoot: ctx.docsDirFromRoot,
    docRoutes: ctx.docRoutes,
  };
  // The copy's title, when the page has no h1 of its own: as the page's (build-routes.ts).
  const copy = ctx.siteUrl
    ? { title: file.frontMatter.title ?? file.id.split('/').pop()!, description: file.frontMatter.description }
    : undefined;
  const content = await compileSource(
    preprocessSource(file.body, file.format),
    file.format,
    ctx,
    linkContext,
    file.file,
    file.bodyLineOffset,
    { ...options, copy },
  );
  const mdxAsText = file.format === 'md' ? warnMdxInMarkdown(file.body, file) : undefined;
  if (!mdxAsText) return content;
  // The page-wide warning says why its first MDX line shows as text: the safety net's at that line would repeat it.
  const others = content.diagnostics.filter((d) => d.rule !== SOURCE_AS_TEXT_RULE || d.line !== mdxAsText.line);
  return { ...content, diagnostics: [mdxAsText, ...others] };
}

/** Compiles a Markdown string that is not a file (TSDoc text of the API reference). */
export async function renderMarkdownFragment(markdown: string, ctx: MarkdownContext, route: string): Promise<string> {
  return (await compileMarkdownFragment(markdown, ctx, route)).html;
}

/** A compiled fragment with what its output depends on, for callers that cache it; `failed` when it had an error. */
export interface MarkdownFragment extends CompileDeps {
  html: string;
  failed: boolean;
}

/**
 * The same, with the fragment's dependencies (images read, docs looked up)
 * and whether it had an error. An API page shows many fragments: the ids of
 * a fragment's code tips start with a digest of its text, so that they differ
 * from another fragment's on the same page (`repeat` tells identical texts apart).
 */
export async function compileMarkdownFragment(
  markdown: string,
  ctx: MarkdownContext,
  route: string,
  options: { samples?: SampleLinks; repeat?: number } = {},
): Promise<MarkdownFragment> {
  // No file of its own: an image path relative to it is read from the site root.
  const linkContext: LinkContext = {
    filePath: path.join(ctx.root, '(api)'),
    docPath: '',
    route,
    baseUrl: ctx.baseUrl,
    root: ctx.root,
    staticDirs: ctx.staticDirs,
    docsDirFromRoot: ctx.docsDirFromRoot,
    docRoutes: ctx.docRoutes,
  };
  // The same text twice (two methods with one example) needs two prefixes: `repeat` counts the earlier ones.
  const tipPrefix = `t${hashOf(markdown).slice(0, 6)}${options.repeat ? `-${options.repeat}` : ''}.`;
  const { html, reads, lookups, diagnostics } = await compileSource(markdown, 'md', ctx, linkContext, '(api)', 0, {
    ...options,
    tipPrefix,
  });
  return {
    html,
    ...(reads ? { reads } : {}),
    ...(lookups ? { lookups } : {}),
    failed: diagnostics.some((d) => d.severity === 'error'),
  };
}

export { MAX_NESTING } from './content-bounds.js';

async function compileSource(
  source: string,
  format: 'md' | 'mdx',
  ctx: MarkdownContext,
  linkContext: LinkContext,
  fileName: string,
  lineOffset: number,
  options: CompileOptions & { tipPrefix?: string; copy?: { title: string; description?: string } } = {},
): Promise<PageContent> {
  // Structures the parser is slow on past a size (deep nesting, huge tables) are refused before it runs.
  const excess = checkContentBounds(source, fileName, lineOffset);
  if (excess) return failedContent(excess);
  const { codeBudget, samples = {}, tipPrefix } = options;
  const data = {
    linkContext,
    lineOffset,
    ...(codeBudget !== undefined ? { codeBudget } : {}),
    ...(samples.sampleRefs ? { sampleRefs: samples.sampleRefs } : {}),
    ...(samples.exportRefs ? { exportRefs: samples.exportRefs } : {}),
    ...(tipPrefix ? { codeTipPrefix: tipPrefix } : {}),
    ...(options.copy ? { wantsCopy: true } : {}),
  };
  const vfile = new VFile({ value: source, path: fileName, data });
  const processor = getProcessor(format, ctx);
  let html = '';
  try {
    html = String(await processor.process(vfile));
  } catch (error) {
    if (error instanceof CostlyCodeError) throw error;
    const place = error as {
      line?: number;
      column?: number;
      place?: { line?: number; column?: number; start?: { line: number; column: number } };
      reason?: string;
      message?: string;
    };
    // Some mdx errors carry their place only in the text: "… (5:1-5:22)".
    const fromText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(place.reason ?? '');
    const line =
      place.line ?? place.place?.start?.line ?? place.place?.line ?? (fromText ? Number(fromText[1]) : undefined);
    const column =
      place.column ?? place.place?.start?.column ?? place.place?.column ?? (fromText ? Number(fromText[2]) : undefined);
    const isStackOverflow = error instanceof RangeError;
    // A few parser failures carry no place at all (mdast's "expected image or link on stack" for `[<>x](y)`): they
    // are reported where the content starts, saying so, rather than nowhere.
    const placed = line !== undefined && line !== null;
    const unplacedHint =
      placed || isStackOverflow
        ? ''
        : '; the parser did not say where: look for JSX or `{…}` inside the text of a link or image ([<b>x</b>](y))';
    return failedContent({
      severity: 'error',
      rule: isStackOverflow ? 'too-deep' : 'invalid-mdx',
      message: isStackOverflow
        ? 'the document is nested too deeply to compile'
        : `could not parse ${format.toUpperCase()}: ${shiftPlaces(String(place.reason ?? place.message), lineOffset)}`,
      file: fileName,
      line: placed ? line + lineOffset : 1 + lineOffset,
      column: placed ? (column ?? undefined) : 1,
      hint: isStackOverflow
        ? 'flatten the nested lists, blockquotes or elements'
        : format === 'mdx'
          ? mdxHint(fileName) + unplacedHint
          : unplacedHint.slice(2) || undefined,
    });
  }
  const diagnostics: Diagnostic[] = vfile.messages.map((m) => ({
    severity: m.fatal ? 'error' : 'warning',
    rule: m.ruleId ?? 'markdown',
    message: m.reason,
    // A partial's messages name the partial, at its own lines (it has no front matter offset: mdx-partials.ts blanks it).
    file: m.file && m.file !== fileName ? m.file : fileName,
    line:
      m.line !== undefined && m.line !== null ? m.line + (m.file && m.file !== fileName ? 0 : lineOffset) : undefined,
    column: m.column ?? undefined,
    ...(m.note ? { hint: m.note } : {}),
  }));
  const markdown =
    vfile.data.copyTree && options.copy && ctx.siteUrl
      ? writePageCopy({
          tree: vfile.data.copyTree,
          links: vfile.data.links ?? [],
          pageUrl: ctx.siteUrl + routeUrl(ctx.baseUrl, linkContext.route),
          ...options.copy,
        })
      : undefined;
  const links = (vfile.data.links ?? []).map((l) => ({
    ...l,
    line: l.line !== undefined ? l.line + lineOffset : undefined,
  }));
  const calls = vfile.data.componentCalls?.map((c) => ({
    ...c,
    line: c.line !== undefined ? c.line + lineOffset : undefined,
  }));
  return {
    html,
    h1: vfile.data.h1,
    headings: vfile.data.headings ?? [],
    links,
    assets: vfile.data.assets ?? {},
    ...(vfile.data.reads?.length ? { reads: vfile.data.reads } : {}),
    ...(vfile.data.lookups?.length ? { lookups: vfile.data.lookups } : {}),
    diagnostics,
    hasMermaid: vfile.data.hasMermaid,
    ...(vfile.data.mermaidLine ? { mermaidLine: vfile.data.mermaidLine + lineOffset } : {}),
    excerpt: vfile.data.excerpt,
    ...(calls?.length ? { components: { marker: vfile.data.componentMarker!, calls } } : {}),
    ...(markdown !== undefined ? { markdown } : {}),
  };
}

/**
 * The parser's message with the places it names (`(346:76-346:79)`, counted
 * in the body) moved to the file's lines, as the diagnostic's own line is:
 * a message must not contradict the line it is reported at.
 */
function shiftPlaces(message: string, lineOffset: number): string {
  if (!lineOffset) return message;
  return message.replace(
    /\((\d+):(\d+)(?:-(\d+):(\d+))?\)/g,
    (_, l1: string, c1: string, l2?: string, c2?: string) =>
      `(${Number(l1) + lineOffset}:${c1}${l2 !== undefined ? `-${Number(l2) + lineOffset}:${c2}` : ''})`,
  );
}

/**
 * What to do about MDX that does not parse. A `.md` file is compiled as MDX
 * by default (`markdown.format: 'mdx'`, as in Docusaurus 3), so a page written
 * for Docusaurus 2 may be plain CommonMark: say how to read it as such.
 */
function mdxHint(fileName: string): string {
  const hint = 'check for unclosed tags, or escape `<` and `{` in prose as `&lt;` and `\\{`';
  return fileName.toLowerCase().endsWith('.md')
    ? `${hint} (MDX wants \`<br />\`, not \`<br>\`); this .md file is compiled as MDX: if it is plain CommonMark, add \`format: md\` to its front matter (or set markdown.format: 'detect')`
    : hint;
}

/** A page that could not be compiled: no content, one error. */
function failedContent(diagnostic: Diagnostic): PageContent {
  return { html: '', headings: [], links: [], assets: {}, diagnostics: [diagnostic] };
}

/** The first paragraph's text, for the meta description. */
function rehypeExcerpt() {
  return (tree: Root, file: VFile) => {
    const paragraph = tree.children.find((c): c is Element => c.type === 'element' && c.tagName === 'p');
    if (!paragraph) return;
    const text = textOf(paragraph).replace(/\s+/g, ' ').trim();
    file.data.excerpt = text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
  };
}
