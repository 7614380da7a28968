import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

/** Every file under a folder with its bytes, to compare outputs byte for byte. */
function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full).toString('base64');
    }
  };
  walk(dir);
  return out;
}

// In the test process (in-process-cli.ts): these are about what a build writes, prints and exits with, not the process.
describe('docsgen build on fixture sites', () => {
  it('builds a minimal site with a five-line config', async () => {
    const root = copySite('minimal');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/✔ 6 pages written to .*dist, 0 errors, 0 warnings/);
    const html = readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8');
    expect(html).toContain('<title>Second Page | Minimal</title>');
    expect(html).toContain('href="/docs/guides"');
    expect(readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8')).toContain(
      'href="/docs/guides/second#details"',
    );
    expect(existsSync(path.join(root, 'dist/img/dot.svg'))).toBe(true);
    expect(existsSync(path.join(root, 'dist/404.html'))).toBe(true);
  });

  it('fails with exit 1 on a broken link, naming the file and line', async () => {
    const root = copySite('broken-link');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error  content/docs/guides/second.md:5:5  broken link → /docs/guides/missing  [broken-link]',
    );
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('warns about a broken anchor and still exits 0', async () => {
    const root = copySite('broken-anchor');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(0);
    expect(stderr).toContain(
      "warning  content/docs/guides/second.md:3:9  broken anchor → /docs/guides#no-such-heading: the target page has no element with id 'no-such-heading'  [broken-anchor]",
    );
    expect(stderr).toMatch(/0 errors, 1 warnings/);
  });

  it('reports invalid MDX with its place and exits 1', async () => {
    const root = copySite('invalid-mdx');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'error  content/docs/guides/second.mdx:5:1  could not parse MDX: Expected a closing tag for `<div>` (5:1-5:22)  [invalid-mdx]',
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('reports an invalid config with each path and exits 2', async () => {
    const root = copySite('invalid-config');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(2);
    expect(stderr).toContain('navbar.items.1.href: expected string, received number  [invalid-config]');
    expect(stderr).toContain("(root): unknown key 'sidebarz'  [invalid-config]");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('leaves the previous output byte for byte when a later build fails', async () => {
    const root = copySite('minimal');
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(0);
    const before = snapshotDir(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), '# Second\n\n[gone](/docs/nowhere)\n');
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(1);
    expect(snapshotDir(path.join(root, 'dist'))).toEqual(before);
    expect(readdirSync(root).filter((n) => n.includes('docsgen-tmp'))).toEqual([]);
  });

  it('refuses to replace a folder it did not write', async () => {
    const root = copySite('minimal');
    mkdirSync(path.join(root, 'precious'));
    writeFileSync(path.join(root, 'precious/notes.txt'), 'keep me');
    const { code, stderr } = await runCliInProcess(['build', '--root', root, '--out-dir', 'precious']);
    expect(code).toBe(2);
    expect(stderr).toContain('it was not written by docsgen');
    expect(readFileSync(path.join(root, 'precious/notes.txt'), 'utf8')).toBe('keep me');
    expect((await runCliInProcess(['build', '--root', root, '--out-dir', '.'])).code).toBe(2);
    expect((await runCliInProcess(['build', '--root', root, '--out-dir', 'content'])).code).toBe(2);
  });

  it('loads a config that imports defineConfig from docsgen, from a root outside the repository', async () => {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'build.config.ts'),
      "import { defineConfig } from 'docsgen';\nexport default defineConfig({ title: 'Typed', url: 'https://example.com', baseUrl: '/sub/', docs: { sidebars: { main: ['guides/intro', 'guides/second'] } } });\n",
    );
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(stderr).toMatch(/0 errors/);
    expect(code).toBe(0);
    const html = readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8');
    expect(html).toContain('href="/sub/docs/guides/second#details"');
    expect(html).toContain('src="/sub/img/dot.svg"');
    expect(html).toMatch(/<link rel="stylesheet" href="\/sub\/assets\/styles\.[A-Z0-9]+\.css"/);
    expect(readFileSync(path.join(root, 'dist/sitemap.xml'), 'utf8')).toContain(
      '<loc>https://example.com/sub/docs/guides/second</loc>',
    );
  });
});
