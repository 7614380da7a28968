/**
 * Worker thread entry: renders pages sent by the main thread (sidebar left
 * as a slot) and returns each page's HTML with its link refs and search sections.
 */
import { isSearchable } from '../search/collect-records.js';
import type { Route } from '../types.js';
import { serveJobs } from '../workers/worker-pool.js';
import { renderShell, type RenderInit, type ShellResult } from './render-pages.js';

serveJobs<RenderInit, Route, ShellResult>(async (init) => {
  const sidebars = new Map(init.sidebars);
  return (route) => renderShell(route, init.site, sidebars, { sections: init.sections && isSearchable(route) });
});
