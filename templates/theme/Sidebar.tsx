import type { SidebarItem } from '../shared/site-data.js';
import { ExternalIcon } from './Icons.js';
import { SidebarCategory } from './SidebarCategory.js';

/** A link that leaves the site: it opens in a new tab, marked with the external icon (sidebar items, category cards). */
export const isExternalLink = (href: string) => /^https?:/.test(href);

function containsUrl(items: SidebarItem[], url: string): boolean {
  return items.some((item) =>
    item.type === 'html'
      ? false
      : item.type !== 'category'
        ? item.href === url
        : item.href === url || containsUrl(item.items, url),
  );
}

type Category = Extract<SidebarItem, { type: 'category' }>;

/** Numbers every category in document order (depth first): the `data-category` the server uses to mark pages. */
export function numberCategories(items: SidebarItem[], numbers = new Map<Category, number>()): Map<Category, number> {
  for (const item of items) {
    if (item.type !== 'category') continue;
    numbers.set(item, numbers.size);
    numberCategories(item.items, numbers);
  }
  return numbers;
}

interface ItemsProps {
  items: SidebarItem[];
  url: string;
  numbers: Map<Category, number>;
  /** Leave out the items of collapsed categories that do not hold the current page (loaded when opened). */
  lazy?: boolean;
}

/** A list of sidebar items; exported so the build can render a lazy category's items on their own. */
export function SidebarItems({ items, url, numbers, lazy }: ItemsProps) {
  return (
    <ul className="menu-list">
      {items.map((item, i) => {
        if (item.type === 'category') {
          const active = containsUrl(item.items, url) || item.href === url;
          const index = numbers.get(item);
          return (
            <SidebarCategory key={i} item={item} index={index} url={url} active={active}>
              {lazy && item.collapsed && !active ? (
                <ul className="menu-list" data-lazy={index} />
              ) : (
                <SidebarItems items={item.items} url={url} numbers={numbers} lazy={lazy} />
              )}
            </SidebarCategory>
          );
        }
        if (item.type === 'html') {
          // Config markup (trusted), as Docusaurus shows it: the item's own HTML, with a link's padding when asked.
          const className = ['menu-html', item.defaultStyle ? 'menu-link' : '', item.className ?? '']
            .filter(Boolean)
            .join(' ');
          return <li key={i} className={className} dangerouslySetInnerHTML={{ __html: item.value }} />;
        }
        const external = item.type === 'link' && isExternalLink(item.href);
        const current = item.href === url;
        return (
          <li key={i} className={item.className}>
            <a
              className={`menu-link${current ? ' active' : ''}`}
              href={item.href}
              aria-current={current ? 'page' : undefined}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {item.label}
              {external ? <ExternalIcon /> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The docs sidebar; categories are `<details>` so they open and close without
 * JavaScript. With `fragments` (a URL prefix), collapsed categories away from
 * the current page are left empty and their items fetched from
 * `<fragments><category>.html` when opened, so huge sidebars stay small per page.
 */
export function Sidebar({
  items,
  url,
  label = 'Docs',
  fragments,
}: {
  items: SidebarItem[];
  url: string;
  label?: string;
  fragments?: string;
}) {
  return (
    <nav className="sidebar-nav" aria-label={label} data-fragments={fragments}>
      <SidebarItems items={items} url={url} numbers={numberCategories(items)} lazy={fragments !== undefined} />
    </nav>
  );
}
