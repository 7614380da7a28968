import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { numberCategories, Sidebar, SidebarItems } from '../../templates/theme/Sidebar.js';
import { escapeHtml } from '../strings.js';
import type { SidebarItem } from '../types.js';

interface RenderedSidebar {
  /** The sidebar with collapsed categories left empty (`<ul data-lazy="N">`). */
  html: string;
  /** Category index → its items, for the collapsed ones (each itself lazy). */
  fragments: Map<number, string>;
  /** Page URL → indexes of the categories that contain it (outermost first). */
  trails: Map<string, number[]>;
  /** Where the fragment files are written, relative to the out dir (ends with `/`). */
  dir: string;
  /** Identifies the sidebar's items and baseUrl: the same digest and page URL, the same HTML from `for`. */
  digest: string;
}

const NO_PAGE = '\u0000';

/** Where the collapsed categories' items are written, under the out dir. */
export const SIDEBAR_FILES_DIR = 'assets/sidebar/';

/** Category indexes (in the Sidebar component's numbering) leading to every page. */
function collectTrails(
  items: SidebarItem[],
  trail: number[],
  numbers: ReturnType<typeof numberCategories>,
  out: Map<string, number[]>,
): void {
  for (const item of items) {
    if (item.type === 'html') continue;
    if (item.type !== 'category') {
      if (!out.has(item.href)) out.set(item.href, trail);
      continue;
    }
    const inner = [...trail, numbers.get(item)!];
    if (item.href && !out.has(item.href)) out.set(item.href, inner);
    collectTrails(item.items, inner, numbers, out);
  }
}

/**
 * Opens the category numbered `index` and marks its label as on the current
 * page's trail, in each of the shapes SidebarCategory renders: a summary
 * label, a link label beside its toggle, or a label that cannot collapse.
 */
function markTrail(html: string, index: number): string {
  const summary = new RegExp(
    `<details data-category="${index}"(?: open="")?><summary class="menu-link menu-category-label">`,
  );
  if (summary.test(html))
    return html.replace(
      summary,
      () =>
        `<details data-category="${index}" open=""><summary class="menu-link menu-category-label menu-active-trail">`,
    );
  const fixed = `<div data-category="${index}" class="menu-link menu-category-label menu-category-fixed">`;
  if (html.includes(fixed))
    return html.replace(
      fixed,
      () =>
        `<div data-category="${index}" class="menu-link menu-category-label menu-category-fixed menu-active-trail">`,
    );
  const link = `<a data-category="${index}" class="menu-link menu-category-label"`;
  const at = html.indexOf(link);
  if (at === -1) return html;
  // Its <details> follows the link's text, which is escaped (holds no `<`).
  const details = html.indexOf('<details', at);
  const closed = html.startsWith('<details>', details);
  return (
    html.slice(0, at) +
    `<a data-category="${index}" class="menu-link menu-category-label menu-active-trail"` +
    html.slice(at + link.length, details) +
    (closed ? '<details open="">' : '') +
    html.slice(closed ? details + '<details>'.length : details)
  );
}

/**
 * Renders each sidebar once, then marks the current page per page with a few
 * string edits (the active link, and the categories on its trail opened and
 * highlighted), instead of rendering the whole tree for every page. Collapsed
 * categories away from the page carry no items: their items are written once
 * as fragments the browser fetches when a reader opens one, so a sidebar of
 * thousands of pages does not make every page thousands of links long.
 */
export class SidebarHtml {
  private readonly rendered = new Map<string, RenderedSidebar>();

  constructor(
    private readonly sidebars: Map<string, SidebarItem[]>,
    private readonly baseUrl = '/',
  ) {}

  /** The sidebar's HTML with `url` marked as the current page (as `<Sidebar url fragments>` would render it). */
  for(name: string, url: string): string | undefined {
    const sidebar = this.render(name);
    if (!sidebar) return undefined;
    let html = sidebar.html;
    // Replacements are functions: a replacement string would read `$&` in a label or URL as "the match".
    for (const index of sidebar.trails.get(url) ?? []) {
      const fragment = sidebar.fragments.get(index);
      if (fragment) html = html.replace(`<ul class="menu-list" data-lazy="${index}"></ul>`, () => fragment);
      html = markTrail(html, index);
    }
    const href = `href="${escapeHtml(url)}"`;
    html = html.replace(
      `<a class="menu-link" ${href}>`,
      () => `<a class="menu-link active" ${href} aria-current="page">`,
    );
    // The category whose own page this is: its label link (inside a label that cannot collapse, or itself the label).
    return html
      .replace(`menu-active-trail"><a ${href}>`, () => `menu-active-trail"><a ${href} aria-current="page">`)
      .replace(
        `menu-category-label menu-active-trail" ${href}>`,
        () => `menu-category-label menu-active-trail" ${href} aria-current="page">`,
      );
  }

  /** Identifies what `for(name, url)` returns for every url (with docsgen's code version, which renders it). */
  digest(name: string): string {
    return this.render(name)?.digest ?? '';
  }

  /** The sidebar's HTML as every page shows it before marking its own place (what the link checker reads once per sidebar). */
  unmarked(name: string): string | undefined {
    return this.render(name)?.html;
  }

  /** The URL prefix `<Sidebar fragments>` gets for this sidebar. */
  fragmentsUrl(name: string): string | undefined {
    const sidebar = this.render(name);
    return sidebar && this.baseUrl + sidebar.dir;
  }

  /** The fragment files of the named sidebars (by default, of those rendered so far): output path → HTML. */
  files(names: Iterable<string> = this.rendered.keys()): Map<string, string> {
    const files = new Map<string, string>();
    const sidebars = [...names].flatMap((name) => this.render(name) ?? []);
    for (const sidebar of sidebars)
      for (const [index, html] of sidebar.fragments) files.set(`${sidebar.dir}${index}.html`, html);
    return files;
  }

  private render(name: string): RenderedSidebar | undefined {
    let sidebar = this.rendered.get(name);
    if (sidebar) return sidebar;
    const items = this.sidebars.get(name);
    if (!items) return undefined;
    const numbers = numberCategories(items);
    const trails = new Map<string, number[]>();
    collectTrails(items, [], numbers, trails);
    const fragments = new Map<number, string>();
    for (const [category, index] of numbers) {
      if (category.collapsed)
        fragments.set(
          index,
          renderToStaticMarkup(
            createElement(SidebarItems, { items: category.items, url: NO_PAGE, numbers, lazy: true }),
          ),
        );
    }
    const itemsHash = createHash('sha256').update(JSON.stringify(items)).digest('hex');
    const hash = itemsHash.slice(0, 10);
    const digest = `${itemsHash}:${this.baseUrl}`;
    const dir = `${SIDEBAR_FILES_DIR}${name.replace(/[^\w-]/g, '_')}-${hash}/`;
    const html = renderToStaticMarkup(createElement(Sidebar, { items, url: NO_PAGE, fragments: this.baseUrl + dir }));
    sidebar = { html, fragments, trails, dir, digest };
    this.rendered.set(name, sidebar);
    return sidebar;
  }
}
