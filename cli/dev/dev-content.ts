import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteComponents } from '../components/fill-components.js';
import type { SiteConfig } from '../config/schema.js';
import type { CategoryMeta } from '../load/category-files.js';
import type { PartialFile } from '../load/unused-partials.js';
import { postLinkTargets, type BlogPlan } from '../blog/build-blog.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import type { WorkerKeeper } from '../workers/worker-pool.js';
import { readsUnchanged } from '../markdown/compile-deps.js';
import { planDocs } from '../routes/plan-docs.js';
import type { PageSampleRefs } from '../samples/code-refs.js';
import type { ContentFile, Diagnostic, PageContent, PlannedDoc } from '../types.js';
import type { DocReads } from '../load/load-content.js';
import { isExternalUrl } from '../url-parts.js';
import type { DevSamples } from './dev-samples.js';
import { loadSettledContent } from './settled-docs.js';

/** One compiled doc as the dev server keeps it. */
interface CompiledDoc {
  hash: string;
  /** The format it was compiled as (front matter and `markdown.format` decide it, not the file's bytes alone). */
  format: 'md' | 'mdx';
  route: string;
  /** The checked blocks' links it was compiled with (kept by the session's DevSamples while its blocks are unchanged). */
  sampleRefs?: PageSampleRefs;
  /** The latest compile, with its diagnostics. */
  latest: PageContent;
  /** What the page shows: the latest compile, or the last good one while the file does not parse. */
  shown: PageContent;
}

/** The docs of a site in memory, recompiled file by file as they change. */
export interface DevContent {
  files: ContentFile[];
  /** What the last load read of each doc: the next one reads only the files whose stamp changed. */
  reads: DocReads;
  /** The docs folder's `_category_` files, by folder. */
  categories: Map<string, CategoryMeta>;
  /** Markdown files named `_*`: a warning when no page imports them, as in `build`. */
  partials: PartialFile[];
  planned: PlannedDoc[];
  compiled: Map<string, CompiledDoc>;
  /** Load and route-planning problems (front matter, duplicate ids and routes). */
  diagnostics: Diagnostic[];
  codeSampleHtml?: string;
  factory: ReturnType<typeof createMarkdownContextFactory>;
  docRoutesKey: string;
  publicKey: string;
  /** The site components' bundle the pages were rendered with (unset: the config registers none). */
  componentsHash?: string;
}

export interface RefreshContentInput {
  root: string;
  config: SiteConfig;
  /** The config file, relative to the root (where the home page's code sample is). */
  configFile: string;
  cache: DiskCache;
  /** The static folders, absolute, and the site paths of their files. */
  staticDirs: string[];
  publicFiles: string[];
  /** The session's code samples: a doc's changed blocks are checked before it is compiled. */
  samples?: DevSamples;
  /** The site components, bundled: a page that uses them is rendered again when the bundle changes. */
  components?: SiteComponents;
  /** Keeps the compile workers between edits. */
  workers?: WorkerKeeper;
  /** Every version's docs folder: where a doc that is a symlink may lead (as `build` lists them). */
  contentFolders?: string[];
  /** The site's Markdown pages (src/pages) the docs' `.md` links may name: path from the root → route. */
  otherRoutes?: [string, string][];
  /** The blog's posts, which the main version's `.md` links may name (cli/blog/). */
  blogPosts?: BlogPlan;
}

