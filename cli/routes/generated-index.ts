import GithubSlugger from 'github-slugger';
import { plural } from '../strings.js';
import type { CategoryCard, SidebarItem } from '../types.js';
import { normalizeRoute } from './plan-docs.js';

type Category = Extract<SidebarItem, { type: 'category' }>;

/** A sidebar category's generated index page (`link: {type: 'generated-index'}`), before it is a route. */
export interface GeneratedIndex {
  /** Route without baseUrl, e.g. `/docs/category/guides`. */
  path: string;
  title: string;
  description?: string;
  /** The resolved category, whose items the page lists and whose label links to it. */
  category: Category;
  /** Where the category is in the config: the line of its `slug`, else of its label, when written once. */
  place: { file: string; line?: number; column?: number };
}

/**
 * Routes of generated indexes, as Docusaurus makes them: the link's `slug`,
 * else `/category/` and the label slugged by github-slugger (`Camera &
 * Formats` is `camera--formats`; a second category of the same label gets
 * `-1`), under the docs' route base.
 */
export function createIndexPaths(docsBase: string): (label: string, slug: string | undefined) => string {
  const slugger = new GithubSlugger();
  return (label, slug) => normalizeRoute(`${docsBase}/${slug ?? `/category/${slugger.slug(label)}`}`);
}

/**
 * The cards of a category's index, one per item: a doc with its
 * description, a sub-category with its own index's description or its
 * number of items (linking to its page, or to the first page inside it), a
 * link as it is. A sub-category that links nowhere gets no card.
 */
export function categoryCards(
  category: Category,
  describeDoc: (id: string) => string | undefined,
  indexOf: (category: Category) => GeneratedIndex | undefined,
): CategoryCard[] {
  return category.items.flatMap((item): CategoryCard[] => {
    if (item.type === 'doc')
      return [{ kind: 'doc', label: item.label, href: item.href, description: describeDoc(item.id) }];
    if (item.type === 'link')
      return [{ kind: 'link', label: item.label, href: item.href, description: item.description }];
    if (item.type === 'html') return [];
    const href = firstHref(item);
    if (!href) return [];
    return [
      {
        kind: 'category',
        label: item.label,
        href,
        description: indexOf(item)?.description ?? plural(item.items.length, 'item'),
      },
    ];
  });
}

/** The category's own page, else the first page or link inside it. */
export function firstHref(item: SidebarItem): string | undefined {
  if (item.type === 'html') return undefined;
  if (item.type !== 'category') return item.href;
  if (item.href) return item.href;
  for (const inner of item.items) {
    const href = firstHref(inner);
    if (href) return href;
  }
  return undefined;
}
