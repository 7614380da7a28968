import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { createSiteData } from '../../../cli/render/create-site-data.js';
import { renderShell } from '../../../cli/render/render-pages.js';
import { fillSidebarSlot, SIDEBAR_SLOT } from '../../../cli/render/sidebar-slot.js';
import type { Route, SidebarItem } from '../../../cli/types.js';

/** Content that writes the slot's text everywhere it can appear before the sidebar, and in the body. */
const config = validateConfig({ title: `Site ${SIDEBAR_SLOT}`, url: 'https://s.dev' });
const site = createSiteData(config, { assets: { css: [], js: [] } });
const sidebar: SidebarItem[] = [{ type: 'doc', id: 'a', label: 'A', href: '/docs/a' }];
const route: Route = {
  path: '/docs/a',
  kind: 'doc',
  title: `Title ${SIDEBAR_SLOT}`,
  description: `Description ${SIDEBAR_SLOT}`,
  sidebar: 'main',
  breadcrumbs: [{ label: `Crumb ${SIDEBAR_SLOT}` }],
  content: {
    html: `<p>Body</p>${SIDEBAR_SLOT}`,
    headings: [{ depth: 2, id: 'h', text: `Heading ${SIDEBAR_SLOT}` }],
    links: [],
    assets: {},
    diagnostics: [],
  },
};

describe('the sidebar slot of a cached page', () => {
  it('is the one inside the sidebar, whatever the title, description, breadcrumbs or body write', () => {
    const shell = renderShell(route, site, new Map([['main', sidebar]]));
    expect(
      shell.html.slice(
        shell.slot - '<aside class="sidebar">'.length,
        shell.slot + SIDEBAR_SLOT.length + '</aside>'.length,
      ),
    ).toBe(`<aside class="sidebar">${SIDEBAR_SLOT}</aside>`);
    const page = fillSidebarSlot(shell.html, shell.slot, '<nav>THE SIDEBAR</nav>');
    expect(page.split('THE SIDEBAR')).toHaveLength(2);
    expect(page).toContain('<aside class="sidebar"><nav>THE SIDEBAR</nav></aside>');
  });
});