const MARKDOWN_LINK = /\.mdx?(?:[?#]|$)/i;

/**
 * Reads the docs folder again (only the files whose stamp changed) and recompiles only
 * the docs whose file changed, whose route changed, or whose output depends
 * on something that changed: `.md` links when a doc's route moved, images
 * when `public/` gained or lost a file. A file that stops parsing keeps its
 * last good page. Returns the routes whose content changed.
 */
export async function refreshContent(
  previous: DevContent | undefined,
  input: RefreshContentInput,
): Promise<{ content: DevContent; changedRoutes: string[] }> {
  const { root, config, cache, staticDirs, publicFiles, samples } = input;
  const loaded = await loadSettledContent(
    {
      ...{ root, docsDir: config.docs.path, cache, format: config.markdown.format },
      contentFolders: input.contentFolders,
      previousReads: previous?.reads ?? new Map(),
    },
    previous?.files,
  );
  const files = keepLastGoodFiles(loaded.files, loaded.diagnostics, previous?.files ?? []);
  const planned = planDocs(files, config);
  const targets = [...planned.docs, ...postLinkTargets(input.blogPosts, root, config.docs.path)];
  const docRoutesKey = JSON.stringify([targets.map((d) => [d.file.docPath, d.path]), input.otherRoutes ?? []]);
  const publicKey = publicFiles.join('\n');
  const routesMoved = previous !== undefined && previous.docRoutesKey !== docRoutesKey;
  const publicChanged = previous !== undefined && previous.publicKey !== publicKey;
  const componentsHash = input.components?.bundle.hash;
  const componentsChanged = previous !== undefined && previous.componentsHash !== componentsHash;
  // Before compiling: the highlighter links the names of each checked block.
  const sampleRefs = await samples?.refresh(
    planned.docs.map((doc) => doc.file),
    config,
    input.configFile,
  );
  const exportRefs = samples?.exportRefs;
  const sameExports = previous?.factory.workerInit.exportRefs === exportRefs;
  const factory =
    previous && !routesMoved && !publicChanged && sameExports
      ? previous.factory
      : createMarkdownContextFactory({
          ...{ config, root, staticDirs, docs: targets, exportRefs },
          otherRoutes: input.otherRoutes,
        });

  const compiled = new Map<string, CompiledDoc>();
  const toCompile: PlannedDoc[] = [];
  for (const doc of planned.docs) {
    const before = previous?.compiled.get(doc.file.path);
    const refs = sampleRefs?.docs.get(doc.file.file);
    const stale =
      !before ||
      before.hash !== doc.file.hash ||
      before.format !== doc.file.format ||
      before.route !== doc.path ||
      before.sampleRefs !== refs ||
      !sameExports ||
      (routesMoved && dependsOnDocRoutes(before.latest)) ||
      (publicChanged && dependsOnPublicFiles(before.latest)) ||
      (componentsChanged && before.latest.components !== undefined) ||
      // A partial or image it read was edited; or it failed, perhaps on a partial that now exists.
      !readsUnchanged(before.latest.reads) ||
      before.latest.diagnostics.some((d) => d.severity === 'error');
    if (stale) toCompile.push(doc);
    else compiled.set(doc.file.path, before);
  }
  const result = await compileDocs(toCompile, {
    root,
    config,
    cache,
    markdown: factory.markdown,
    workerInit: factory.workerInit,
    sharedKey: factory.sharedKey,
    docRoutes: factory.docRoutes,
    samples: sampleRefs,
    components: input.components,
    workers: input.workers,
  });
  const changedRoutes: string[] = [];
  for (const { doc, content } of result.docs) {
    const before = previous?.compiled.get(doc.file.path);
    const unparsable = content.html === '' && content.diagnostics.some((d) => d.severity === 'error');
    const shown = unparsable && before ? before.shown : content;
    compiled.set(doc.file.path, {
      hash: doc.file.hash,
      format: doc.file.format,
      route: doc.path,
      sampleRefs: sampleRefs?.docs.get(doc.file.file),
      latest: content,
      shown,
    });
    if (shown !== before?.shown) changedRoutes.push(doc.path);
    if (before && before.route !== doc.path) changedRoutes.push(before.route);
  }
  for (const [file, before] of previous?.compiled ?? []) if (!compiled.has(file)) changedRoutes.push(before.route);

  return {
    content: {
      files,
      reads: loaded.reads,
      categories: loaded.categories,
      partials: loaded.partials,
      planned: planned.docs,
      compiled,
      diagnostics: [...loaded.diagnostics, ...planned.diagnostics],
      codeSampleHtml: result.codeSampleHtml,
      factory,
      docRoutesKey,
      publicKey,
      componentsHash,
    },
    changedRoutes,
  };
}

/** The docs with the content the pages show, in route-table order. */
export function shownDocs(content: DevContent): { doc: PlannedDoc; content: PageContent }[] {
  return content.planned.flatMap((doc) => {
    const compiled = content.compiled.get(doc.file.path);
    return compiled ? [{ doc, content: compiled.shown }] : [];
  });
}

/** Every diagnostic of the docs as they are now (not the kept pages). */
export function contentDiagnostics(content: DevContent): Diagnostic[] {
  return [...content.diagnostics, ...[...content.compiled.values()].flatMap((c) => c.latest.diagnostics)];
}

/**
 * A file whose front matter no longer parses stays in the site with its last
 * good version, so its page (and the sidebar) do not vanish while it is fixed.
 */
function keepLastGoodFiles(files: ContentFile[], diagnostics: Diagnostic[], previous: ContentFile[]): ContentFile[] {
  const failed = new Set(diagnostics.filter((d) => d.severity === 'error' && d.file).map((d) => d.file));
  const present = new Set(files.map((f) => f.file));
  const kept = previous.filter((f) => failed.has(f.file) && !present.has(f.file));
  if (kept.length === 0) return files;
  return [...files, ...kept].sort((a, b) => (a.docPath < b.docPath ? -1 : a.docPath > b.docPath ? 1 : 0));
}

function dependsOnDocRoutes(content: PageContent): boolean {
  return (
    content.links.some((l) => !isExternalUrl(l.url) && MARKDOWN_LINK.test(l.url)) ||
    content.diagnostics.some((d) => d.rule === 'broken-markdown-link')
  );
}

function dependsOnPublicFiles(content: PageContent): boolean {
  return (
    content.links.some((l) => l.kind === 'image' && !isExternalUrl(l.href)) ||
    content.diagnostics.some((d) => d.rule === 'missing-image')
  );
}
