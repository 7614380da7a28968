import path from 'node:path';
import { ApiError } from '../api/api-options.js';
import { buildApiPages, buildApiSidebar, type ApiPage } from '../api/build-api-pages.js';
import { extractApi } from '../api/extract-api.js';
import { flattenHeadings } from '../api/flatten-headings.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { isCurrent, mergeDeps, type CompileDeps } from '../markdown/compile-deps.js';
import type { MarkdownContext, MarkdownFragment } from '../markdown/compile-markdown.js';
import { routeUrl } from '../routes/route-text.js';
import type { Diagnostic, SidebarItem } from '../types.js';
import { trimSlashes } from '../url-parts.js';

export interface ApiPagesResult {
  pages: ApiPage[];
  sidebar?: SidebarItem;
  diagnostics: Diagnostic[];
  /** 1 when TypeDoc read the library on a worker thread, else 0. */
  workers: number;
}

/**
 * The API reference stage: the typedoc model (cached on disk by the API
 * stage itself) rendered into pages through the shared Markdown context.
 * Rendered pages are cached too, keyed by the model and the shared settings,
 * and reused while the docs their TSDoc links to keep their routes and the
 * images it shows are unchanged (compile-deps.ts): a new doc reruns neither
 * TypeDoc nor the pages.
 */
export async function loadApiPages(options: {
  root: string;
  config: SiteConfig;
  cache: DiskCache;
  noCache?: boolean;
  markdown: () => Promise<MarkdownContext>;
  sharedKey: string;
  docRoutes: ReadonlyMap<string, string>;
}): Promise<ApiPagesResult> {
  const { config } = options;
  if (!config.api) return { pages: [], diagnostics: [], workers: 0 };
  const api = { ...config.api, routeBasePath: trimSlashes(config.api.routeBasePath) };
  const url = (p: string) => routeUrl(config.baseUrl, p);
  let model;
  let workers = 0;
  try {
    model = await extractApi({
      root: options.root,
      api,
      cacheDir: path.join(options.cache.dir, 'api'),
      noCache: options.noCache,
      onCacheFile: (file) => options.cache.markUsed(file),
      onWorker: () => (workers = 1),
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { pages: [], diagnostics: [{ severity: 'error', rule: 'api', message: error.message, hint: error.hint, file: 'build.config.ts' }], workers };
  }
  const sidebar = buildApiSidebar(model, api, url);
  const key = hashOf(options.sharedKey, model, api);
  const cached = options.cache.get<CachedApiPages>('api-pages', key);
  let pages = cached && isCurrent(cached, options.docRoutes) ? cached.pages : undefined;
  if (!pages) {
    const ctx = await options.markdown();
    const { compileMarkdownFragment } = await import('../markdown/compile-markdown.js');
    const fragments: MarkdownFragment[] = [];
    pages = await buildApiPages(model, api, {
      renderMarkdown: async (markdown) => {
        const fragment = await compileMarkdownFragment(flattenHeadings(markdown), ctx, '/' + api.routeBasePath);
        fragments.push(fragment);
        return fragment.html;
      },
      highlight: (code, lang) => ctx.highlighter.toHtml(code, lang),
      url,
    });
    // A fragment with an error (an image that is not there) is compiled again next time, as a page with one is.
    if (!fragments.some((f) => f.failed)) options.cache.set('api-pages', key, { pages, ...mergeDeps(fragments) } satisfies CachedApiPages);
  }
  return { pages, sidebar, diagnostics: pages.flatMap((p) => p.content.diagnostics), workers };
}

/** The API pages as cached: one entry for all of them, with what their TSDoc text read and linked to. */
interface CachedApiPages extends CompileDeps {
  pages: ApiPage[];
}
