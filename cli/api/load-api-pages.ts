import path from 'node:path';
import { ApiError, type ApiOptions } from './api-options.js';
import type { ApiModel } from '../api-model.js';
import { buildApiPages, buildApiSidebar, listApiPages, type ApiPage } from './build-api-pages.js';
import { extractApi } from './extract-api.js';
import { flattenHeadings } from './flatten-headings.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { isCurrent, mergeDeps, type CompileDeps } from '../markdown/compile-deps.js';
import type { MarkdownContext, MarkdownFragment, SampleLinks } from '../markdown/compile-markdown.js';
import { toFencedBlock } from '../markdown/fenced-block.js';
import { routeUrl } from '../route-text.js';
import type { Diagnostic, SidebarItem } from '../types.js';
import { trimSlashes, trimTrailingSlashes } from '../url-parts.js';

export interface ApiPagesResult {
  pages: ApiPage[];
  sidebar?: SidebarItem;
  diagnostics: Diagnostic[];
  /** 1 when TypeDoc read the library on a worker thread, else 0. */
  workers: number;
}

/** The library's model as the API stage read it: none when the site has no API reference or it could not be read. */
export interface LoadedApiModel {
  model?: ApiModel;
  diagnostics: Diagnostic[];
  /** 1 when TypeDoc read the library on a worker thread, else 0. */
  workers: number;
}

/** The config's `api` with its route base path as the API pages use it (no leading or trailing slash). */
export function apiOptionsOf(api: NonNullable<SiteConfig['api']>): ApiOptions {
  return { ...api, routeBasePath: trimSlashes(api.routeBasePath) };
}

/**
 * Reads the library with TypeDoc (on a worker thread), or from the model
 * cached on disk by the API stage itself. Starts as soon as the config is
 * known: the guides do not wait for it.
 */
export async function loadApiModel(options: {
  root: string;
  config: SiteConfig;
  cache: DiskCache;
  noCache?: boolean;
}): Promise<LoadedApiModel> {
  const { config } = options;
  if (!config.api) return { diagnostics: [], workers: 0 };
  let workers = 0;
  try {
    const model = await extractApi({
      root: options.root,
      api: apiOptionsOf(config.api),
      cacheDir: path.join(options.cache.dir, 'api'),
      noCache: options.noCache,
      onCacheFile: (file) => options.cache.markUsed(file),
      onWorker: () => (workers = 1),
    });
    return { model, diagnostics: [], workers };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      diagnostics: [
        { severity: 'error', rule: 'api', message: error.message, hint: error.hint, file: 'build.config.ts' },
      ],
      workers,
    };
  }
}

/** The API pages' paths and titles and their sidebar category, from the model alone: what their social images show. */
export function apiPagesOfModel(
  config: SiteConfig,
  model: ApiModel,
): { pages: { path: string; title: string }[]; sidebar: SidebarItem } | undefined {
  if (!config.api) return undefined;
  const api = apiOptionsOf(config.api);
  return { pages: listApiPages(model, api), sidebar: buildApiSidebar(model, api, (p) => routeUrl(config.baseUrl, p)) };
}

/**
 * The API reference stage: the typedoc model rendered into pages through the
 * shared Markdown context. Rendered pages are cached too, keyed by the model,
 * the shared settings and the links of the checked `@example`s, and reused
 * while the docs their TSDoc links to keep their routes and the images it
 * shows are unchanged (compile-deps.ts): a new doc reruns neither TypeDoc
 * nor the pages.
 */
export async function loadApiPages(options: {
  config: SiteConfig;
  cache: DiskCache;
  loaded: LoadedApiModel;
  markdown: () => Promise<MarkdownContext>;
  sharedKey: string;
  docRoutes: ReadonlyMap<string, string>;
  /** The checked `@example`s' links and the library's exported names (unset: samples are not checked). */
  samples?: SampleLinks;
  /** The meta a highlighted `@example` block is given (`setup=<name>`): its key for the sample links. */
  exampleMeta?: string;
}): Promise<ApiPagesResult> {
  const { config, loaded } = options;
  const { model, workers } = loaded;
  if (!config.api || !model) return { pages: [], diagnostics: loaded.diagnostics, workers };
  const api = apiOptionsOf(config.api);
  const url = (p: string) => routeUrl(config.baseUrl, p);
  const sidebar = buildApiSidebar(model, api, url);
  const exampleMeta = options.exampleMeta ?? '';
  // The Markdown copies are made with the pages (and cached with them) when the site publishes them.
  const site =
    config.markdownPages || config.llmsTxt
      ? { origin: trimTrailingSlashes(config.url), baseUrl: config.baseUrl, route: '/' + api.routeBasePath, url }
      : undefined;
  const key = hashOf(
    options.sharedKey,
    model,
    api,
    options.samples?.sampleRefs ?? null,
    exampleMeta,
    site?.origin ?? null,
  );
  const cached = options.cache.get<CachedApiPages>('api-pages', key);
  let pages = cached && isCurrent(cached, options.docRoutes) ? cached.pages : undefined;
  if (!pages) {
    const ctx = await options.markdown();
    const { compileMarkdownFragment } = await import('../markdown/compile-markdown.js');
    const fragments: MarkdownFragment[] = [];
    const seen = new Map<string, number>();
    const compile = async (markdown: string) => {
      const repeat = seen.get(markdown) ?? 0;
      seen.set(markdown, repeat + 1);
      const fragment = await compileMarkdownFragment(markdown, ctx, '/' + api.routeBasePath, {
        samples: options.samples,
        repeat,
      });
      fragments.push(fragment);
      return fragment.html;
    };
    pages = await buildApiPages(
      model,
      api,
      {
        renderMarkdown: (markdown) => compile(flattenHeadings(markdown)),
        // A lone `@example` block goes through the same plugins as the guides' blocks, so it gets its links.
        highlight: (code, lang) => compile(toFencedBlock(lang, exampleMeta, code)),
        url,
      },
      site,
    );
    // A fragment with an error (an image that is not there) is compiled again next time, as a page with one is.
    if (!fragments.some((f) => f.failed))
      options.cache.set('api-pages', key, { pages, ...mergeDeps(fragments) } satisfies CachedApiPages);
  }
  return { pages, sidebar, diagnostics: pages.flatMap((p) => p.content.diagnostics), workers };
}

/** The API pages as cached: one entry for all of them, with what their TSDoc text read and linked to. */
interface CachedApiPages extends CompileDeps {
  pages: ApiPage[];
}
