import type { SiteConfig } from '../config/schema.js';
import { CACHE_VERSION, hashOf, type DiskCache } from '../cache/disk-cache.js';
import { docsgenVersion } from '../package-root.js';
import type { Reporter } from '../pipeline/stage-timer.js';
import type { PlannedDoc } from '../routes/plan-docs.js';
import type { Diagnostic, PageContent } from '../types.js';
import { compileMarkdown, renderMarkdownFragment, type MarkdownContext } from './compile-markdown.js';
import { createCodeHighlighter, DEFAULT_LANGUAGES, type CodeHighlighter } from './highlighter.js';

export interface CompileDocsOptions {
  root: string;
  config: SiteConfig;
  cache: DiskCache;
  publicDir: string;
  /** Files in `public/`, relative to it: part of the cache key, since image checks depend on them. */
  publicFiles: string[];
  /** The shared Markdown context, created on first use. */
  markdown: () => Promise<MarkdownContext>;
  /** Hash of everything besides the file that shapes compiled output. */
  sharedKey: string;
  reporter?: Reporter;
}

export interface CompiledDocs {
  docs: { doc: PlannedDoc; content: PageContent }[];
  diagnostics: Diagnostic[];
  codeSampleHtml?: string;
}

/**
 * Compiles every doc, reusing cached results keyed by the file's contents
 * and everything else that shapes its output. The highlighter is created
 * only when something actually needs compiling.
 */
export async function compileDocs(docs: PlannedDoc[], options: CompileDocsOptions): Promise<CompiledDocs> {
  const { config, cache, markdown, sharedKey } = options;

  const results: CompiledDocs['docs'] = [];
  let done = 0;
  for (const doc of docs) {
    const key = hashOf(sharedKey, doc.file.hash, doc.file.docPath, doc.path);
    let content = cache.get<PageContent>('pages', key);
    if (!content) {
      content = await compileMarkdown(doc.file, doc.path, await markdown());
      if (!content.diagnostics.some((d) => d.severity === 'error')) cache.set('pages', key, content);
    }
    results.push({ doc, content });
    options.reporter?.progress?.(++done, docs.length, 'markdown');
  }

  let codeSampleHtml: string | undefined;
  const sample = config.home.codeSample;
  if (sample) {
    const key = hashOf(sharedKey, sample);
    codeSampleHtml = cache.get<string>('home', key);
    if (codeSampleHtml === undefined) {
      const fence = '`'.repeat(Math.max(3, ...[...sample.code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      const title = sample.title ? ` title="${sample.title.replace(/"/g, '')}"` : '';
      codeSampleHtml = await renderMarkdownFragment(`${fence}${sample.lang}${title}\n${sample.code}\n${fence}`, await markdown(), '/');
      cache.set('home', key, codeSampleHtml);
    }
  }
  return { docs: results, diagnostics: results.flatMap((r) => r.content.diagnostics), codeSampleHtml };
}

/**
 * The Markdown context shared by docs and the API reference, created lazily
 * (creating the highlighter costs a few hundred milliseconds that a fully
 * cached build never pays), plus the cache key part that depends on it.
 */
export function createMarkdownContextFactory(options: { config: SiteConfig; publicDir: string; publicFiles: string[]; docs: PlannedDoc[] }) {
  const { config } = options;
  const docRoutes = new Map(options.docs.map((d) => [d.file.docPath, d.path]));
  const sharedKey = hashOf(CACHE_VERSION, docsgenVersion(), config.baseUrl, config.highlight, config.docs.path, [...docRoutes], options.publicFiles);
  let context: Promise<MarkdownContext> | undefined;
  const markdown = (): Promise<MarkdownContext> =>
    (context ??= createHighlighterFor(config).then((highlighter) => ({
      baseUrl: config.baseUrl,
      publicDir: options.publicDir,
      docsDirFromRoot: config.docs.path.replace(/^\.\/|\/$/g, ''),
      docRoutes,
      highlighter,
    })));
  return { markdown, sharedKey };
}

function createHighlighterFor(config: SiteConfig): Promise<CodeHighlighter> {
  return createCodeHighlighter({ themes: config.highlight.themes, languages: [...DEFAULT_LANGUAGES, ...config.highlight.additionalLanguages] });
}
