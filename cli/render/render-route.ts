import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { BlogPage } from '../../templates/theme/BlogPage.js';
import { CategoryIndexPage } from '../../templates/theme/CategoryIndexPage.js';
import { DocPage } from '../../templates/theme/DocPage.js';
import { HomePage } from '../../templates/theme/HomePage.js';
import { NotFoundPage } from '../../templates/theme/NotFoundPage.js';
import { RedirectPage } from '../../templates/theme/RedirectPage.js';
import { SearchPage } from '../../templates/theme/SearchPage.js';
import { SitePage } from '../../templates/theme/SitePage.js';
import type { PageProps, SiteData } from '../../templates/shared/site-data.js';
import { routeUrl } from '../route-text.js';
import { withDocCards } from './doc-cards-html.js';
import type { RenderedPage, Route, SidebarItem } from '../types.js';

const TEMPLATES: Record<Route['kind'], FunctionComponent<PageProps>> = {
  home: HomePage,
  doc: DocPage,
  api: DocPage,
  category: CategoryIndexPage,
  redirect: RedirectPage,
  search: SearchPage,
  'not-found': NotFoundPage,
  page: SitePage,
  'blog-post': BlogPage,
  'blog-list': BlogPage,
  'blog-tags': BlogPage,
  'blog-archive': BlogPage,
};

/** Where a route is written: `/` → index.html, `/404` → 404.html, else `<route>/index.html`. */
export function outputPathOf(route: Route): string {
  if (route.path === '/') return 'index.html';
  if (route.kind === 'not-found') return '404.html';
  return `${route.path.slice(1)}/index.html`;
}

/** The URL a route's page is served at, with baseUrl (the not-found page is `404`, the file the host serves for any missing path). */
export function pageUrlOf(route: Route, baseUrl: string): string {
  return route.kind === 'not-found' ? baseUrl + '404' : routeUrl(baseUrl, route.path);
}

/**
 * Renders one route to a complete HTML document with React on the server.
 * `sidebarHtml`: the page's sidebar already rendered (or a slot to fill
 * later, see sidebar-slot.ts); without it the theme renders the sidebar itself.
 */
export function renderRoute(
  shown: Route,
  site: SiteData,
  sidebars: Map<string, SidebarItem[]>,
  sidebarHtml?: string,
): RenderedPage {
  const route = withDocCards(shown);
  const url = pageUrlOf(route, site.baseUrl);
  const props: PageProps = {
    site,
    route,
    url,
    sidebar: route.sidebar ? sidebars.get(route.sidebar) : undefined,
    sidebarHtml: route.sidebar && sidebars.has(route.sidebar) ? sidebarHtml : undefined,
  };
  const html = '<!DOCTYPE html>' + renderToString(createElement(TEMPLATES[route.kind], props));
  return { route: shown, outPath: outputPathOf(route), html };
}
