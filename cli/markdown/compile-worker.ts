/**
 * Worker thread entry: compiles Markdown pages sent by the main thread.
 * Each worker creates its own highlighter once and reuses it for every page.
 */
import { DiskCache } from '../cache/disk-cache.js';
import type { MagicComment } from '../config/markdown-schema.js';
import type { ExportRefs, PageSampleRefs } from '../samples/code-refs.js';
import type { ContentFile, PageContent } from '../types.js';
import { serveJobs } from '../workers/worker-pool.js';
import { CostlyCodeError, type CostlyCode } from './compile-cost.js';
import { compileMarkdown, type MarkdownContext } from './compile-markdown.js';
import { CodeBlockStore, packBlocks, unpackBlocks, type HighlightedCode } from './code-block-store.js';
import { CODE_NAMESPACE, codeCacheKeys, highlighterOptionsOf } from './code-block-cache.js';
import { createCodeHighlighter } from './highlighter.js';

/** What the main thread sends once, before any page. */
export interface WorkerInit {
  baseUrl: string;
  root: string;
  staticDirs: string[];
  docsDirFromRoot: string;
  docRoutes: [string, string][];
  themes: { light: string; dark: string };
  additionalLanguages: string[];
  /** `markdown.trustContent`: pages are not sanitised. */
  trustContent: boolean;
  /** `markdown.magicComments`: comments in code that mark lines. */
  magicComments: MagicComment[];
  /** `markdown.npm2yarn`: `npm2yarn` blocks become npm / Yarn / pnpm tabs. */
  npm2yarn: boolean;
  /** `markdown.admonitions.keywords`: `:::word` types the site adds. */
  admonitionKeywords: string[];
  /** The config's `components` map (name → module path). */
  components: Record<string, string>;
  /** The site's origin when pages get Markdown copies (MarkdownContext.siteUrl). */
  siteUrl?: string;
  /** The disk cache folder: workers store what they compile. */
  cacheDir: string;
  /** Whether the disk cache may be read (not with `--no-cache`): a page's highlighted blocks from the last build are reused. */
  readCache?: boolean;
  /** The languages the site's grammars cover, as the pre-highlighting thread found them (pre-highlight.ts). */
  codeLanguages?: string[];
  /** The highlighting budget of a page (compile-cost.ts): pool workers have one, the guarded worker none. */
  codeBudget?: number;
  /** The library's exported names, for code blocks the sample checker did not check (unset: it did not run). */
  exportRefs?: ExportRefs;
}

/** One page to compile, and where its result goes in the disk cache. */
export interface CompileJob {
  file: ContentFile;
  route: string;
  cacheKey: string;
  /** The page's checked code blocks (unset: the sample checker did not run). */
  sampleRefs?: PageSampleRefs;
  /** The page's blocks, highlighted ahead of it (pre-highlight.ts): by block key. */
  blocks?: Record<string, HighlightedCode>;
}

serveJobs<WorkerInit, CompileJob, PageContent | CostlyCode>(async (init) => {
  const cache = new DiskCache(init.cacheDir);
  const options = highlighterOptionsOf(init);
  const keys = codeCacheKeys(options);
  const blocks = new CodeBlockStore();
  const languages =
    init.codeLanguages ?? (init.readCache ? cache.get<string[]>(CODE_NAMESPACE, keys.languages) : undefined);
  const highlighter = await createCodeHighlighter(options, {
    blocks,
    ...(Array.isArray(languages) ? { languages } : {}),
    onLanguages: (found) => cache.set(CODE_NAMESPACE, keys.languages, found),
  });
  const context: MarkdownContext = {
    baseUrl: init.baseUrl,
    root: init.root,
    staticDirs: init.staticDirs,
    docsDirFromRoot: init.docsDirFromRoot,
    docRoutes: new Map(init.docRoutes),
    highlighter,
    trustContent: init.trustContent,
    magicComments: init.magicComments,
    npm2yarn: init.npm2yarn,
    admonitionKeywords: init.admonitionKeywords,
    components: init.components,
    ...(init.siteUrl ? { siteUrl: init.siteUrl } : {}),
  };
  return async (job) => {
    // The page's blocks as the last build highlighted them: an edit elsewhere in the page does not start shiki.
    const blocksKey = keys.page(job.file.file);
    const stored = init.readCache ? unpackBlocks(cache.get(CODE_NAMESPACE, blocksKey)) : undefined;
    if (stored) blocks.add(stored);
    if (job.blocks) blocks.add(job.blocks);
    blocks.takeUsed();
    let content: PageContent;
    try {
      content = await compileMarkdown(job.file, job.route, context, {
        codeBudget: init.codeBudget,
        samples: { sampleRefs: job.sampleRefs, exportRefs: init.exportRefs },
      });
    } catch (error) {
      if (error instanceof CostlyCodeError) return { costlyCodeLine: error.line };
      throw error;
    }
    const used = blocks.takeUsed();
    if (!sameKeys(used, stored)) cache.set(CODE_NAMESPACE, blocksKey, packBlocks(used));
    if (!content.diagnostics.some((d) => d.severity === 'error')) cache.set('pages', job.cacheKey, content);
    return content;
  };
});

/** True when the page uses exactly the blocks stored for it (nothing to write). */
function sameKeys(used: ReadonlyMap<string, unknown>, stored: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!stored) return used.size === 0;
  const keys = Object.keys(stored);
  return keys.length === used.size && keys.every((key) => used.has(key));
}
