import { existsSync } from 'node:fs';
import path from 'node:path';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteComponents } from '../components/fill-components.js';
import type { SiteConfig } from '../config/schema.js';
import type { FileRule } from '../files/content-files.js';
import { loadContent } from '../load/load-content.js';
import { compileDocs, createMarkdownContextFactory } from '../markdown/compile-docs.js';
import type { Diagnostic, PageContent, PlannedDoc, Reporter, Route, SidebarItem } from '../types.js';
import { addMarkdownHrefs } from '../routes/markdown-copies.js';
import { readAuthorsFile } from './authors-file.js';
import type { BlogOptions } from './blog-options.js';
import { planPosts, type BlogPost } from './blog-posts.js';
import { linkTargets } from './link-targets.js';
import { buildBlogRoutes, BLOG_SIDEBAR } from './blog-routes.js';
import { truncatedBody } from './truncate.js';

export { BLOG_SIDEBAR };

/** The blog's options when it is on: not `false`, and its folder exists. */
export function blogOptionsOf(config: SiteConfig, root: string): BlogOptions | undefined {
  const blog = config.blog;
  return blog && existsSync(path.resolve(root, blog.path)) ? blog : undefined;
}

export interface BuiltBlog {
  routes: Route[];
  sidebar?: SidebarItem[];
  /** Each post with its compiled content (the outputs stage copies the images they name). */
  docs: { doc: PlannedDoc; content: PageContent }[];
  diagnostics: Diagnostic[];
}

/** The blog's posts, read and planned (their routes known) before any page compiles: docs may link to them. */
export interface BlogPlan {
  options: BlogOptions;
  posts: BlogPost[];
  diagnostics: Diagnostic[];
}

/**
 * Reads the posts (content, through the file rule, as docs are) and the authors file (data), and plans each post's
 * route. Undefined when the site has no blog.
 */
export async function planBlog(input: {
  root: string;
  config: SiteConfig;
  rule: FileRule;
  cache: DiskCache;
}): Promise<BlogPlan | undefined> {
  const { root, config } = input;
  const options = blogOptionsOf(config, root);
  if (!options) return undefined;
  const content = await loadContent({
    root,
    docsDir: options.path,
    rule: input.rule,
    cache: input.cache,
    format: config.markdown.format,
  });
  const authors = readAuthorsFile(input.rule, root, options.path, options.authorsMapPath);
  const planned = planPosts(content.files, options.routeBasePath, authors.authors);
  return {
    options,
    posts: planned.posts,
    diagnostics: [...content.diagnostics, ...authors.diagnostics, ...planned.diagnostics],
  };
}

/** The posts as `.md` link targets of the docs (the main version's docs folder). */
export function postLinkTargets(plan: BlogPlan | undefined, root: string, docsPath: string): PlannedDoc[] {
  return plan ? linkTargets(plan.posts, path.resolve(root, plan.options.path), path.resolve(root, docsPath)) : [];
}

/**
 * The blog stage: compiles every post and the part of it before its truncate marker with the docs' Markdown
 * pipeline (cached per page; `.md` links to other posts and to the main version's `docs` resolve), and builds the
 * blog's routes.
 */
export async function buildBlog(input: {
  root: string;
  config: SiteConfig;
  plan: BlogPlan;
  cache: DiskCache;
  staticDirs: string[];
  /** The main version's docs and their folder: what a post's `.md` links to docs resolve to. */
  docs: readonly PlannedDoc[];
  docsPath: string;
  components?: SiteComponents;
  reporter?: Reporter;
}): Promise<BuiltBlog> {
  const { root, config, plan } = input;
  const { options, posts } = plan;
  const diagnostics = [...plan.diagnostics];
  // Links between posts resolve as links between docs do: the blog folder is their docs folder.
  const blogConfig: SiteConfig = {
    ...config,
    docs: { ...config.docs, path: options.path },
    home: { ...config.home, codeSample: undefined },
  };
  const docTargets = linkTargets(input.docs, path.resolve(root, input.docsPath), path.resolve(root, options.path));
  const context = createMarkdownContextFactory({
    config: blogConfig,
    root,
    staticDirs: input.staticDirs,
    docs: [...posts, ...docTargets],
  });
  const excerpts = posts.flatMap((post, i) => {
    const body = truncatedBody(post.file.body);
    return body === undefined
      ? []
      : [{ i, doc: { ...post, file: { ...post.file, body, hash: hashOf(post.file.hash, 'excerpt') } } }];
  });
  const compiled = await compileDocs([...posts, ...excerpts.map((e) => e.doc)], {
    root,
    config: blogConfig,
    cache: input.cache,
    markdown: context.markdown,
    workerInit: context.workerInit,
    sharedKey: context.sharedKey,
    docRoutes: context.docRoutes,
    components: input.components,
    reporter: input.reporter,
  });
  const contents = compiled.docs.slice(0, posts.length);
  // The excerpt is a part of the post: its problems are the post's, reported once.
  diagnostics.push(...contents.flatMap((c) => c.content.diagnostics));
  const excerptOf = new Map(excerpts.map((e, n) => [e.i, compiled.docs[posts.length + n].content]));
  const built = buildBlogRoutes(
    posts.map((post, i) => ({ post, content: contents[i].content, excerpt: excerptOf.get(i) })),
    options,
    config.baseUrl,
  );
  return { ...built, docs: contents, diagnostics };
}

/** Adds the blog's pages and its sidebar of recent posts to the site's route table. */
export function addBlogToTable(
  table: { routes: Route[]; sidebars: Map<string, SidebarItem[]> },
  blog: BuiltBlog,
  config: SiteConfig,
): void {
  if (config.markdownPages) addMarkdownHrefs(blog.routes, config.baseUrl);
  table.routes.push(...blog.routes);
  if (blog.sidebar) table.sidebars.set(BLOG_SIDEBAR, blog.sidebar);
}
