import { DOC_CARD_LIST_MARKER } from '../markdown/doc-card-marker.js';
import type { CategoryCard, Diagnostic, Route, SidebarItem } from '../types.js';

type Category = Extract<SidebarItem, { type: 'category' }>;

/**
 * Gives each doc that shows `<DocCardList />` the cards it lists: the items
 * of the sidebar category whose page the doc is (its `link`), as Docusaurus's
 * category index pages show them. Pages are compiled without the sidebar, so
 * the compiled page holds a marker (doc-card-marker.ts) and the render step
 * puts the cards there (render-route.ts). A doc no category links to gets an
 * error at the element, as Docusaurus fails on it.
 */
export function attachDocCards(
  routes: Route[],
  sidebars: Map<string, SidebarItem[]>,
  url: (path: string) => string,
  cardsOf: (category: Category) => CategoryCard[],
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let byHref: Map<string, Category> | undefined;
  for (const route of routes) {
    const lines = markerLines(route.content?.html ?? '');
    if (lines.length === 0) continue;
    byHref ??= categoriesByHref(sidebars);
    const category = byHref.get(url(route.path));
    if (category) {
      route.docCards = cardsOf(category);
      continue;
    }
    for (const line of lines) {
      diagnostics.push({
        severity: 'error',
        rule: 'invalid-mdx',
        message:
          '<DocCardList /> lists the items of the sidebar category this doc is the page of, and no category links to this doc',
        file: route.file,
        ...(line > 0 ? { line, column: 1 } : {}),
        hint: "make this doc a category's page (in the sidebar: link: { type: 'doc', id: '...' }, or an index.md in the category's folder), or remove <DocCardList />",
      });
    }
  }
  return diagnostics;
}

/** The categories of every sidebar by the page they link to. */
function categoriesByHref(sidebars: Map<string, SidebarItem[]>): Map<string, Category> {
  const found = new Map<string, Category>();
  const stack = [...sidebars.values()].flat();
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.type !== 'category') continue;
    if (item.href && !found.has(item.href)) found.set(item.href, item);
    stack.push(...item.items);
  }
  return found;
}

/** The lines of the `<DocCardList />` markers in a compiled page. */
function markerLines(html: string): number[] {
  const lines: number[] = [];
  for (let at = html.indexOf(DOC_CARD_LIST_MARKER); at !== -1; at = html.indexOf(DOC_CARD_LIST_MARKER, at + 1)) {
    lines.push(
      Number.parseInt(html.slice(at + DOC_CARD_LIST_MARKER.length, at + DOC_CARD_LIST_MARKER.length + 10), 10) || 0,
    );
  }
  return lines;
}
