import { describe, expect, it } from 'vitest';
import type { PageRoute, SiteData } from '../../../templates/shared/site-data.js';
import { buildStructuredData, toScriptJson } from '../../../templates/theme/structured-data.js';

const SITE = { title: 'Docs', siteUrl: 'https://example.com/base', baseUrl: '/base/' } as SiteData;
const GUIDE: PageRoute = {
  path: '/docs/guides/a',
  kind: 'doc',
  title: 'A',
  description: 'About A.',
  breadcrumbs: [{ label: 'Guides', href: '/base/docs/guides' }, { label: 'A' }],
};
const graphOf = (route: PageRoute) =>
  (
    buildStructuredData(SITE, route, 'https://example.com/base/docs/guides/a') as {
      '@graph': Record<string, unknown>[];
    }
  )['@graph'];

describe('structured data', () => {
  it("gives a guide's TechArticle the date it last changed, and none when it is unknown", () => {
    expect(graphOf({ ...GUIDE, lastUpdate: { date: '2026-03-01T10:00:00.000Z', author: 'Ann' } })[1]).toMatchObject({
      '@type': 'TechArticle',
      headline: 'A',
      dateModified: '2026-03-01T10:00:00.000Z',
    });
    expect(graphOf(GUIDE)[1]).not.toHaveProperty('dateModified');
  });

  it('links the breadcrumbs that have a page, under the baseUrl, and puts no TechArticle on API pages', () => {
    expect(graphOf({ ...GUIDE, kind: 'api' })).toEqual([
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Docs', item: 'https://example.com/base/' },
          { '@type': 'ListItem', position: 2, name: 'Guides', item: 'https://example.com/base/docs/guides' },
          { '@type': 'ListItem', position: 3, name: 'A', item: 'https://example.com/base/docs/guides/a' },
        ],
      },
    ]);
    expect(
      buildStructuredData(SITE, { path: '/', kind: 'home', title: 'Docs' }, 'https://example.com/base/'),
    ).toBeUndefined();
  });

  it('writes JSON that no text can end a script element in, and that parses back to the same value', () => {
    const value = { headline: '</script><script>alert(1)</script><!-- & \u2028\u2029 -->' };
    const json = toScriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
