import { createElement, type FunctionComponent } from 'react';
import { renderToString } from 'react-dom/server';
import { CategoryIndexPage } from '../../templates/CategoryIndexPage.js';
import { DocPage } from '../../templates/DocPage.js';
import { HomePage } from '../../templates/HomePage.js';
import { NotFoundPage } from '../../templates/NotFoundPage.js';
import { RedirectPage } from '../../templates/RedirectPage.js';
import { SearchPage } from '../../templates/SearchPage.js';
import type { PageProps, SiteData } from '../../templates/site-data.js';
import { routeUrl } from '../routes/route-text.js';
import type { RenderedPage, Route, SidebarItem } from '../types.js';
import type { SidebarHtml } from './sidebar-html.js';

const TEMPLATES: Record<Route['kind'], FunctionComponent<PageProps>> = {
  home: HomePage,
  doc: DocPage,
  api: DocPage,
  category: CategoryIndexPage,
  redirect: RedirectPage,
  search: SearchPage,
  'not-found': NotFoundPage,
};

/** Where a route is written: `/` → index.html, `/404` → 404.html, else `<route>/index.html`. */
export function outputPathOf(route: Route): string {
  if (route.path === '/') return 'index.html';
  if (route.kind === 'not-found') return '404.html';
  return `${route.path.slice(1)}/index.html`;
}

/** Renders one route to a complete HTML document with React on the server. */
export function renderRoute(route: Route, site: SiteData, sidebars: Map<string, SidebarItem[]>, sidebarHtml?: SidebarHtml): RenderedPage {
  const url = route.kind === 'not-found' ? site.baseUrl + '404' : routeUrl(site.baseUrl, route.path);
  const props: PageProps = {
    site,
    route,
    url,
    sidebar: route.sidebar ? sidebars.get(route.sidebar) : undefined,
    sidebarHtml: route.sidebar && sidebarHtml ? sidebarHtml.for(route.sidebar, url) : undefined,
  };
  const html = '<!DOCTYPE html>' + renderToString(createElement(TEMPLATES[route.kind], props));
  return { route, outPath: outputPathOf(route), html };
}
