import { configSourceOf, findFirstString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import type { SidebarItemConfig } from '../config/sidebar-schema.js';
import { themeLinkHref } from '../render/create-site-data.js';
import { sidebarLinkHref } from '../routes/sidebar.js';
import { isExternalUrl } from '../url-parts.js';

/** Where the config spells a link the theme renders: the file, its line and column when the text tells, and which part of the theme shows it. */
export interface ConfigLinkPlace {
  file: string;
  line?: number;
  column?: number;
  /** `the navbar`, `the footer`, `the sidebar 'main'`. */
  where: string;
}

/**
 * The place in the config of each internal link the navbar, the footer and
 * the sidebars render, by the href the page shows (baseUrl added): a broken
 * one is reported there, in every output format, rather than on a route no
 * line of which the author wrote. Sidebars of older versions are placed in
 * their `versioned_sidebars/` file. The first place of a href wins; a link
 * spelled in code (not as one literal) keeps the file only.
 */
export function configLinkPlaces(
  config: SiteConfig,
  configFile: string,
  versions: readonly { config: SiteConfig; sidebarsFile: string }[],
): Map<string, ConfigLinkPlace> {
  const places = new Map<string, ConfigLinkPlace>();
  const add = (
    href: string,
    written: string,
    file: string,
    source: string | undefined,
    where: string,
    section?: string,
  ) => {
    if (isExternalUrl(href) || places.has(href)) return;
    places.set(href, { file, ...(source ? findFirstString(source, written, section) : {}), where });
  };
  const source = configSourceOf(config);
  for (const item of config.navbar.items) {
    if (item.type === 'docsVersionDropdown') continue;
    add(
      themeLinkHref(config.baseUrl, item.to, item.href).href,
      item.href ?? item.to ?? '',
      configFile,
      source,
      'the navbar',
      'navbar',
    );
  }
  for (const column of config.footer.links) {
    for (const item of column.items)
      add(
        themeLinkHref(config.baseUrl, item.to, item.href).href,
        item.href ?? item.to ?? '',
        configFile,
        source,
        'the footer',
        'footer',
      );
  }
  for (const version of versions) {
    const text = configSourceOf(version.config);
    for (const [name, items] of Object.entries(version.config.docs.sidebars ?? {})) {
      // The site config's sidebars are found after its `sidebars` key; a versioned sidebars file is all sidebars.
      const section = version.sidebarsFile === configFile ? 'sidebars' : undefined;
      for (const link of sidebarLinks(items))
        add(
          sidebarLinkHref(config.baseUrl, link.href, link.autoAddBaseUrl),
          link.href,
          version.sidebarsFile,
          text,
          `the sidebar '${name}'`,
          section,
        );
    }
  }
  return places;
}

/**
 * The `link` items of a sidebar, at any depth (categories, the `{ 'Label':
 * [items] }` shorthand). A loop over a stack, not recursion: a versioned
 * sidebars file is content, and may nest deeper than the stack allows.
 */
function sidebarLinks(items: readonly SidebarItemConfig[]): { href: string; autoAddBaseUrl?: boolean }[] {
  const links: { href: string; autoAddBaseUrl?: boolean }[] = [];
  const stack: unknown[] = [...items].reverse();
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
      continue;
    }
    const record = item as Record<string, unknown>;
    if (record.type === 'link' && typeof record.href === 'string')
      links.push({ href: record.href, autoAddBaseUrl: record.autoAddBaseUrl === false ? false : undefined });
    else if (record.type === 'category') stack.push(record.items);
    else if (record.type === undefined) for (const value of Object.values(record).reverse()) stack.push(value);
  }
  return links;
}
