import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { CACHE_VERSION, hashOf, type DiskCache } from '../cache/disk-cache.js';
import { fillComponents, type SiteComponents } from '../components/fill-components.js';
import { componentPaths } from '../config/component-entries.js';
import { fenceMeta, type HighlightCodeBlock } from '../components/code-block-slots.js';
import { codeVersion } from '../package-root.js';
import type { ExportRefs, PageSampleRefs } from '../samples/code-refs.js';
import { homeSampleMeta } from '../samples/code-samples.js';
import type { Diagnostic, PageContent, PlannedDoc, Reporter } from '../types.js';
import { isCurrent, type CompileDeps } from './compile-deps.js';
import type { MarkdownContext } from './compile-markdown.js';
import { COSTLY_CODE } from './compile-cost.js';
import { canCompileOnWorkers, compileOnWorkers, prestartCompileWorker } from './compile-pool.js';
import type { WorkerKeeper } from '../workers/worker-pool.js';
import { toFencedBlock } from './fenced-block.js';
import { CODE_NAMESPACE, codeCacheKeys, highlighterOptionsOf } from './code-block-cache.js';
import type { WorkerInit } from './compile-worker.js';
import type { PreHighlighted } from './pre-highlight.js';
import type { CodeHighlighter } from './highlighter.js';
import { trimTrailingSlashes } from '../url-parts.js';

/** The Markdown stack (unified, shiki) loads only when something is not in the cache: warm builds skip it. */
const loadCompiler = () => import('./compile-markdown.js');

export interface CompileDocsOptions {
  root: string;
  config: SiteConfig;
  cache: DiskCache;
  /** The shared Markdown context, created on first use. */
  markdown: () => Promise<MarkdownContext>;
  /** The same context as plain data, for worker threads. */
  workerInit: Omit<WorkerInit, 'cacheDir'>;
  /** Hash of the settings that shape every page's output (not the route table: see `docRoutes`). */
  sharedKey: string;
  /** Doc path → route: a cached page is reused while the doc paths it looked up still have the routes they had. */
  docRoutes: ReadonlyMap<string, string>;
  /**
   * The code-sample checker's links for each doc's checked blocks, by the
   * doc's file (relative to the root), and for the home page's code sample.
   * Unset when the checker did not run: pages then get no `sampleRefs`.
   */
  samples?: { docs: ReadonlyMap<string, PageSampleRefs>; home?: PageSampleRefs };
  /** The site's components (the config's `components`), bundled: rendered into the pages that use them. */
  components?: SiteComponents;
  reporter?: Reporter;
  /** The docs' code blocks, highlighted while their samples were checked (pre-highlight.ts): handed to the workers. */
  preHighlighted?: Promise<PreHighlighted | undefined>;
  /** Keeps the compile workers between calls (the dev server's rebuilds); without it they stop when the pages are done. */
  workers?: WorkerKeeper;
  /**
   * Called with each page as it is compiled or read from the cache, before the next arrives: `build` moves its
   * body out of memory there (body-spill.ts), so a large site's bodies are never all held at once.
   */
  keep?: (content: PageContent) => PageContent;
}

export interface CompiledDocs {
  docs: { doc: PlannedDoc; content: PageContent }[];
  diagnostics: Diagnostic[];
  codeSampleHtml?: string;
  /** Worker threads of the pool that compiled pages (0: all cached, or compiled on this thread from the TypeScript sources). */
  workers: number;
}

/**
 * Compiles every doc, reusing cached results keyed by the file's contents,
 * its route and the shared settings, while the images they read and the docs
 * they linked to are as they were (compile-deps.ts). The highlighter is
 * created only when something actually needs compiling.
 */
