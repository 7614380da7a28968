/**
 * Worker thread entry: renders pages sent by the main thread and returns
 * each page's HTML with its link refs, hash and search sections.
 */
import { isSearchable } from '../search/collect-records.js';
import type { Route } from '../types.js';
import { serveJobs } from '../workers/worker-pool.js';
import { renderPage, type PageResult, type RenderInit } from './render-pages.js';
import { SidebarHtml } from './sidebar-html.js';

serveJobs<RenderInit, Route, PageResult>(async (init) => {
  const sidebars = new Map(init.sidebars);
  const sidebarHtml = new SidebarHtml(sidebars, init.site.baseUrl);
  return (route) => renderPage(route, init.site, sidebars, sidebarHtml, { sections: init.sections && isSearchable(route) });
});
