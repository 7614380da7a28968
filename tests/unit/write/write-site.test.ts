import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../cli/errors.js';
import { MARKER_FILE } from '../../../cli/files/output-names.js';
import { openOutput, writeSite } from '../../../cli/write/write-site.js';
import { createSitemap } from '../../../cli/write/sitemap.js';
import { validateConfig } from '../../../cli/config/load-config.js';
import type { Route } from '../../../cli/types.js';
import { tempDir } from '../../helpers/run-cli.js';

const files = (entries: Record<string, string>) => ({
  files: new Map(Object.entries(entries)),
  copies: new Map<string, string>(),
});

describe('writeSite', () => {
  it('writes files, copies public/ first and leaves a marker', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'public/img'), { recursive: true });
    writeFileSync(path.join(root, 'public/img/a.svg'), '<svg/>');
    writeFileSync(path.join(root, 'public/index.html'), 'from public');
    const publicFiles = ['img/a.svg', 'index.html'].map((file) => ({
      path: file,
      real: path.join(root, 'public', file),
    }));
    await writeSite(
      path.join(root, 'dist'),
      { ...files({ 'index.html': 'generated', 'docs/x/index.html': 'x' }), publicFiles },
      { root, protectedDirs: [] },
    );
    expect(readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toBe('generated');
    expect(readFileSync(path.join(root, 'dist/img/a.svg'), 'utf8')).toBe('<svg/>');
    expect(existsSync(path.join(root, 'dist', MARKER_FILE))).toBe(true);
  });

  it('replaces its own previous output and cleans up temporary folders', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    await writeSite(out, files({ 'old.html': 'old' }), { root, protectedDirs: [] });
    await writeSite(out, files({ 'new.html': 'new' }), { root, protectedDirs: [] });
    expect(readdirSync(out).sort()).toEqual([MARKER_FILE, 'new.html']);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('streams many files into new folders at once and shows nothing until commit', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    await writeSite(out, files({ 'index.html': 'v1' }), { root, protectedDirs: [] });
    const output = await openOutput(out, { root, protectedDirs: [] });
    for (let i = 0; i < 300; i++) await output.write(`docs/group-${i % 7}/page-${i}/index.html`, `page ${i}`);
    expect(readdirSync(out).sort()).toEqual([MARKER_FILE, 'index.html']);
    await output.commit();
    expect(readFileSync(path.join(out, 'docs/group-3/page-10/index.html'), 'utf8')).toBe('page 10');
    expect(readFileSync(path.join(out, 'docs/group-5/page-299/index.html'), 'utf8')).toBe('page 299');
    expect(existsSync(path.join(out, 'index.html'))).toBe(false);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('discards a staged output without touching the previous one', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    await writeSite(out, files({ 'index.html': 'v1' }), { root, protectedDirs: [] });
    const output = await openOutput(out, { root, protectedDirs: [] });
    await output.write('index.html', 'v2');
    await output.discard();
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('v1');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('keeps the previous output when writing fails', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    await writeSite(out, files({ 'index.html': 'v1' }), { root, protectedDirs: [] });
    const broken = { files: new Map(), copies: new Map([[path.join(root, 'does-not-exist.png'), 'img.png']]) };
    await expect(writeSite(out, broken, { root, protectedDirs: [] })).rejects.toThrow(
      /previous output was left as it was/,
    );
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('v1');
    expect(readdirSync(root)).toEqual(['dist', 'does-not-exist.png'].filter((n) => existsSync(path.join(root, n))));
  });

  it.each([
    ['the site root', (root: string) => root],
    ['content/', (root: string) => path.join(root, 'content')],
    ['a folder inside public/', (root: string) => path.join(root, 'public/sub')],
    ['the home folder', () => os.homedir()],
    ['/', () => '/'],
  ])('refuses %s', async (_, target) => {
    const root = tempDir();
    const error = await writeSite(target(root), files({}), {
      root,
      protectedDirs: [path.join(root, 'content'), path.join(root, 'public')],
    }).catch((e) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toMatch(/^refusing to write the site to /);
  });
});

describe('createSitemap', () => {
  const config = validateConfig({
    title: 'S',
    url: 'https://s.dev/',
    baseUrl: '/base/',
    sitemap: { ignorePatterns: ['/base/docs/private/**'] },
  });
  const route = (path: string, extra: Partial<Route> = {}): Route => ({ path, kind: 'doc', title: path, ...extra });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('lists indexable routes as absolute URLs with baseUrl, weekly and priority 1.0', async () => {
    const xml = await createSitemap(
      [
        route('/'),
        route('/docs/a'),
        route('/docs/private/x'),
        route('/docs/hidden', { unlisted: true }),
        route('/404', { kind: 'not-found' }),
        route('/search', { kind: 'search' }),
      ],
      config,
    );
    expect(locs(xml)).toEqual(['https://s.dev/base/', 'https://s.dev/base/docs/a']);
    expect(xml).toContain('<changefreq>weekly</changefreq><priority>1.0</priority>');
  });

  it('reads ignorePatterns as Docusaurus does: picomatch globs on the route path with the baseUrl, no trailing slash', async () => {
    const patterns = ['/docs/{api,guides}/**', '/docs/**/private', '/tags/**', '/blog/*.html', '/@(old|legacy)/**'];
    const site = validateConfig({ title: 'S', url: 'https://s.dev', sitemap: { ignorePatterns: patterns } });
    const paths = [
      '/',
      '/docs',
      '/docs/api',
      '/docs/api/classes/Camera',
      '/docs/guides',
      '/docs/guides/formats',
      '/docs/apis',
      '/docs/other',
      '/docs/private',
      '/docs/a/b/private',
      '/docs/privateer',
      '/tags',
      '/tags/camera',
      '/blog/x.html',
      '/blog/a/x.html',
      '/old/page',
      '/older',
    ];
    expect(
      locs(
        await createSitemap(
          paths.map((p) => route(p)),
          site,
        ),
      ),
    ).toEqual(
      ['/', '/docs', '/docs/apis', '/docs/other', '/docs/privateer', '/blog/a/x.html', '/older'].map(
        (p) => 'https://s.dev' + p,
      ),
    );
    // Under a baseUrl, patterns name it too (Docusaurus: "you may need to include the base URL").
    const based = validateConfig({
      title: 'S',
      url: 'https://s.dev',
      baseUrl: '/v4/',
      sitemap: { ignorePatterns: ['/v4/docs/{api,guides}/**', '/v4/'] },
    });
    expect(
      locs(
        await createSitemap(
          ['/', '/docs/api/x', '/docs/guides', '/docs/other'].map((p) => route(p)),
          based,
        ),
      ),
    ).toEqual(['https://s.dev/v4/docs/other']);
  });

  it('leaves out a route too long for a sitemap URL, before any pattern sees it (a glob with several ** on it would run for hours)', async () => {
    const site = validateConfig({
      title: 'S',
      url: 'https://s.dev',
      sitemap: { ignorePatterns: ['/docs/**/a/**/b/**/private'] },
    });
    const long = route('/docs/' + 'a/'.repeat(500_000) + 'x');
    const xml = await createSitemap([route('/docs/ok'), long, route('/docs/' + 'a/'.repeat(1_000) + 'x')], site);
    expect(locs(xml)).toEqual(['https://s.dev/docs/ok', 'https://s.dev/docs/' + 'a/'.repeat(1_000) + 'x']);
  });

  it('is empty when noIndex is set', async () => {
    const xml = await createSitemap([route('/docs/a')], { ...config, noIndex: true });
    expect(xml).not.toContain('<loc>');
  });
});

describe('lockOutDir', () => {
  it('refuses a second build into the same out dir and takes over a stale lock', async () => {
    const { lockOutDir } = await import('../../../cli/write/out-dir-lock.js');
    const out = path.join(tempDir(), 'dist');
    const unlock = lockOutDir(out);
    writeFileSync(`${out}.docsgen-lock`, String(process.ppid));
    expect(() => lockOutDir(out)).toThrow(
      `another docsgen build (pid ${process.ppid}) is writing to ${out}; refusing to start a second one`,
    );
    writeFileSync(`${out}.docsgen-lock`, '999999999');
    const again = lockOutDir(out);
    again();
    unlock();
    expect(existsSync(`${out}.docsgen-lock`)).toBe(false);
  });
});
