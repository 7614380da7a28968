import path from 'node:path';
import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteComponents } from '../components/fill-components.js';
import type { SiteConfig } from '../config/schema.js';
import type { FileRule } from '../files/content-files.js';
import { loadContent } from '../load/load-content.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import type { ExportRefs } from '../samples/code-refs.js';
import type { Diagnostic, PageContent, PlannedDoc, Reporter, Route } from '../types.js';
import type { WorkerKeeper } from '../workers/worker-pool.js';
import { pageRouteError, pageRoutePath, type PagesFolder } from './pages-folder.js';

export interface MarkdownPagesInput {
  root: string;
  config: SiteConfig;
  folder: PagesFolder;
  rule: FileRule;
  cache: DiskCache;
  staticDirs: string[];
  /** The docs a page's `.md` links may name: the main version's docs, with its docs folder (from the root). */
  docs: { docsDir: string; planned: readonly PlannedDoc[] };
  exportRefs?: ExportRefs;
  components?: SiteComponents;
  reporter?: Reporter;
  workers?: WorkerKeeper;
}

export interface MarkdownPages {
  /** Each page with its compiled content (what the outputs stage reads: images to copy, diagrams). */
  pages: { doc: PlannedDoc; content: PageContent }[];
  routes: Route[];
  diagnostics: Diagnostic[];
}

/**
 * The `.md`/`.mdx` pages of the pages folder: content, as untrusted as the docs. They are read by the file rule as
 * docs are (loadContent: `_` files and folders skipped, a symlink only to a page of the folder) and routed by their
 * file names; drafts are left out, as docs are. Read before the docs compile, whose `.md` links may name them.
 */
export async function planMarkdownPages(input: {
  root: string;
  config: SiteConfig;
  folder: PagesFolder;
  rule: FileRule;
  cache: DiskCache;
}): Promise<PlannedPages> {
  const { root, config, folder } = input;
  const content = await loadContent({
    root,
    docsDir: folder.fromRoot,
    rule: input.rule,
    cache: input.cache,
    format: config.markdown.format,
    contentFolders: [folder.dir],
    ignore: folder.ignore,
  });
  // Pages have no ids: two files of one route (`help.md`, `help.mdx`) are an output clash, said once.
  const diagnostics = content.diagnostics.filter((d) => d.rule !== 'duplicate-id');
  const planned: PlannedDoc[] = [];
  for (const file of content.files) {
    if (file.frontMatter.draft) continue;
    const route = pageRoutePath(file.docPath, folder.routeBase);
    const routeError = pageRouteError(route, file.file);
    if (routeError) {
      diagnostics.push(routeError);
      continue;
    }
    planned.push({ file, path: route });
  }
  return { planned, diagnostics };
}

/** The Markdown pages read and routed (planMarkdownPages), before they are compiled. */
export interface PlannedPages {
  planned: PlannedDoc[];
  diagnostics: Diagnostic[];
}

/** Each Markdown page's path from the site root (`src/pages/help.md`) and route: what the docs' `.md` links may name. */
export function markdownPageRoutes(plan: PlannedPages): [string, string][] {
  return plan.planned.map((page) => [page.file.file.split(path.sep).join('/'), page.path]);
}

/**
 * Compiles the planned Markdown pages by the docs' pipeline (sanitiser, site components, admonitions, code blocks,
 * checked links), with the pages folder and the static folders as the files they may name. A `.md` link resolves
 * to a page of the folder or to a doc of the main docs version (`../../docs/intro.md`, `@site/docs/intro.md`).
 */
export async function loadMarkdownPages(input: MarkdownPagesInput, plan: PlannedPages): Promise<MarkdownPages> {
  const { root, config, folder } = input;
  const { planned } = plan;
  const diagnostics = [...plan.diagnostics];
  const docsDir = input.docs.docsDir.replace(/^\.\/|\/$/g, '');
  // The pages folder stands where the docs folder does (images, imports and links are looked up from it); the home
  // page's code sample is the docs' to compile.
  const pagesConfig = {
    ...config,
    docs: { ...config.docs, path: folder.fromRoot },
    home: { ...config.home, codeSample: undefined },
  };
  const factory = createMarkdownContextFactory({
    config: pagesConfig,
    root,
    staticDirs: input.staticDirs,
    docs: planned,
    exportRefs: input.exportRefs,
    // Links from a page to a doc (`../../docs/intro.md`): the docs by their path from the root.
    otherRoutes: input.docs.planned.map((d) => [path.posix.join(docsDir, d.file.docPath), d.path] as const),
  });
  const compiled = await compileDocs(planned, {
    root,
    config: pagesConfig,
    cache: input.cache,
    markdown: factory.markdown,
    workerInit: factory.workerInit,
    sharedKey: factory.sharedKey,
    docRoutes: factory.docRoutes,
    components: input.components,
    reporter: input.reporter,
    workers: input.workers,
  });
  diagnostics.push(...compiled.diagnostics);
  return { pages: compiled.docs, routes: compiled.docs.map(markdownPageRoute), diagnostics };
}

/** A Markdown page's route: titled by its front matter, else its h1, with no sidebar and no breadcrumbs. */
function markdownPageRoute({ doc, content }: { doc: PlannedDoc; content: PageContent }): Route {
  const fm = doc.file.frontMatter;
  return {
    path: doc.path,
    kind: 'page',
    title: fm.title ?? content.h1 ?? doc.path,
    description: fm.description ?? content.excerpt,
    file: doc.file.file,
    content,
    frontMatter: fm,
    unlisted: fm.unlisted,
    noindex: fm.unlisted,
  };
}
