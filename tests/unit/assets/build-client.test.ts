import { appendFileSync, cpSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildClientAssets, type ClientAssets } from '../../../cli/assets/build-client.js';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { linkPackagesWithout } from '../../helpers/docsgen-copy.js';
import { repoRoot, tempDir } from '../../helpers/run-cli.js';

// esbuild as it is, with its builds counted: a cached bundle must not run it.
vi.mock('esbuild', async (importOriginal) => {
  const real = await importOriginal<typeof import('esbuild')>();
  return { ...real, build: vi.fn(real.build) };
});
const builds = () => vi.mocked(esbuild.build).mock.calls.length;

/** A bundle as a reader compares it: URLs and every file's bytes. */
const shape = (assets: ClientAssets) => ({
  css: assets.css,
  js: assets.js,
  preload: assets.preload,
  files: [...assets.files].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]),
});

/** A copy of the theme (its packages linked, but those named in `without`), which the tests may edit. */
function copyTheme(without: string[] = []): string {
  const dir = tempDir('docsgen-theme-');
  cpSync(path.join(repoRoot, 'templates'), path.join(dir, 'templates'), { recursive: true });
  if (without.length) linkPackagesWithout(path.join(dir, 'node_modules'), without);
  else symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return path.join(dir, 'templates');
}

/** The bundle's files whose text holds `marker`. */
const filesWith = (assets: ClientAssets, marker: string) =>
  [...assets.files].filter(([, bytes]) => Buffer.from(bytes).toString('utf8').includes(marker)).map(([name]) => name);
/** A header only Algolia's client sends: in its code, and in no other package's. */
const ALGOLIA_CODE = 'x-algolia-api-key';
/** A method of MiniSearch's radix tree (the local provider's term lookup): a property name, kept by minification. */
const MINISEARCH_CODE = 'fuzzyGet';

describe('the cached client bundle', () => {
  let templatesDir: string;
  let cache: DiskCache;
  const bundle = (baseUrl = '/', searchProvider: 'local' | 'algolia' = 'local') =>
    buildClientAssets({ baseUrl, searchProvider, templatesDir, cache });
  const uncached = (baseUrl = '/', searchProvider: 'local' | 'algolia' = 'local') =>
    buildClientAssets({ baseUrl, searchProvider, templatesDir });

  beforeAll(() => {
    templatesDir = copyTheme();
    cache = new DiskCache(path.join(path.dirname(templatesDir), 'cache'));
  });

  it('is reused without running esbuild while nothing it was built from changed', async () => {
    const first = await bundle();
    const ran = builds();
    const second = await bundle();
    expect(builds()).toBe(ran);
    expect(shape(second)).toEqual(shape(first));
  });

  /** Appends to a theme file, then bundles: esbuild runs once more, and the bundle holds the edit, as an uncached one does. */
  async function expectRebuiltAfterEditing(file: string, text: string, marker: string) {
    await bundle();
    appendFileSync(path.join(templatesDir, file), text);
    const ran = builds();
    const after = await bundle();
    expect(builds()).toBe(ran + 1);
    expect([...after.files.values()].some((bytes) => Buffer.from(bytes).toString('utf8').includes(marker))).toBe(true);
    expect(shape(after)).toEqual(shape(await uncached()));
  }

  it('is built again when a theme stylesheet changes, into what an uncached build gives', async () => {
    await expectRebuiltAfterEditing(
      'styles/code.css',
      '\n.edited-theme-rule { color: rebeccapurple }\n',
      '.edited-theme-rule',
    );
  });

  it('is built again when a client source file changes, into what an uncached build gives', async () => {
    await expectRebuiltAfterEditing(
      'client/tabs.ts',
      "\nconsole.info('edited client source');\n",
      'edited client source',
    );
  });

  it('is built again for another baseUrl', async () => {
    await bundle('/');
    const other = await bundle('/docs-site/');
    expect(other.js[0]).toMatch(/^\/docs-site\/assets\//);
    expect(shape(other)).toEqual(shape(await uncached('/docs-site/')));
  });

  it('is built again for another search provider, into what an uncached build gives', async () => {
    await bundle('/', 'local');
    const ran = builds();
    const algolia = await bundle('/', 'algolia');
    expect(builds()).toBe(ran + 1);
    expect(filesWith(algolia, ALGOLIA_CODE)).toHaveLength(1);
    expect(shape(algolia)).toEqual(shape(await uncached('/', 'algolia')));
  });
});

describe("the client bundle holds the site's search provider only", () => {
  it("local search: the local provider's chunk (MiniSearch's term tree), and no file with Algolia's code", async () => {
    const local = await buildClientAssets({ baseUrl: '/', searchProvider: 'local', templatesDir: copyTheme() });
    expect(filesWith(local, ALGOLIA_CODE)).toEqual([]);
    expect(filesWith(local, 'algolia-provider')).toEqual([]);
    expect(filesWith(local, MINISEARCH_CODE)).toHaveLength(1);
  });

  it("Algolia: Algolia's chunk, and no local provider chunk", async () => {
    const algolia = await buildClientAssets({ baseUrl: '/', searchProvider: 'algolia', templatesDir: copyTheme() });
    expect(filesWith(algolia, ALGOLIA_CODE)).toHaveLength(1);
    expect(filesWith(algolia, MINISEARCH_CODE)).toEqual([]);
    expect(filesWith(algolia, 'local-provider')).toEqual([]);
  });

  it('local search builds where algoliasearch is not installed', async () => {
    const templates = copyTheme(['algoliasearch']);
    const local = await buildClientAssets({ baseUrl: '/', searchProvider: 'local', templatesDir: templates });
    expect(filesWith(local, MINISEARCH_CODE)).toHaveLength(1);
  });
});
