/**
 * The site's pages (issue 31 §4): `src/pages/**` become routes. Markdown pages are content (sanitised, their
 * imports and links checked like a doc's); React pages are the site's own code, rendered inside the page frame.
 * The fixture is tests/sites/pages; the bad inputs run on copies of it, built once (tests/helpers/bad-input.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/dev-site.js';
import { expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, tempDir } from '../helpers/run-cli.js';

// Generous: a React page renders in well under a second; only a hang could take a minute.
process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';

/** A file of the site. */
const write = (file: string, contents: string) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
/** The text of every file under a folder (with that extension), joined. */
const allText = (dir: string, ext = ''): string =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
/** A file a module writes when it is run: content must never run it. */
const RAN = path.join(tempDir('docsgen-page-ran-'), 'ran.txt');
const SIDE_EFFECT = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(RAN)}, 'ran');\nexport default function Evil() { return <p>evil</p>; }\n`;

let base: string;
beforeAll(async () => {
  base = copySite('pages');
  const { code, stderr } = await runCliInProcess(['build', '--root', base]);
  if (code !== 0) throw new Error(`the pages site did not build:\n${stderr}`);
});

describe('the pages of src/pages', () => {
  it('a Markdown page is a route without sidebar or breadcrumbs, with its title, table of contents and checked links; `.md` links between pages and docs resolve', () => {
    const html = read(base, 'dist/help/index.html');
    expect(html).toContain('<title>Help | Pages</title>');
    expect(html).toContain('<h1 class="doc-title">Need help?</h1>');
    expect(html).toContain('href="#community"');
    expect(html).not.toContain('class="sidebar"');
    expect(html).not.toContain('breadcrumbs');
    // `.md` links to a doc (out of the pages folder) and to another page resolve to their routes.
    expect(html).toContain('href="/docs/intro"');
    expect(html).toContain('href="/blog-x"');
    // Admonitions are compiled as in docs.
    expect(html).toContain('admonition');
    expect(read(base, 'dist/blog-x/index.html')).toContain('href="/help"');
    // And a doc's `.md` link to a page.
    expect(read(base, 'dist/docs/intro/index.html')).toContain('href="/blog-x"');
  });

  it('a React page renders inside the frame, with the title and description it gives <Layout>', () => {
    const html = read(base, 'dist/showcase/index.html');
    expect(html).toContain('<title>Showcase | Pages</title>');
    expect(html).toContain('<meta name="description" content="Sites built with it"/>');
    const frame = html.slice(html.indexOf('id="main"'));
    expect(frame).toContain('<div><h1 class="showcase_title">Showcase</h1><p class="card">Built by Acme</p>');
    // One main landmark: the page's own <main> is a <div> inside the frame's.
    expect(html.match(/<main[ >]/g)).toHaveLength(1);
    // Its CSS module: the class names it scoped, and their rules in the page.
    expect(frame).toMatch(/<style>[^<]*\.showcase_title \{\s+letter-spacing: 0\.05em;\s+\}\s*<\/style>/);
    expect(html).toContain('class="navbar');
    expect(html).not.toContain('docsgen-page-head');
  });

  it("a React page's image imports are the URLs of static files; an SVG's is a component drawing it with <img>", () => {
    expect(read(base, 'dist/landing/index.html')).toContain(
      '<img src="/img/mark.svg" alt="Acme" class="hero-mark" role="img"/>',
    );
  });

  it('a page `pages.client` names is one island around its body, whose chunk is in dist; the others have none', () => {
    const html = read(base, 'dist/counter/index.html');
    const island = html.match(
      /<docsgen-island data-component="src\/pages\/counter.tsx" data-src="(\/assets\/pages\/[^"]+\.js)"/,
    );
    expect(island).not.toBeNull();
    expect(existsSync(path.join(base, 'dist', island![1]))).toBe(true);
    // Around the body the Layout's children rendered (its own <main> a <div>, as the browser renders it), not the style.
    expect(html).toContain(`style="display:contents"><div class="counter_page"><h1>Counter</h1>`);
    expect(html).toMatch(/<\/docsgen-island><script type="application\/json" data-component-props>/);
    expect(html).toMatch(/<script type="module" src="\/assets\/pages\/load\.\w+\.js" data-component-loader>/);
    // The chunk has the CSS module's class names as the server's markup does; the CSS itself stays in the page.
    // A root-relative url() of the CSS module stays a URL of the static folder.
    expect(html).toMatch(/\.counter_badge \{\s+background: url\(\/img\/mark\.svg\) no-repeat;/);
    const chunks = allText(path.join(base, 'dist/assets/pages'), '.js');
    expect(chunks).toContain('counter_button');
    expect(
      readdirSync(path.join(base, 'dist/assets/pages'), { recursive: true }).filter((f) => String(f).endsWith('.css')),
    ).toEqual([]);
    for (const page of ['showcase', 'landing', 'help'])
      expect(read(base, `dist/${page}/index.html`)).not.toMatch(/docsgen-island|data-component-loader/);
  });

  it("a React page gets the site's config as its `config` prop, as Docusaurus gives it; a hydrated page gets the same in the browser", () => {
    const legacy = read(base, 'dist/legacy/index.html');
    expect(legacy).toContain('<h1>Pages</h1><p>Pages beside the docs</p><img src="/img/mark.svg" alt="mark"/>');
    const counter = read(base, 'dist/counter/index.html');
    expect(counter).toContain('<p>Counting for <!-- -->Pages</p>');
    const props = counter.match(/<script type="application\/json" data-component-props>([^<]*)<\/script>/);
    expect(JSON.parse(props![1]).props.config).toMatchObject({
      title: 'Pages',
      baseUrl: '/',
      url: 'https://example.com',
    });
  });

  it('`_` files and folders are not pages', () => {
    expect(existsSync(path.join(base, 'dist/_private'))).toBe(false);
    expect(existsSync(path.join(base, 'dist/_draft'))).toBe(false);
    expect(allText(path.join(base, 'dist'))).not.toContain('Secret');
  });

  it('both kinds are in the sitemap and search; Markdown pages have copies and are in llms.txt', () => {
    const sitemap = read(base, 'dist/sitemap.xml');
    for (const route of ['/help', '/blog-x', '/showcase']) expect(sitemap).toContain(`https://example.com${route}<`);
    const search = allText(path.join(base, 'dist/search'), '.json');
    expect(search).toContain('Ask on the forum');
    expect(search).toContain('Built by Acme');
    // A React page's record is its own text, not the navbar's.
    expect(search).not.toContain('Skip to main content');
    expect(read(base, 'dist/help.md')).toContain('Ask on the forum.');
    expect(read(base, 'dist/llms.txt')).toContain('[Help](https://example.com/help.md): Where to get help.');
    expect(existsSync(path.join(base, 'dist/showcase.md'))).toBe(false);
  });

  it('docsgen check finds a broken link in a page at its place', async () => {
    const root = copySite('pages');
    write('src/pages/help.md', '# Help\n\nSee [nothing](/nowhere) and [no page](./gone.md).\n')(root);
    const { code, stdout, stderr } = await runCliInProcess(['check', '--root', root]);
    expect(code).toBe(1);
    expect(stdout + stderr).toContain('src/pages/help.md:3:5  broken link → /nowhere');
    expect(stdout + stderr).toContain('src/pages/help.md:3:29  broken markdown link ./gone.md');
  });

  it('dev serves a page added while it runs, and the page edited', async () => {
    const root = copySite('pages');
    const dev = new DevSite({ root });
    await dev.start();
    try {
      const file = path.join(root, 'src/pages/new/index.md');
      write('src/pages/new/index.md', '# Brand new\n\nHello.\n')(root);
      const added = await dev.update([file]);
      expect(added.added).toEqual(['/new']);
      const page = async () => {
        const entry = await dev.createSource().get('new/index.html');
        return entry && 'body' in entry ? String(entry.body) : '';
      };
      expect(await page()).toContain('Brand new');
      write('src/pages/new/index.md', '# Renamed\n\nHello.\n')(root);
      const edited = await dev.update([file]);
      expect(edited.reload === 'all' || edited.reload.includes('/new')).toBe(true);
      expect(await page()).toContain('Renamed');
      rmSync(file);
      expect((await dev.update([file])).removed).toEqual(['/new']);
    } finally {
      await dev.close();
    }
  });
});

