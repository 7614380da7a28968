import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { findRouteTextProblem, ROUTE_TEXT_HINT } from '../route-text.js';
import type { Diagnostic } from '../types.js';
import { trimSlashes } from '../url-parts.js';

/** The site's pages folder (`pages` in the config, Docusaurus's `src/pages`) as the stages read it. */
export interface PagesFolder {
  /** Absolute path. */
  dir: string;
  /** Relative to the site root, with `/` (`src/pages`): what messages and the Markdown context name it by. */
  fromRoot: string;
  /** The route the folder stands for, without trailing slash (`/` by default). */
  routeBase: string;
  /** fast-glob patterns of files that are not pages: the config's, and Docusaurus's own defaults. */
  ignore: string[];
}

/**
 * What Docusaurus never makes a page of, besides `_` files and folders (which loadContent already skips): tests
 * beside the page components.
 */
export const DEFAULT_IGNORE = [
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__tests__/**',
  '**/node_modules/**',
  '**/_*/**',
  '**/_*',
];

/**
 * The pages folder, or undefined when the config turns pages off (`pages: false`) or the folder does not exist
 * (the default `src/pages` is only used when a site has one, as on Docusaurus).
 */
export function pagesFolderOf(config: SiteConfig, root: string): PagesFolder | undefined {
  if (config.pages === false) return undefined;
  const dir = path.resolve(root, config.pages.path);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return undefined;
  const base = trimSlashes(config.pages.routeBasePath);
  return {
    dir,
    fromRoot: path.relative(root, dir).split(path.sep).join('/'),
    routeBase: base === '' ? '/' : `/${base}`,
    ignore: [...DEFAULT_IGNORE, ...config.pages.exclude],
  };
}

/**
 * The route of a page file, as Docusaurus makes it: its path without extension under the route base, an `index`
 * file standing for its folder (`help.md` → `/help`, `showcase/index.tsx` → `/showcase`, `index.mdx` → `/`).
 * No number prefixes are removed and no `slug` is read: pages are named by their files alone.
 */
export function pageRoutePath(pagePath: string, routeBase: string): string {
  const slash = pagePath.lastIndexOf('/');
  const name = pagePath.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const parts = [...routeBase.split('/'), ...(slash >= 0 ? pagePath.slice(0, slash).split('/') : [])];
  if (stem !== 'index') parts.push(stem);
  const route = parts.filter((part) => part !== '').join('/');
  return `/${route}`;
}

/** The error of a page whose route cannot be a URL (a `%` or `#` in its file name), at its file; undefined when it can. */
export function pageRouteError(route: string, file: string): Diagnostic | undefined {
  const problem = findRouteTextProblem(route);
  if (!problem) return undefined;
  return {
    severity: 'error',
    rule: 'invalid-route',
    message: `the page's route ${route} ${problem}`,
    file,
    hint: `rename the file or its folder; ${ROUTE_TEXT_HINT}`,
  };
}
