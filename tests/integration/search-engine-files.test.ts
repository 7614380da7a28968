/**
 * What search engines read besides the page text (issue 17 §3): JSON-LD
 * (a BreadcrumbList matching the visible breadcrumbs, a TechArticle on guides),
 * robots.txt naming the sitemap, and a canonical link on every page. Titles
 * and descriptions are content: none can end the JSON-LD's script element.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { Parser } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { findScriptVectors } from '../helpers/script-vectors.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

const ATTACK = '</script><script>alert(1)</script> <!-- x';

/** The minimal site with this config body (after `url`), a third guide whose title and description are an attack. */
function site(keys = '', baseUrl = '/'): string {
  const root = copySite('minimal');
  writeFileSync(
    path.join(root, 'content/docs/guides/attack.md'),
    `---\ntitle: ${JSON.stringify(`Evil ${ATTACK}`)}\ndescription: ${JSON.stringify(`Says ${ATTACK} & \u2028 more`)}\n---\n\nText.\n`,
  );
  writeFileSync(
    path.join(root, 'build.config.ts'),
    `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  baseUrl: '${baseUrl}',\n  ${keys}\n  docs: { sidebars: { main: [{ type: 'category', label: 'Guides', items: ['guides/intro', 'guides/second', 'guides/attack'] }] } },\n};\n`,
  );
  return root;
}

/** Builds the site in the test process (in-process-cli.ts): the tests read what it wrote, not how a process ran. */
async function build(root: string): Promise<string> {
  const built = await runCliInProcess(['build', '--root', root]);
  expect(built.code, built.stderr).toBe(0);
  return path.join(root, 'dist');
}

/** What a built page says to a parser: its scripts (type + text), canonical href and visible breadcrumbs. */
function readPage(html: string) {
  const scripts: { type?: string; text: string }[] = [];
  const crumbs: { label: string; href?: string }[] = [];
  let canonical: string | undefined;
  let script: { type?: string; text: string } | undefined;
  let crumb: { label: string; href?: string } | undefined;
  let inBreadcrumbs = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script') scripts.push((script = { type: attributes.type, text: '' }));
      if (name === 'link' && attributes.rel === 'canonical') canonical = attributes.href;
      if (name === 'nav' && attributes.class === 'breadcrumbs') inBreadcrumbs = true;
      if (inBreadcrumbs && name === 'li') crumbs.push((crumb = { label: '' }));
      if (crumb && name === 'a') crumb.href = attributes.href;
      if (crumb && name === 'a' && attributes['aria-label']) crumb.label = attributes['aria-label'];
    },
    ontext(text) {
      if (script) script.text += text;
      else if (crumb) crumb.label += text;
    },
    onclosetag(name) {
      if (name === 'script') script = undefined;
      if (name === 'li') crumb = undefined;
      if (name === 'nav') inBreadcrumbs = false;
    },
  });
  parser.write(html);
  parser.end();
  const data = scripts
    .filter((s) => s.type === 'application/ld+json')
    .map((s) => JSON.parse(s.text) as { '@graph': Record<string, unknown>[] });
  return { scripts, canonical, crumbs, data };
}

type ListItem = { position: number; name: string; item?: string };