export async function compileDocs(docs: PlannedDoc[], options: CompileDocsOptions): Promise<CompiledDocs> {
  const { config, cache, markdown, sharedKey, docRoutes } = options;

  const contents: (PageContent | undefined)[] = [];
  const keep = options.keep ?? ((content: PageContent) => content);
  const refsOf = (i: number) => options.samples?.docs.get(docs[i].file.file);
  // A page's links into the API are part of its output: a sample whose types changed gets its links changed.
  const keys = docs.map((doc, i) =>
    hashOf(sharedKey, doc.file.hash, doc.file.format, doc.file.docPath, doc.path, refsOf(i) ?? null),
  );
  const misses: number[] = [];
  docs.forEach((_, i) => {
    const cached = cache.get<PageContent>('pages', keys[i]);
    if (cached && isCurrent(cached, docRoutes)) contents[i] = keep(cached);
    else misses.push(i);
  });
  // The pages' highlighted code (compile-worker.ts) stays through prune: a page edited later reuses its blocks.
  const codeKeys = codeCacheKeys(highlighterOptionsOf(config.highlight));
  cache.keep(CODE_NAMESPACE, codeKeys.languages);
  for (const doc of docs) cache.keep(CODE_NAMESPACE, codeKeys.page(doc.file.file));
  let done = docs.length - misses.length;
  const progress = () => options.reporter?.progress?.(++done, docs.length, 'markdown');
  // Only the pages that compile wait for the blocks highlighted ahead (a warm build has none to wait for).
  const ahead = misses.length > 0 ? await options.preHighlighted : undefined;
  const jobOf = (i: number) => {
    const blocks = ahead?.pages.get(docs[i].file.file);
    return {
      file: docs[i].file,
      route: docs[i].path,
      cacheKey: keys[i],
      ...(refsOf(i) ? { sampleRefs: refsOf(i) } : {}),
      ...(blocks ? { blocks } : {}),
    };
  };
  const { exportRefs } = options.workerInit;
  let workers = 0;
  if (misses.length > 0 && canCompileOnWorkers()) {
    // Every page compiles on a worker thread with a deadline (compile-pool.ts): the main thread stays free for
    // signals, and a page the parser or the highlighter could spend minutes on is stopped. Workers store their
    // pages in the cache themselves.
    workers = await compileOnWorkers(
      misses.map(jobOf),
      ahead?.languages
        ? { ...workerInitOf(options.workerInit, cache), codeLanguages: ahead.languages }
        : workerInitOf(options.workerInit, cache),
      (index, content) => {
        contents[misses[index]] = keep(content);
        progress();
      },
      options.workers,
    );
  } else if (misses.length > 0) {
    // Running from the TypeScript sources (tests): no worker script, so the pages compile here, without a deadline.
    const { compileMarkdown } = await loadCompiler();
    for (const i of misses) {
      const content = await compileMarkdown(docs[i].file, docs[i].path, await markdown(), {
        samples: { sampleRefs: refsOf(i), exportRefs },
      });
      if (!content.diagnostics.some((d) => d.severity === 'error')) cache.set('pages', keys[i], content);
      contents[i] = keep(content);
      progress();
    }
  }
  // Site components render after compiling, each use with a time limit (cli/components/), cached by the bundle's hash.
  if (options.components && contents.some((c) => c?.components)) {
    const filled = await fillComponents(
      docs.map((doc, i) => ({ file: doc.file.file, content: contents[i]! })),
      options.components,
      cache,
      codeBlockHighlighter(markdown),
    );
    filled.forEach((content, i) => (contents[i] = keep(content)));
  }
  const results: CompiledDocs['docs'] = docs.map((doc, i) => ({ doc, content: contents[i]! }));

  let codeSampleHtml: string | undefined;
  const sample = config.home.codeSample;
  if (sample) {
    const sampleRefs = options.samples?.home;
    const key = hashOf(sharedKey, sample, sampleRefs ?? null);
    const cached = cache.get<CompileDeps & { html: string }>('home', key);
    if (cached && isCurrent(cached, docRoutes)) codeSampleHtml = cached.html;
    else {
      const { compileMarkdownFragment } = await loadCompiler();
      const { failed, ...fragment } = await compileMarkdownFragment(
        toFencedBlock(sample.lang, homeSampleMeta(sample), sample.code),
        await markdown(),
        '/',
        { samples: { sampleRefs, exportRefs } },
      );
      codeSampleHtml = fragment.html;
      if (!failed) cache.set('home', key, fragment);
    }
  }
  return { docs: results, diagnostics: results.flatMap((r) => r.content.diagnostics), codeSampleHtml, workers };
}

/** Starts the compile worker `compileDocs` will use with this context, kept in `keeper` (dev, before the first edit). */
export function prestartCompileWorkers(
  workerInit: Omit<WorkerInit, 'cacheDir'>,
  cache: DiskCache,
  keeper: WorkerKeeper,
): void {
  prestartCompileWorker(workerInitOf(workerInit, cache), keeper);
}

