import type { ReactNode } from 'react';
import type { SidebarItem } from '../shared/site-data.js';

type Category = Extract<SidebarItem, { type: 'category' }>;

interface CategoryProps {
  item: Category;
  /** Its number in the sidebar (`data-category`): the build marks the current page's trail by it. */
  index: number | undefined;
  url: string;
  /** It holds the current page (or is it). */
  active: boolean;
  /** Its items, or the empty list a lazy category's items are fetched into. */
  children: ReactNode;
}

/**
 * One sidebar category, in the shape its settings ask for: a `<details>`
 * whose `<summary>` is the label (it opens and closes without JavaScript);
 * when the label is a link, the link beside a `<summary>` of its own (a link
 * inside a summary would be a control inside a control); and with
 * `collapsible: false`, a plain label over items that are always shown.
 */
export function SidebarCategory({ item, index, url, active, children }: CategoryProps) {
  const trail = active ? ' menu-active-trail' : '';
  const extra = item.className ? ` ${item.className}` : '';
  const current = item.href === url ? 'page' : undefined;
  if (item.collapsible === false) {
    return (
      <li className={`menu-category${extra}`}>
        <div data-category={index} className={`menu-link menu-category-label menu-category-fixed${trail}`}>
          {item.href ? (
            <a href={item.href} aria-current={current}>
              {item.label}
            </a>
          ) : (
            item.label
          )}
        </div>
        {children}
      </li>
    );
  }
  const open = !item.collapsed || active;
  if (item.href) {
    return (
      <li className={`menu-category menu-category-linked${extra}`}>
        <a
          data-category={index}
          className={`menu-link menu-category-label${trail}`}
          href={item.href}
          aria-current={current}
        >
          {item.label}
        </a>
        <details open={open}>
          <summary className="menu-category-toggle" aria-label={`Toggle ${item.label}`} />
          {children}
        </details>
      </li>
    );
  }
  return (
    <li className={`menu-category${extra}`}>
      <details data-category={index} open={open}>
        <summary className={`menu-link menu-category-label${trail}`}>{item.label}</summary>
        {children}
      </details>
    </li>
  );
}
