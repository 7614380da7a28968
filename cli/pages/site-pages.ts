import { configSourceOf, findKey } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import type { Diagnostic, PageContent, PlannedDoc, Route } from '../types.js';
import {
  loadMarkdownPages,
  markdownPageRoutes,
  planMarkdownPages,
  type MarkdownPagesInput,
  type PlannedPages,
} from './markdown-pages.js';
import { pagesFolderOf, type PagesFolder } from './pages-folder.js';
import { loadReactPages, type ReactPages } from './react-pages.js';

/** The pages folder read and its Markdown pages routed, before anything is compiled (planSitePages). */
export interface PagesPlan {
  /** The folder, when the site has one and the config does not turn pages off. */
  folder?: PagesFolder;
  markdown: PlannedPages;
  /** Each Markdown page's path from the site root and route: what the docs' `.md` links may name. */
  linkRoutes: [string, string][];
}

/** Reads the pages folder's Markdown pages and their routes (nothing when the site has no pages folder). */
export async function planSitePages(
  input: Pick<MarkdownPagesInput, 'root' | 'config' | 'rule' | 'cache'>,
): Promise<PagesPlan> {
  const folder = pagesFolderOf(input.config, input.root);
  if (!folder) return { markdown: { planned: [], diagnostics: [] }, linkRoutes: [] };
  const markdown = await planMarkdownPages({ ...input, folder });
  return { folder, markdown, linkRoutes: markdownPageRoutes(markdown) };
}

/** The site's pages (the pages folder, Docusaurus's `src/pages`), as `build` and `dev` load them. */
export interface SitePages {
  /** The folder, when the site has one and the config does not turn pages off. */
  folder?: PagesFolder;
  /** Every page's route (kind `page`), Markdown and React. */
  routes: Route[];
  /** The Markdown pages with their compiled content (images to copy, diagrams, partials they import). */
  markdown: { doc: PlannedDoc; content: PageContent }[];
  diagnostics: Diagnostic[];
  /** The files the React pages were bundled from (absolute), which dev watches besides the folder. */
  inputs: string[];
  /** The React pages as loaded (dev keeps them while no file they are bundled from changes). */
  react?: ReactPages;
}

/**
 * Loads the pages folder planned by planSitePages (nothing when the site has none): its Markdown pages compiled as
 * content, its React pages rendered as the site's own code. Run once by `build`, after every change by `dev`.
 */
export async function loadSitePages(
  input: Omit<MarkdownPagesInput, 'folder'> & { configFile: string },
  plan: PagesPlan,
  /** The React pages as they are (dev, after an edit no React page or component depends on): not bundled again. */
  reactAsBefore?: ReactPages,
): Promise<SitePages> {
  const { folder } = plan;
  if (!folder) return { routes: [], markdown: [], diagnostics: [], inputs: [] };
  const [markdown, react] = await Promise.all([
    loadMarkdownPages({ ...input, folder }, plan.markdown),
    reactAsBefore ??
      loadReactPages({
        config: input.config,
        folder,
        rule: input.rule,
        cache: input.cache,
        configFile: input.configFile,
      }),
  ]);
  const routes = [...markdown.routes, ...react.routes];
  const diagnostics = [...markdown.diagnostics, ...react.diagnostics];
  const home = homeGivesWay(input.config, input.configFile, routes);
  if (home) diagnostics.push(home);
  return { folder, routes, markdown: markdown.pages, diagnostics, inputs: react.inputs, react };
}

/**
 * The route table with the site's pages: before the search and 404 pages, and a page at `/` (`src/pages/index.*`)
 * in place of the generated home page. A page whose route is a doc's stays beside it: the output clash check
 * reports the two (write/output-clashes.ts).
 */
export function withSitePages(routes: Route[], pages: readonly Route[]): Route[] {
  if (pages.length === 0) return routes;
  const home = pages.some((page) => page.path === '/');
  const kept = routes.filter((route) => !(home && route.kind === 'home'));
  const tail = kept.findIndex((route) => route.kind === 'search' || route.kind === 'not-found');
  const at = tail < 0 ? kept.length : tail;
  return [...kept.slice(0, at), ...pages, ...kept.slice(at)];
}

/** A warning when the config's `home` is set but a page at `/` replaces the generated home page that shows it. */
function homeGivesWay(config: SiteConfig, configFile: string, routes: readonly Route[]): Diagnostic | undefined {
  const file = routes.find((route) => route.path === '/')?.file;
  const { home } = config;
  if (!file || (home.features.length === 0 && !home.codeSample && home.getStartedTo === undefined)) return undefined;
  const source = configSourceOf(config);
  return {
    severity: 'warning',
    rule: 'home-replaced',
    message: `\`home\` is set, but ${file} is the home page: the generated home page that shows \`home\` (features, code sample, Get Started link) is not built`,
    file: configFile,
    ...(source ? findKey(source, 'home') : {}),
    hint: `remove \`home\` from the config, or rename ${file} (to _index${file.slice(file.lastIndexOf('.'))}, say) to keep the generated home page`,
  };
}
