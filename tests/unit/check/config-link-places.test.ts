import { describe, expect, it } from 'vitest';
import { configLinkPlaces } from '../../../cli/check/config-link-places.js';
import { rememberConfigSource } from '../../../cli/config/config-source.js';
import { configSchema, type SiteConfig } from '../../../cli/config/schema.js';

/** A config as loadConfig makes it: validated, with the text it came from. */
function configFrom(source: string, value: unknown): SiteConfig {
  const config = configSchema.parse(value);
  rememberConfigSource(config, source);
  return config;
}

describe('configLinkPlaces: where the config spells each link the theme renders', () => {
  const source = [
    'export default {',
    "  title: 'T', url: 'https://example.com', baseUrl: '/base/',",
    "  navbar: { items: [{ label: 'A', to: 'docs/a' }, { label: 'GitHub', href: 'https://github.com/x/y' }, { label: 'Home', to: '/base/' }] },",
    "  footer: { links: [{ title: 'More', items: [{ label: 'B', to: '/docs/b' }] }] },",
    "  docs: { sidebars: { main: ['intro', { Guides: [{ type: 'link', label: 'Blog', href: '/blog' }] }] } },",
    '};',
  ].join('\n');
  const value = {
    title: 'T',
    url: 'https://example.com',
    baseUrl: '/base/',
    navbar: {
      items: [
        { label: 'A', to: 'docs/a' },
        { label: 'GitHub', href: 'https://github.com/x/y' },
        { label: 'Home', to: '/base/' },
      ],
    },
    footer: { links: [{ title: 'More', items: [{ label: 'B', to: '/docs/b' }] }] },
    docs: { sidebars: { main: ['intro', { Guides: [{ type: 'link', label: 'Blog', href: '/blog' }] }] } },
  };

  it('places navbar, footer and sidebar links (nested in the category shorthand) by the href the page shows', () => {
    const config = configFrom(source, value);
    const places = configLinkPlaces(config, 'build.config.ts', [{ config, sidebarsFile: 'build.config.ts' }]);
    expect(Object.fromEntries(places)).toEqual({
      '/base/docs/a': { file: 'build.config.ts', line: 3, column: 39, where: 'the navbar' },
      '/base/': { file: 'build.config.ts', line: 3, column: 125, where: 'the navbar' },
      '/base/docs/b': { file: 'build.config.ts', line: 4, column: 64, where: 'the footer' },
      '/base/blog': { file: 'build.config.ts', line: 5, column: 87, where: "the sidebar 'main'" },
    });
  });

  it("places an older version's sidebar links in its versioned sidebars file", () => {
    const config = configFrom(source, value);
    const text = '{\n  "docs": [{ "type": "link", "label": "Old", "href": "/old" }]\n}\n';
    const version = configFrom(text, {
      ...value,
      docs: { sidebars: { docs: [{ type: 'link', label: 'Old', href: '/old' }] } },
    });
    const places = configLinkPlaces(config, 'build.config.ts', [
      { config, sidebarsFile: 'build.config.ts' },
      { config: version, sidebarsFile: 'versioned_sidebars/version-1.0-sidebars.json' },
    ]);
    expect(places.get('/base/old')).toEqual({
      file: 'versioned_sidebars/version-1.0-sidebars.json',
      line: 2,
      column: 54,
      where: "the sidebar 'docs'",
    });
  });

  it('keeps the file when the link is not spelled as one literal, and walks a sidebar nested deeper than the stack allows', () => {
    let deep: unknown = [{ type: 'link', label: 'Deep', href: '/deep' }];
    for (let i = 0; i < 100_000; i++) deep = [{ type: 'category', label: 'c', items: deep }];
    const config = configFrom('export default {}', { title: 'T', url: 'https://example.com' });
    (config.docs as { sidebars?: unknown }).sidebars = { main: deep };
    expect(
      configLinkPlaces(config, 'build.config.ts', [{ config, sidebarsFile: 'build.config.ts' }]).get('/deep'),
    ).toEqual({ file: 'build.config.ts', where: "the sidebar 'main'" });
  });
});
