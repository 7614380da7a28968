/**
 * The blog (cli/blog/): a site with a `blog/` folder gets Docusaurus's pages (posts at their dated routes, the list
 * with pagination and truncated posts, tag pages, the archive), RSS and Atom feeds, and its posts in the sitemap and
 * search; content stays untrusted (no script, no `javascript:` avatar, no authors file or post from outside).
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A site with docs and a blog of `count` extra filler posts besides the named ones. */
function blogSite(config = '', count = 0): string {
  const root = tempDir('docsgen-blog-');
  write(root, 'build.config.ts', `export default { title: 'Lantern', url: 'https://lantern.dev', ${config} };\n`);
  write(
    root,
    'content/docs/intro.md',
    '---\ntitle: Intro\n---\n\nSee [the launch](../../blog/2024-05-28-launch.md).\n',
  );
  write(
    root,
    'blog/authors.yml',
    'ada:\n  name: Ada Lovelace\n  title: Engineer\n  url: https://example.com/ada\n  image_url: https://example.com/ada.png\n',
  );
  write(
    root,
    'blog/2024-05-28-launch.md',
    '---\ntitle: We launched & <shipped>\nauthors: [ada]\ntags: [news, Release Notes]\n---\n\nThe summary.\n\n<!-- truncate -->\n\n## Details\n\nThe rest of the post.\n',
  );
  write(
    root,
    'blog/2024-06-01-second/index.md',
    '---\ntitle: Second post\ntags: [news]\n---\n\nAll of it, and [the intro](../../content/docs/intro.md).\n',
  );
  write(root, 'blog/undated.md', '---\ntitle: Dated by front matter\ndate: 2023-01-02\nslug: custom\n---\n\nOld.\n');
  write(root, 'blog/2024-07-02-hidden.md', '---\ntitle: Hidden post\nunlisted: true\n---\n\nUnlisted text.\n');
  write(root, 'blog/2024-07-01-draft.md', '---\ntitle: Not yet\ndraft: true\n---\n\nSecret draft.\n');
  for (let i = 0; i < count; i++)
    write(
      root,
      `blog/2022-01-${String(i + 1).padStart(2, '0')}-filler-${i}.md`,
      `---\ntitle: Filler ${i}\n---\n\nText.\n`,
    );
  return root;
}

const read = (root: string, file: string) => readFileSync(path.join(root, 'dist', file), 'utf8');

