import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { CategoryCard, Diagnostic, PageContent, Route, SidebarItem } from '../types.js';
import type { ApiPage } from '../api/build-api-pages.js';
import { trimSlashes } from '../url-parts.js';
import { attachDocCards } from './doc-card-lists.js';
import { categoryCards, type GeneratedIndex } from './generated-index.js';
import type { PlannedDoc } from './plan-docs.js';
import { encodeRoutePath, routeUrl } from './route-text.js';
import { findTrails, flattenSidebar, resolveSidebars, type SidebarDoc } from './sidebar.js';

export interface BuildRoutesInput {
  config: SiteConfig;
  /** Config file path relative to the site root, for sidebar errors. */
  configFile: string;
  docs: { doc: PlannedDoc; content: PageContent }[];
  apiPages: ApiPage[];
  apiSidebar?: SidebarItem;
}

export interface RouteTable {
  routes: Route[];
  sidebars: Map<string, SidebarItem[]>;
  diagnostics: Diagnostic[];
  /** The route of the doc `/docs` stands for (`docs.mainDocId`, else the first doc of the first sidebar), if any. */
  mainDocPath?: string;
}

/**
 * Builds every route of the site: home, the `/docs` redirect, the docs and
 * API pages (with sidebar, breadcrumbs and previous/next links), search and
 * the 404 page.
 */
export function buildRoutes(input: BuildRoutesInput): RouteTable {
  const { config } = input;
  const url = (p: string) => routeUrl(config.baseUrl, p);
  const sidebarDocs = new Map<string, SidebarDoc>();
  const docRoutes: Route[] = [];

  for (const { doc, content } of input.docs) {
    const fm = doc.file.frontMatter;
    const title = fm.title ?? content.h1 ?? doc.file.id.split('/').pop()!;
    const description = fm.description ?? content.excerpt;
    sidebarDocs.set(doc.file.id, { id: doc.file.id, label: fm.sidebar_label ?? title, href: url(doc.path), dir: path.posix.dirname(doc.file.id), position: fm.sidebar_position, unlisted: fm.unlisted, description });
    docRoutes.push({
      path: doc.path,
      kind: 'doc',
      title,
      description,
      docId: doc.file.id,
      file: doc.file.file,
      content,
      frontMatter: fm,
      editUrl: config.docs.editUrl ? config.docs.editUrl + encodeRoutePath(doc.file.file.split(path.sep).join('/')) : undefined,
      unlisted: fm.unlisted,
      noindex: fm.unlisted,
    });
  }
  for (const page of input.apiPages) {
    sidebarDocs.set(page.id, { id: page.id, label: page.sidebarLabel, href: url(page.path), dir: path.posix.dirname(page.id), description: page.description });
    docRoutes.push({ path: page.path, kind: 'api', title: page.title, description: page.description, docId: page.id, content: page.content });
  }

  const { sidebars, indexes, diagnostics } = resolveSidebars(config, sidebarDocs, input.configFile);
  if (input.apiSidebar && config.api) {
    const name = config.api.sidebar;
    sidebars.set(name, [...(sidebars.get(name) ?? []), input.apiSidebar]);
  }
  const indexOf = new Map(indexes.map((index) => [index.category, index]));
  const cardsOf = (category: GeneratedIndex['category']) => categoryCards(category, (id) => sidebarDocs.get(id)?.description, (inner) => indexOf.get(inner));
  docRoutes.push(...indexRoutes(indexes, cardsOf));
  linkDocsToSidebars(docRoutes, sidebars, url);
  diagnostics.push(...attachDocCards(docRoutes, sidebars, url, cardsOf));

  const mainDoc = docRoutes.find((r) => r.docId === config.docs.mainDocId) ?? firstSidebarDoc(sidebars, docRoutes, url) ?? docRoutes[0];
  const docsBase = '/' + trimSlashes(config.docs.routeBasePath);
  const routes: Route[] = [
    { path: '/', kind: 'home', title: config.title, description: config.tagline },
    // The redirect only fills an empty `/docs`: a doc whose route it is (`slug: /`) is shown there instead.
    ...(mainDoc && !docRoutes.some((r) => r.path === docsBase) ? [{ path: docsBase, kind: 'redirect' as const, title: mainDoc.title, redirectTo: url(mainDoc.path), noindex: true }] : []),
    ...docRoutes,
    { path: '/search', kind: 'search', title: 'Search', description: `Search the ${config.title} documentation`, noindex: true },
    { path: '/404', kind: 'not-found', title: 'Page Not Found', noindex: true },
  ];
  return { routes, sidebars, diagnostics, mainDocPath: mainDoc?.path };
}

/** The pages of generated category indexes: in sidebars, search and the sitemap like docs. */
function indexRoutes(indexes: GeneratedIndex[], cardsOf: (category: GeneratedIndex['category']) => CategoryCard[]): Route[] {
  return indexes.map((index) => ({
    path: index.path,
    kind: 'category',
    title: index.title,
    description: index.description,
    categoryIndex: {
      label: index.category.label,
      cards: cardsOf(index.category),
      place: index.place,
    },
  }));
}

/** Sets sidebar, breadcrumbs and previous/next on every doc that a sidebar lists. */
function linkDocsToSidebars(routes: Route[], sidebars: Map<string, SidebarItem[]>, url: (p: string) => string): void {
  const byHref = new Map(routes.map((r) => [url(r.path), r]));
  for (const [name, items] of sidebars) {
    const flat = flattenSidebar(items);
    const trails = findTrails(items);
    flat.forEach((entry, i) => {
      const route = byHref.get(entry.href);
      if (!route || route.sidebar) return;
      route.sidebar = name;
      route.previous = flat[i - 1] && { label: flat[i - 1].label, href: flat[i - 1].href };
      route.next = flat[i + 1] && { label: flat[i + 1].label, href: flat[i + 1].href };
      route.breadcrumbs = [...(trails.get(entry.href) ?? []), { label: entry.label }];
    });
  }
}

function firstSidebarDoc(sidebars: Map<string, SidebarItem[]>, routes: Route[], url: (p: string) => string): Route | undefined {
  const first = sidebars.values().next().value;
  const href = first ? flattenSidebar(first)[0]?.href : undefined;
  return href ? routes.find((r) => url(r.path) === href) : undefined;
}
