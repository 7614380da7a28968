import type { List, ListItem, PhrasingContent } from 'mdast';
import type { Route } from '../types.js';
import { routeUrl } from '../route-text.js';

/** How the Markdown outputs name pages: absolute URLs, the `.md` copy's when the site publishes copies. */
export interface CopyLinker {
  /** A site href (`/docs/x`, baseUrl included) or an external URL, absolute; a page's `.md` copy when it has one. */
  copyUrl(href: string): string;
  /** The absolute URL of a route's HTML page. */
  pageUrl(route: Pick<Route, 'path'>): string;
  /** A route's href on this site (baseUrl included). */
  pageHref(route: Pick<Route, 'path'>): string;
  /** The route an href of this site names, if any. */
  routeOf(href: string): Route | undefined;
}

/** Whether a route's copy is published: the home page's and generated indexes' are made from the route, the others' compiled (API pages' once they have one). */
export function hasCopy(route: Route): boolean {
  return (
    !!route.markdownHref &&
    (route.kind === 'home' ||
      (route.kind === 'category' && !!route.categoryIndex) ||
      route.content?.markdown !== undefined)
  );
}

/** The linker for a site's routes: `origin` is `config.url` without its trailing slash. */
export function createCopyLinker(routes: readonly Route[], origin: string, baseUrl: string): CopyLinker {
  const byHref = new Map(routes.map((route) => [routeUrl(baseUrl, route.path), route]));
  const absolute = (href: string) => {
    try {
      return new URL(href, origin + baseUrl).href;
    } catch {
      return href;
    }
  };
  const routeOf = (href: string) => byHref.get(href.split('#')[0]);
  return {
    copyUrl: (href) => {
      const route = routeOf(href);
      return absolute(route && hasCopy(route) && !href.includes('#') ? route.markdownHref! : href);
    },
    pageUrl: (route) => absolute(routeUrl(baseUrl, route.path)),
    pageHref: (route) => routeUrl(baseUrl, route.path),
    routeOf,
  };
}

/** One entry of a list of pages: `[Label](url): description`. */
export interface LinkEntry {
  label: string;
  url: string;
  description?: string;
}

/** A Markdown list of links, each followed by its description (the llmstxt.org shape). */
export function linkList(entries: readonly LinkEntry[]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: entries.map((entry): ListItem => {
      const children: PhrasingContent[] = [
        { type: 'link', url: entry.url, children: [{ type: 'text', value: entry.label }] },
      ];
      if (entry.description) children.push({ type: 'text', value: `: ${entry.description}` });
      return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] };
    }),
  };
}