describe('the blog', () => {
  it('builds posts, list pages, tags, the archive and the feeds', async () => {
    const root = blogSite('blog: { postsPerPage: 2 }', 1);
    const build = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(build.code, build.stderr + build.stdout).toBe(0);
    expect(JSON.parse(build.stdout)).toMatchObject({ errors: [] });
    const post = read(root, 'blog/2024/05/28/launch/index.html');
    expect(post).toContain('We launched &amp; &lt;shipped&gt;');
    expect(post).toContain('Ada Lovelace');
    expect(post).toContain('src="https://example.com/ada.png"');
    expect(post).toContain('May 28, 2024');
    expect(post).toContain('1 min read');
    expect(post).toContain('href="/blog/tags/release-notes"');
    expect(post).toContain('The rest of the post.');
    expect(post).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml"');
    expect(post).toContain('Recent posts');
    // Newer: the second post; older: the front-matter-dated one.
    expect(post).toContain('href="/blog/2024/06/01/second"');
    expect(read(root, 'blog/custom/index.html')).toContain('Dated by front matter');
    // `.md` links between docs and posts resolve both ways.
    expect(read(root, 'docs/intro/index.html')).toContain('href="/blog/2024/05/28/launch"');
    expect(read(root, 'blog/2024/06/01/second/index.html')).toContain('href="/docs/intro"');
    // Page 1: the two newest posts; the launch is cut at its marker with a "Read more" link.
    const list = read(root, 'blog/index.html');
    expect(list).toContain('The summary.');
    expect(list).not.toContain('The rest of the post.');
    expect(list).toContain('Read more');
    expect(list).toContain('href="/blog/page/2"');
    expect(read(root, 'blog/page/2/index.html')).toContain('Filler 0');
    expect(read(root, 'blog/tags/news/index.html')).toContain('2 posts tagged with');
    expect(read(root, 'blog/tags/index.html')).toContain('Release Notes');
    expect(read(root, 'blog/archive/index.html')).toContain('2023');
    // Unlisted posts are built, and listed nowhere.
    expect(read(root, 'blog/2024/07/02/hidden/index.html')).toContain('noindex');
    for (const file of ['blog/index.html', 'blog/archive/index.html', 'blog/rss.xml', 'sitemap.xml', 'llms.txt'])
      expect(read(root, file), file).not.toContain('Hidden post');
    // Drafts are not built.
    expect(() => read(root, 'blog/2024/07/01/draft/index.html')).toThrow();
    const rss = read(root, 'blog/rss.xml');
    expect(rss).toContain('<title>We launched &amp; &lt;shipped&gt;</title>');
    expect(rss).toContain('<link>https://lantern.dev/blog/2024/05/28/launch</link>');
    expect(rss).not.toContain('Secret draft');
    const atom = read(root, 'blog/atom.xml');
    expect(atom).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(atom).toContain('<name>Ada Lovelace</name>');
    const sitemap = read(root, 'sitemap.xml');
    expect(sitemap).toContain('https://lantern.dev/blog/2024/05/28/launch</loc>');
    expect(sitemap).toContain('<lastmod>2024-05-28');
    // Markdown copies and llms.txt (on when the site sets markdownPages / llmsTxt; on by default).
    expect(read(root, 'blog/2024/05/28/launch.md')).toContain('The rest of the post.');
    expect(read(root, 'llms.txt')).toContain('## Blog');
    expect(read(root, 'llms.txt')).toContain('https://lantern.dev/blog/2024/06/01/second.md');
    expect(read(root, 'llms-full.txt')).toContain('The rest of the post.');
    const { readdirSync } = await import('node:fs');
    const search = readdirSync(path.join(root, 'dist/search')).map((f) => read(root, `search/${f}`));
    expect(search.join('\n')).toContain('Second post');
  });

  it('publishes the images a post keeps beside it, in its folder', async () => {
    const root = blogSite();
    write(root, 'blog/2024-08-01-pictures/index.md', '---\ntitle: Pictures\n---\n\n![A lamp](./lamp.png)\n');
    copyFileSync(
      path.join(import.meta.dirname, '../fixtures/docusaurus/docs-beside/docs/guides/lamp.png'),
      path.join(root, 'blog/2024-08-01-pictures/lamp.png'),
    );
    const build = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(build.code, build.stderr + build.stdout).toBe(0);
    expect(JSON.parse(build.stdout)).toMatchObject({ errors: [] });
    const html = read(root, 'blog/2024/08/01/pictures/index.html');
    const src = html.match(/<img[^>]*src="([^"]+lamp[^"]*)"/)?.[1];
    expect(src).toBeDefined();
    const published = readdirSync(path.join(root, 'dist', path.dirname(src!)));
    expect(published).toContain(path.basename(src!));
  });

  it('builds no blog when the config says `blog: false`', async () => {
    const root = blogSite('blog: false');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.stderr).toContain('broken markdown link ../../blog/2024-05-28-launch.md');
    expect(() => read(root, 'blog/index.html')).toThrow();
  });

  it("puts every post on one list page and in the sidebar with Docusaurus's 'ALL'", async () => {
    const root = blogSite("blog: { postsPerPage: 'ALL', blogSidebarCount: 'ALL' }", 12);
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(0);
    const list = read(root, 'blog/index.html');
    for (let i = 0; i < 12; i++) expect(list).toContain(`Filler ${i}<`);
    expect(() => read(root, 'blog/page/2/index.html')).toThrow();
    expect(read(root, 'blog/2024/05/28/launch/index.html')).toContain('Filler 0<');
  });

  it('keeps a script in a post out of its pages and feeds', async () => {
    const root = blogSite();
    write(root, 'blog/2024-08-01-evil.md', '---\ntitle: Evil\n---\n\n<script>window.canary = 1</script>\n\nText.\n');
    await runCliInProcess(['build', '--root', root]);
    for (const file of ['blog/2024/08/01/evil/index.html', 'blog/index.html', 'blog/rss.xml', 'blog/atom.xml'])
      expect(read(root, file)).not.toContain('window.canary');
  });

  it('refuses a javascript: avatar in authors.yml, at its line and column', async () => {
    const root = blogSite();
    write(root, 'blog/authors.yml', 'ada:\n  name: Ada\n  image_url: "javascript:alert(1)"\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).not.toBe(0);
    expect(build.stderr).toContain(`${path.join('blog', 'authors.yml')}:3:14`);
    expect(build.stderr).toContain('only http(s) URLs and paths of the site are allowed');
  });

  it('refuses an inline javascript: avatar in a post', async () => {
    const root = blogSite();
    write(
      root,
      'blog/2024-08-02-x.md',
      '---\nauthors:\n  - name: X\n    image_url: "javascript:alert(1)"\n---\n\nHi.\n',
    );
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).not.toBe(0);
    expect(build.stderr).toContain(`${path.join('blog', '2024-08-02-x.md')}:2:1`);
    expect(build.stderr).toContain('only http(s) URLs and paths of the site are allowed');
  });

  it('dates a post whose dated file name is inside a folder, with the folder leading its route', async () => {
    const root = blogSite();
    write(root, 'blog/releases/2021-03-04-v2.md', '---\ntitle: Version two\n---\n\nHi.\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(0);
    expect(read(root, 'blog/releases/2021/03/04/v2/index.html')).toContain('Version two');
    expect(read(root, 'blog/archive/index.html')).toContain('2021');
  });

  it("shows Docusaurus's older author keys (author, author_url, author_image_url), their URLs checked", async () => {
    const root = blogSite();
    write(
      root,
      'blog/2024-08-03-old.md',
      '---\ntitle: Old style\nauthor: Grace Hopper\nauthor_title: Admiral\nauthorURL: https://example.com/grace\n' +
        'author_image_url: https://example.com/grace.png\n---\n\nHi.\n',
    );
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(0);
    const page = read(root, 'blog/2024/08/03/old/index.html');
    expect(page).toContain('Grace Hopper');
    expect(page).toContain('Admiral');
    expect(page).toContain('https://example.com/grace.png');

    write(root, 'blog/2024-08-03-old.md', '---\nauthor: X\nauthor_image_url: "javascript:alert(1)"\n---\n\nHi.\n');
    const bad = await runCliInProcess(['build', '--root', root]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(`${path.join('blog', '2024-08-03-old.md')}:2:1`);
    expect(bad.stderr).toContain('only http(s) URLs and paths of the site are allowed');
  });

  it('names a bad date and an unknown author at their lines', async () => {
    const root = blogSite();
    write(root, 'blog/bad.md', '---\ntitle: Bad\ndate: someday\nauthors: [nobody]\n---\n\nHi.\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(`${path.join('blog', 'bad.md')}:3:1  front matter date 'someday' is not a date`);
    expect(build.stderr).toContain(`${path.join('blog', 'bad.md')}:4:1  author 'nobody' is not in the authors file`);
  });

  it('does not read an authors file or a post that leads outside the site', async () => {
    const root = blogSite();
    const outside = tempDir('docsgen-blog-outside-');
    write(outside, 'secret.yml', 'eve:\n  name: CANARY-AUTHOR\n');
    write(outside, 'secret.md', '---\ntitle: CANARY-POST\n---\n\nCANARY-BODY\n');
    const authors = path.join(root, 'blog/authors.yml');
    writeFileSync(authors, '');
    const { rmSync } = await import('node:fs');
    rmSync(authors);
    symlinkSync(path.join(outside, 'secret.yml'), authors);
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'blog/2024-09-01-leak.md'));
    write(root, 'blog/2024-05-28-launch.md', '---\ntitle: Launch\n---\n\nText.\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).not.toBe(0);
    expect(build.stderr).toContain(`${path.join('blog', 'authors.yml')}:1:1  the authors file is not read`);
    expect(build.stderr).toContain(`${path.join('blog', '2024-09-01-leak.md')}  link not allowed`);
    expect(build.stdout + build.stderr).not.toContain('CANARY');
  });

  it('names a static file that would overwrite a feed (exit 1, the previous output kept)', async () => {
    const root = blogSite();
    write(root, 'public/blog/rss.xml', '<rss>static</rss>');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(1);
    expect(build.stderr).toContain(
      "blog/rss.xml would be written twice: by public/blog/rss.xml and by the blog's feed",
    );
  });

  it('refuses a huge authors file without parsing it', async () => {
    const root = blogSite();
    write(root, 'blog/authors.yml', `ada:\n  name: Ada\n  title: "${'x'.repeat(300 * 1024)}"\n`);
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).not.toBe(0);
    expect(build.stderr).toContain('the file is too large');
  });
});