const cases: BadInputCase[] = [
  {
    name: 'a Markdown page with <script> is sanitised as a doc is',
    apply: write('src/pages/help.md', '# Help\n\nText.\n\n<script>alert(1)</script>\n'),
    code: 0,
    lines: ['src/pages/help.md:5:1  removed <script> and its content (pages never run script from content)'],
    check: (root) => expect(read(root, 'dist/help/index.html')).not.toContain('alert(1)'),
  },
  {
    name: 'a Markdown page importing a module the config does not register, never run',
    apply: (root) => {
      write('src/components/Evil.tsx', SIDE_EFFECT)(root);
      write('src/pages/help.mdx', "import Evil from '@site/src/components/Evil';\n\n<Evil />\n")(root);
      rmSync(path.join(root, 'src/pages/help.md'));
    },
    code: 1,
    lines: ["src/pages/help.mdx:1:1  import of '@site/src/components/Evil' is not allowed"],
    check: () => expect(existsSync(RAN)).toBe(false),
  },
  {
    name: 'a component module that is a Markdown page is refused, never run',
    apply: write(
      'build.config.ts',
      "export default { title: 'Pages', url: 'https://example.com', docs: { sidebars: { main: ['intro'] } }, components: { Help: 'src/pages/help.md' } };\n",
    ),
    code: 2,
    lines: ["components.Help: 'src/pages/help.md' is a Markdown page: pages are content, which never runs code"],
  },
  {
    name: 'a `pages.client` entry that names no React page is a config error at its place',
    apply: write(
      'build.config.ts',
      "export default {\n  title: 'Pages',\n  url: 'https://example.com',\n  docs: { sidebars: { main: ['intro'] } },\n  pages: { client: ['counter.tsx', 'help.md', 'nope.tsx'] },\n};\n",
    ),
    code: 2,
    lines: [
      'build.config.ts:5:36  `pages.client` names "help.md", which is not a React page of the pages folder',
      'build.config.ts:5:47  `pages.client` names "nope.tsx", which is not a React page of the pages folder',
    ],
  },
  {
    name: 'React pages in a folder of content (the static folder) are never run',
    apply: (root) => {
      write('public/pages/evil.tsx', SIDE_EFFECT)(root);
      write(
        'build.config.ts',
        "export default { title: 'Pages', url: 'https://example.com', docs: { sidebars: { main: ['intro'] } }, pages: { path: 'public/pages' } };\n",
      )(root);
    },
    code: 1,
    lines: [
      'public/pages/evil.tsx  this React page is inside public/, whose files are content: it is not run (content never runs code)',
    ],
    check: () => expect(existsSync(RAN)).toBe(false),
  },
  {
    name: 'a page whose route is a doc’s is an output clash',
    apply: write('src/pages/docs/intro.md', '# Clash\n'),
    code: 1,
    lines: [
      'src/pages/docs/intro.md  docs/intro/index.html would be written twice: by content/docs/intro.md (route /docs/intro) and by src/pages/docs/intro.md (route /docs/intro)  [output-clash]',
    ],
  },
  {
    name: 'two pages of one route are one clash, not a duplicate id',
    apply: write('src/pages/help.mdx', '# Other help\n'),
    code: 1,
    lines: [
      'src/pages/help.mdx  help/index.html would be written twice: by src/pages/help.md (route /help) and by src/pages/help.mdx (route /help)  [output-clash]',
    ],
    absent: ['duplicate-id'],
  },
  {
    name: 'a React page importing a Docusaurus module docsgen has no stand-in for: the hint names those it has',
    apply: write(
      'src/pages/linky.tsx',
      "import Unknown from '@docusaurus/Unknown';\nexport default function Linky() { return <Unknown />; }\n",
    ),
    code: 1,
    lines: [
      "src/pages/linky.tsx:1:21  '@docusaurus/Unknown' has no docsgen counterpart: docsgen provides @docusaurus/Link,",
      "hint: docsgen gives pages 17 of Docusaurus's modules (the error lists them): write the page without the others",
    ],
  },
  {
    name: 'a React page that throws is an error at its file',
    apply: write('src/pages/broken.tsx', "export default function Broken() { throw new Error('no data'); }\n"),
    code: 1,
    lines: ["src/pages/broken.tsx  the page's component threw while rendering: no data  [page-render]"],
  },
  {
    name: 'src/pages/index.tsx replaces the generated home page, with a warning when `home` is set',
    apply: (root) => {
      write(
        'src/pages/index.tsx',
        'import Layout from \'@theme/Layout\';\nexport default function Home() { return <Layout title="Welcome"><h1>Our home</h1></Layout>; }\n',
      )(root);
      write(
        'build.config.ts',
        "export default {\n  title: 'Pages',\n  url: 'https://example.com',\n  home: { features: [{ title: 'Fast', description: 'Very' }] },\n  docs: { sidebars: { main: ['intro'] } },\n};\n",
      )(root);
    },
    code: 0,
    lines: [
      'build.config.ts:4:3  `home` is set, but src/pages/index.tsx is the home page: the generated home page that shows `home` (features, code sample, Get Started link) is not built  [home-replaced]',
    ],
    check: (root) => {
      const html = read(root, 'dist/index.html');
      expect(html).toContain('<h1>Our home</h1>');
      expect(html).not.toContain('class="hero');
    },
  },
  {
    name: 'a React page importing an image outside the static folders',
    apply: (root) => {
      write('src/pages/shot.png', 'not really a png')(root);
      write(
        'src/pages/shots.tsx',
        "import shot from './shot.png';\nexport default () => <img src={shot} alt='' />;\n",
      )(root);
    },
    code: 1,
    lines: [
      'src/pages/shots.tsx:1:18  the image src/pages/shot.png is not in a static folder (public): only their files are published  [page-bundle]',
    ],
  },
  {
    name: '`pages: false` builds no page',
    apply: write(
      'build.config.ts',
      "export default { title: 'Pages', url: 'https://example.com', docs: { sidebars: { main: ['intro'] } }, pages: false };\n",
    ),
    code: 1,
    lines: ['content/docs/intro.md:5:10  broken link → /help'],
  },
];

describe('bad input in pages', () => {
  for (const c of cases) it(c.name, () => expectBuildOutcome(base, c));
});