/** The workers' init for a Markdown context: the same object while the context is (kept workers are matched by it). */
const workerInits = new WeakMap<object, WorkerInit>();
function workerInitOf(init: Omit<WorkerInit, 'cacheDir'>, cache: DiskCache): WorkerInit {
  let full = workerInits.get(init);
  if (full?.cacheDir !== cache.dir || full.readCache !== cache.enabled)
    workerInits.set(init, (full = { ...init, cacheDir: cache.dir, readCache: cache.enabled, codeBudget: COSTLY_CODE }));
  return full;
}

/**
 * The Markdown context shared by docs and the API reference, created lazily
 * (creating the highlighter costs a few hundred milliseconds that a fully
 * cached build never pays), plus the cache key part that depends on it.
 */
export function createMarkdownContextFactory(options: {
  config: SiteConfig;
  root: string;
  staticDirs: string[];
  docs: PlannedDoc[];
  exportRefs?: ExportRefs;
  /**
   * Routes of Markdown files outside the docs folder its `.md` links may name too (the docs' links to the site's
   * pages, the pages' links to docs): path from the site root → route.
   */
  otherRoutes?: Iterable<readonly [string, string]>;
}) {
  const { config, exportRefs } = options;
  // Looked up as a doc's path is, from the docs folder: `../src/pages/help.md` for a docs folder `docs`.
  const folder = config.docs.path.replace(/^\.\/|\/$/g, '');
  const other = [...(options.otherRoutes ?? [])].map(
    ([file, route]) => [path.posix.relative(folder, file), route] as const,
  );
  const docRoutes = new Map([...other, ...options.docs.map((d) => [d.file.docPath, d.path] as const)]);
  // Neither the route table nor the listing of the static folders: a page records the routes and files it used (compile-deps.ts).
  // The static folders' paths are part of it: images next to a page, or in public/, are read by absolute path.
  // The library's exported names link in every page's unchecked code blocks.
  // Pages carry their Markdown copy (absolute URLs: the site's origin) when some output publishes it.
  const siteUrl = config.markdownPages || config.llmsTxt ? trimTrailingSlashes(config.url) : undefined;
  const sharedKey = hashOf(
    CACHE_VERSION,
    codeVersion(),
    config.baseUrl,
    config.highlight,
    config.docs.path,
    config.markdown.trustContent,
    config.markdown.magicComments,
    config.markdown.npm2yarn,
    config.markdown.admonitions,
    options.root,
    options.staticDirs,
    exportRefs ?? null,
    config.components,
    siteUrl ?? null,
  );
  const workerInit: Omit<WorkerInit, 'cacheDir'> = {
    baseUrl: config.baseUrl,
    root: options.root,
    staticDirs: options.staticDirs,
    docsDirFromRoot: config.docs.path.replace(/^\.\/|\/$/g, ''),
    docRoutes: [...docRoutes],
    themes: config.highlight.themes,
    additionalLanguages: config.highlight.additionalLanguages,
    trustContent: config.markdown.trustContent,
    magicComments: config.markdown.magicComments,
    npm2yarn: config.markdown.npm2yarn,
    admonitionKeywords: config.markdown.admonitions.keywords,
    components: componentPaths(config),
    ...(siteUrl ? { siteUrl } : {}),
    ...(exportRefs ? { exportRefs } : {}),
  };
  let context: Promise<MarkdownContext> | undefined;
  const markdown = (): Promise<MarkdownContext> =>
    (context ??= createHighlighterFor(config).then((highlighter) => ({ ...workerInit, docRoutes, highlighter })));
  return { markdown, sharedKey, docRoutes, workerInit };
}

/** `@theme/CodeBlock`'s blocks, made as content's fenced blocks are (the same Markdown pipeline). */
function codeBlockHighlighter(markdown: () => Promise<MarkdownContext>): HighlightCodeBlock {
  return async (block) => {
    const { compileMarkdownFragment } = await loadCompiler();
    const fragment = await compileMarkdownFragment(
      toFencedBlock(block.language, fenceMeta(block), block.code),
      await markdown(),
      '/',
    );
    return fragment.html;
  };
}

async function createHighlighterFor(config: SiteConfig): Promise<CodeHighlighter> {
  const { createCodeHighlighter, DEFAULT_LANGUAGES } = await import('./highlighter.js');
  return createCodeHighlighter({
    themes: config.highlight.themes,
    languages: [...DEFAULT_LANGUAGES, ...config.highlight.additionalLanguages],
  });
}
