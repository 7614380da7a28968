import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { loadTheme } from '../../../cli/dev/theme-loader.js';
import { createSiteData } from '../../../cli/render/create-site-data.js';

describe('loadTheme', () => {
  it('re-bundles the render layer from the theme sources and renders with it', async () => {
    const theme = await loadTheme();
    if (!('render' in theme)) throw new Error(JSON.stringify(theme.diagnostics));
    const site = createSiteData(validateConfig({ title: 'Reloaded', url: 'https://example.com' }), {
      assets: { css: [], js: [] },
    });
    const page = theme.render(
      { path: '/404', kind: 'not-found', title: 'Page Not Found', noindex: true },
      site,
      new Map(),
    );
    expect(page.outPath).toBe('404.html');
    expect(page.html).toMatch(/^<!DOCTYPE html>/);
    expect(page.html).toContain('Page Not Found');
    expect(page.html).toContain('Reloaded');
    // The sidebar renderer comes from the same sources: a template edit shows in the sidebar too.
    const sidebar = new theme.SidebarHtml(
      new Map([['main', [{ type: 'doc', id: 'a', label: 'Reloaded doc', href: '/docs/a' }]]]),
    );
    expect(sidebar.for('main', '/docs/a')).toContain('aria-current="page"');
  });
});
