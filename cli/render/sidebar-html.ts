import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { numberCategories, Sidebar } from '../../templates/Sidebar.js';
import type { SidebarItem } from '../types.js';

interface RenderedSidebar {
  html: string;
  /** Page URL → indexes of the categories that contain it (outermost first). */
  trails: Map<string, number[]>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Category indexes (in the Sidebar component's numbering) leading to every page. */
function collectTrails(items: SidebarItem[], trail: number[], numbers: ReturnType<typeof numberCategories>, out: Map<string, number[]>): void {
  for (const item of items) {
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
 * Renders each sidebar once, then marks the current page per page with a few
 * string edits (the active link, and the categories on its trail opened and
 * highlighted), instead of rendering the whole tree for every page: with
 * large sidebars that per-page render grows with pages × entries.
 */
export class SidebarHtml {
  private readonly rendered = new Map<string, RenderedSidebar>();

  constructor(private readonly sidebars: Map<string, SidebarItem[]>) {}

  /** The sidebar's HTML with `url` marked as the current page. */
  for(name: string, url: string): string | undefined {
    const sidebar = this.render(name);
    if (!sidebar) return undefined;
    let html = sidebar.html;
    const href = `href="${escapeAttribute(url)}"`;
    html = html.replace(`<a class="menu-link" ${href}>`, `<a class="menu-link active" ${href} aria-current="page">`);
    html = html.replace(`<summary class="menu-link menu-category-label"><a ${href}>`, `<summary class="menu-link menu-category-label"><a ${href} aria-current="page">`);
    for (const index of sidebar.trails.get(url) ?? []) {
      html = html.replace(
        new RegExp(`<details data-category="${index}"(?: open="")?><summary class="menu-link menu-category-label">`),
        `<details data-category="${index}" open=""><summary class="menu-link menu-category-label menu-active-trail">`,
      );
    }
    return html;
  }

  private render(name: string): RenderedSidebar | undefined {
    let sidebar = this.rendered.get(name);
    if (sidebar) return sidebar;
    const items = this.sidebars.get(name);
    if (!items) return undefined;
    const trails = new Map<string, number[]>();
    collectTrails(items, [], numberCategories(items), trails);
    sidebar = { html: renderToStaticMarkup(createElement(Sidebar, { items, url: '\u0000' })), trails };
    this.rendered.set(name, sidebar);
    return sidebar;
  }
}
