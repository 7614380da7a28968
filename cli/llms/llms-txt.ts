import type { RootContent } from 'mdast';
import { stringifyMarkdown } from '../markdown/copy/stringify-copy.js';
import type { Route, SidebarItem } from '../types.js';
import { linkList, type CopyLinker } from './copy-links.js';

/** What llms.txt and llms-full.txt list: the pages of the latest docs version, in sidebar order. */
export interface LlmsPages {
  /** One per sidebar category (and one for a sidebar's docs outside any), in sidebar order; nested categories follow their parent. */
  sections: { title: string; routes: Route[] }[];
  /** Every API page, in sidebar order. */
  api: Route[];
  /** The blog's listed posts, newest first. */
  blog?: Route[];
}

/**
 * The pages of the given sidebars, grouped as llms.txt lists them: a section
 * per category (named with its parents: `Guides / Frame Processors`), the
 * category's own page first; API pages in one section of their own, wherever
 * the sidebar has them. Unlisted pages and pages no sidebar names are left out,
 * except API pages: every one of `apiRoutes` is listed.
 */
export function collectLlmsPages(
  sidebars: Iterable<readonly SidebarItem[]>,
  linker: CopyLinker,
  apiRoutes: readonly Route[],
  blogRoutes: readonly Route[] = [],
): LlmsPages {
  const sections: LlmsPages['sections'] = [];
  const api: Route[] = [];
  const seen = new Set<Route>();
  const add = (section: { routes: Route[] }, href: string | undefined) => {
    const route = href ? linker.routeOf(href) : undefined;
    if (
      !route ||
      seen.has(route) ||
      route.unlisted ||
      (route.kind !== 'doc' && route.kind !== 'api' && route.kind !== 'category')
    )
      return;
    seen.add(route);
    (route.kind === 'api' ? api : section.routes).push(route);
  };
  const walk = (items: readonly SidebarItem[], section: { title: string; routes: Route[] }) => {
    for (const item of items) {
      if (item.type === 'category') {
        const own = { title: section.title ? `${section.title} / ${item.label}` : item.label, routes: [] };
        sections.push(own);
        add(own, item.href);
        walk(item.items, own);
      } else if (item.type !== 'html') add(section, item.href);
    }
  };
  for (const items of sidebars) {
    const loose = { title: '', routes: [] };
    sections.push(loose);
    walk(items, loose);
  }
  for (const route of apiRoutes) if (!seen.has(route)) api.push(route);
  return {
    sections: sections.filter((s) => s.routes.length).map((s) => ({ title: s.title || 'Docs', routes: s.routes })),
    api,
    blog: blogRoutes.filter((route) => !route.unlisted),
  };
}

/** `/llms.txt` (llmstxt.org): the site's title, its tagline quoted, then a list of pages per section. */
export function writeLlmsTxt(site: { title: string; tagline: string }, pages: LlmsPages, linker: CopyLinker): string {
  const children: RootContent[] = [{ type: 'heading', depth: 1, children: [{ type: 'text', value: site.title }] }];
  if (site.tagline)
    children.push({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: site.tagline }] }],
    });
  const section = (title: string, routes: readonly Route[]) => {
    children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: title }] });
    children.push(
      linkList(
        routes.map((route) => ({
          label: route.title,
          url: linker.copyUrl(linker.pageHref(route)),
          description: route.description,
        })),
      ),
    );
  };
  for (const { title, routes } of pages.sections) section(title, routes);
  if (pages.api.length) section('API reference', pages.api);
  if (pages.blog?.length) section('Blog', pages.blog);
  return stringifyMarkdown({ type: 'root', children });
}

/**
 * `/llms-full.txt`: every guide and API page's copy, in the order llms.txt
 * lists them, each starting with its title and its URL. A page without a
 * copy is left out.
 */
export function writeLlmsFullTxt(
  pages: LlmsPages,
  copyOf: (route: Route) => string | undefined,
  linker: CopyLinker,
): string {
  const routes = [
    ...pages.sections.flatMap((s) => s.routes.filter((r) => r.kind === 'doc' || r.kind === 'page')),
    ...pages.api,
    ...(pages.blog ?? []),
  ];
  const parts: string[] = [];
  for (const route of routes) {
    const copy = copyOf(route);
    if (copy === undefined) continue;
    const firstLine = copy.startsWith('# ')
      ? copy.slice(0, copy.indexOf('\n') === -1 ? copy.length : copy.indexOf('\n'))
      : undefined;
    const title =
      firstLine ??
      stringifyMarkdown({
        type: 'root',
        children: [{ type: 'heading', depth: 1, children: [{ type: 'text', value: route.title }] }],
      }).trimEnd();
    const rest = firstLine === undefined ? copy : copy.slice(firstLine.length);
    parts.push(`${title}\n\nURL: ${linker.pageUrl(route)}\n\n${rest.replace(/^\n+/, '').trimEnd()}\n`);
  }
  return parts.join('\n');
}
