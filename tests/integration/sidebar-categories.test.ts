import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/commands/build.js';
import { buildBaseSite, expectBuildOutcome } from '../helpers/bad-input.js';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite } from '../helpers/run-cli.js';

/** A sidebar with a generated index (linked by its label) and a category that cannot collapse. */
const CONFIG = `export default {
  title: 'Minimal',
  url: 'https://example.com',
  docs: {
    sidebars: {
      main: [
        'guides/intro',
        { type: 'category', label: 'More', link: { type: 'generated-index', description: 'Everything <b>else</b>.' }, items: ['guides/second', 'guides/untrusted'] },
        { type: 'category', label: 'Fixed', collapsible: false, collapsed: true, items: ['guides/third'] },
      ],
    },
  },
};
`;
/** A description from content that tries to run script on the index page. */
const UNTRUSTED = `---\ntitle: Untrusted\ndescription: '<script>alert(1)</script><img src=x onerror=alert(2)>'\n---\n\nBody.\n`;

function writeSite(root: string): void {
  writeFileSync(path.join(root, 'build.config.ts'), CONFIG);
  writeFileSync(path.join(root, 'content/docs/guides/untrusted.md'), UNTRUSTED);
  writeFileSync(path.join(root, 'content/docs/guides/third.md'), '# Third Page\n\nThe third page.\n');
}

describe('sidebar categories: generated indexes and categories that cannot collapse', () => {
  let root: string;
  const read = (file: string) => readFileSync(path.join(root, 'dist', file), 'utf8');
  beforeAll(async () => {
    root = copySite('minimal');
    writeSite(root);
    const result = await build({ root });
    expect(result.diagnostics).toEqual([]);
  });

  it("a generated index lists the category's docs as cards with their descriptions, escaped", () => {
    const html = read('docs/category/more/index.html');
    expect(html).toContain('<h1 class="doc-title">More</h1>');
    expect(html).toContain('<p class="category-description">Everything &lt;b&gt;else&lt;/b&gt;.</p>');
    expect(html).toContain(
      '<a class="category-card category-card-doc" href="/docs/guides/second"><span class="category-card-title">Second Page</span><span class="category-card-description">Back to the intro.</span></a>',
    );
    expect(html).toContain(
      '<span class="category-card-description">&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</span>',
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
  });

  it('is linked like a doc: by the category label, previous/next and breadcrumbs, in the sitemap and the search index', () => {
    const intro = read('docs/guides/index.html');
    // The label is the link, with a toggle of its own beside it (a link inside a <summary> would be a control inside a control).
    expect(intro).toContain(
      '<a data-category="0" class="menu-link menu-category-label" href="/docs/category/more">More</a><details open=""><summary class="menu-category-toggle" aria-label="Toggle More"></summary>',
    );
    expect(intro).toContain('<a class="pagination-link pagination-next" href="/docs/category/more" rel="next">');
    expect(read('docs/guides/second/index.html')).toContain('<a href="/docs/category/more">More</a></li>');
    expect(read('docs/category/more/index.html')).toContain(
      '<a data-category="0" class="menu-link menu-category-label menu-active-trail" href="/docs/category/more" aria-current="page">More</a>',
    );
    expect(read('sitemap.xml')).toContain('<loc>https://example.com/docs/category/more</loc>');
    const search = readdirSync(path.join(root, 'dist/search'), { recursive: true, encoding: 'utf8' })
      .map((file) => read(path.join('search', file)))
      .join('\n');
    expect(search).toContain('/docs/category/more');
    expect(search).toContain('Everything <b>else</b>.');
  });

  it('a category that cannot collapse has no toggle and always shows its items', () => {
    for (const page of ['docs/guides/index.html', 'docs/guides/third/index.html']) {
      const html = read(page);
      expect(html).toMatch(
        /<li class="menu-category"><div data-category="1" class="menu-link menu-category-label menu-category-fixed( menu-active-trail)?">Fixed<\/div><ul class="menu-list"><li><a class="menu-link( active)?" href="\/docs\/guides\/third"/,
      );
      expect(html).not.toContain('<details data-category="1"');
    }
  });
});

describe('sidebar categories: a generated index on the route of a doc', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it('is an output clash, at the category in the config', () =>
    expectBuildOutcome(base, {
      name: 'a doc on the route of a generated index',
      apply: (root) => {
        writeSite(root);
        writeFileSync(path.join(root, 'content/docs/guides/clash.md'), '---\nslug: /category/more\n---\n\n# Clash\n');
      },
      code: 1,
      lines: [
        "error  build.config.ts:8:36  docs/category/more/index.html would be written twice: by content/docs/guides/clash.md (route /docs/category/more) and by the generated index of the sidebar category 'More' (route /docs/category/more)  [output-clash]",
        "    hint: give the category's generated index another `slug` in the config (link: {type: 'generated-index', slug}), or change the other page's `slug` or `id`",
      ],
    }));
});

describe('sidebar categories in docsgen dev', () => {
  it('dev shows a collapsed category as build does, and serves its items when a reader opens it', async () => {
    const root = copySite('minimal');
    writeSite(root);
    const config = path.join(root, 'build.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("label: 'More',", "label: 'More', collapsed: true,"));
    const dev = await startDevProcess(root);
    try {
      const page = (await get(dev.url, '/docs/guides')).body;
      const fragments = /data-fragments="([^"]+)"/.exec(page)?.[1];
      const lazy = /<ul class="menu-list" data-lazy="(\d+)"><\/ul>/.exec(page)?.[1];
      expect(fragments).toMatch(/^\/assets\/sidebar\/main-\w+\/$/);
      expect(lazy).toBeDefined();
      // As `serve` does for any file: `N.html` redirects to the clean URL, which serves it.
      expect(await get(dev.url, `${fragments}${lazy}.html`)).toMatchObject({
        status: 301,
        headers: { location: `${fragments}${lazy}` },
      });
      const items = await get(dev.url, `${fragments}${lazy}`);
      expect(items.status).toBe(200);
      expect(items.body).toContain('href="/docs/guides/second"');
    } finally {
      await dev.stop();
    }
  });

  it("a generated index shows a doc's new description once the doc is saved, and open tabs reload", async () => {
    const root = copySite('minimal');
    writeSite(root);
    const dev = await startDevProcess(root);
    try {
      expect((await get(dev.url, '/docs/category/more')).body).toContain('Back to the intro.');
      const second = path.join(root, 'content/docs/guides/second.md');
      writeFileSync(second, '---\ndescription: Said on the card now.\n---\n\n' + readFileSync(second, 'utf8'));
      await dev.waitFor(/• content\/docs\/guides\/second\.md → .*reloaded every page/);
      expect((await get(dev.url, '/docs/category/more')).body).toContain(
        '<span class="category-card-description">Said on the card now.</span>',
      );
    } finally {
      await dev.stop();
    }
  });
});