describe('JSON-LD', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await build(site());
  });
  const page = (file: string) => readPage(readFileSync(path.join(dist, file), 'utf8'));

  it("matches each page's BreadcrumbList to its visible breadcrumbs, the last item at the canonical URL", () => {
    const files = fg.sync('**/index.html', { cwd: dist });
    let withCrumbs = 0;
    for (const file of files) {
      const { data, crumbs, canonical } = page(file);
      if (!crumbs.length) continue;
      withCrumbs++;
      const list = data[0]!['@graph'].find((x) => x['@type'] === 'BreadcrumbList')!.itemListElement as ListItem[];
      expect(
        list.map((x) => x.position),
        file,
      ).toEqual(crumbs.map((_, i) => i + 1));
      // The first crumb is the home page's icon: the site's title, at its root.
      expect(list[0], file).toEqual({
        '@type': 'ListItem',
        position: 1,
        name: 'Minimal',
        item: 'https://example.com/',
      });
      expect(
        list.slice(1).map((x) => x.name),
        file,
      ).toEqual(crumbs.slice(1).map((c) => c.label));
      expect(
        list.slice(1, -1).map((x) => x.item),
        file,
      ).toEqual(crumbs.slice(1, -1).map((c) => c.href && `https://example.com${c.href}`));
      expect(list.at(-1)!.item, file).toBe(canonical);
    }
    expect(withCrumbs).toBe(3);
    expect(page('docs/guides/second/index.html').data[0]!['@graph'][0]).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Minimal', item: 'https://example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Guides' },
        { '@type': 'ListItem', position: 3, name: 'Second Page', item: 'https://example.com/docs/guides/second' },
      ],
    });
  });

  it('describes a guide as a TechArticle: headline, description, its URL and the site', () => {
    const article = page('docs/guides/attack/index.html').data[0]!['@graph'].find((x) => x['@type'] === 'TechArticle');
    expect(article).toEqual({
      '@type': 'TechArticle',
      headline: `Evil ${ATTACK}`,
      description: `Says ${ATTACK} & \u2028 more`,
      url: 'https://example.com/docs/guides/attack',
      mainEntityOfPage: 'https://example.com/docs/guides/attack',
      inLanguage: 'en',
      isPartOf: { '@type': 'WebSite', name: 'Minimal', url: 'https://example.com/' },
      publisher: { '@type': 'Organization', name: 'Minimal', url: 'https://example.com/' },
    });
  });

  it('keeps a title that closes the script and opens a comment inside the JSON: escaped, one data block, no new script', () => {
    const html = readFileSync(path.join(dist, 'docs/guides/attack/index.html'), 'utf8');
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toMatch(/[<>&\u2028\u2029]/);
    expect(block).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u003c!-- x');
    const { scripts } = page('docs/guides/attack/index.html');
    expect(scripts.filter((s) => s.type === 'application/ld+json')).toHaveLength(1);
    expect(scripts.some((s) => s.text.includes('alert(1)') && s.type !== 'application/ld+json')).toBe(false);
    // The head, where the block is, has only docsgen's own scripts, tags and data blocks.
    expect(
      findScriptVectors(html.slice(html.indexOf('<head>'), html.indexOf('</head>')), { allowThemeScripts: true }),
    ).toEqual([]);
  });

  it('puts no JSON-LD on pages with no breadcrumbs that are not guides (home, 404), and none at all when structuredData is off', async () => {
    expect(page('index.html').data).toEqual([]);
    expect(page('404.html').data).toEqual([]);
    const off = await build(site('structuredData: false,'));
    for (const file of fg.sync('**/*.html', { cwd: off }))
      expect(readFileSync(path.join(off, file), 'utf8'), file).not.toContain('application/ld+json');
  });
});

describe('canonical links', () => {
  it('puts one on every page at its absolute URL under the baseUrl, a redirect page at its target, none on the 404 page', async () => {
    const root = site('', '/base/');
    const dist = await build(root);
    const canonical = (file: string) => readPage(readFileSync(path.join(dist, file), 'utf8')).canonical;
    expect(canonical('index.html')).toBe('https://example.com/base/');
    expect(canonical('docs/guides/index.html')).toBe('https://example.com/base/docs/guides');
    expect(canonical('docs/guides/second/index.html')).toBe('https://example.com/base/docs/guides/second');
    expect(canonical('search/index.html')).toBe('https://example.com/base/search');
    // docs/ redirects to the first doc.
    expect(canonical('docs/index.html')).toBe('https://example.com/base/docs/guides');
    expect(canonical('404.html')).toBeUndefined();
    for (const file of fg.sync('**/index.html', { cwd: dist, ignore: ['assets/**'] }))
      expect(canonical(file), file).toMatch(/^https:\/\/example\.com\/base\//);
  });
});

describe('robots.txt', () => {
  it('welcomes every crawler and names the absolute URL of the sitemap, under the baseUrl', async () => {
    const dist = await build(site('', '/base/'));
    expect(readFileSync(path.join(dist, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://example.com/base/sitemap.xml\n',
    );
  });

  it('turns every crawler away with noIndex', async () => {
    const dist = await build(site("noIndex: true, sitemap: { filename: 'map.xml' },"));
    expect(readFileSync(path.join(dist, 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow: /\n\nSitemap: https://example.com/map.xml\n',
    );
  });

  it("publishes a static folder's robots.txt instead, with no clash", async () => {
    const root = site();
    writeFileSync(path.join(root, 'public/robots.txt'), 'User-agent: *\nDisallow: /private\n');
    expect(readFileSync(path.join(await build(root), 'robots.txt'), 'utf8')).toBe(
      'User-agent: *\nDisallow: /private\n',
    );
  });

  it('is served by dev as build writes it', async () => {
    const dev = await startDevProcess(site());
    try {
      expect(await get(dev.url, '/robots.txt')).toMatchObject({
        status: 200,
        body: 'User-agent: *\nAllow: /\n\nSitemap: https://example.com/sitemap.xml\n',
      });
    } finally {
      await dev.stop();
    }
  });

  it('writes none when robotsTxt is off', async () => {
    const dist = await build(site('robotsTxt: false,'));
    expect(existsSync(path.join(dist, 'robots.txt'))).toBe(false);
    expect(existsSync(path.join(dist, 'sitemap.xml'))).toBe(true);
  });
});
