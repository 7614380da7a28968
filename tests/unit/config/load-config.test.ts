import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, validateConfig } from '../../../cli/config/load-config.js';
import { DocsgenError } from '../../../cli/errors.js';
import { tempDir } from '../../helpers/run-cli.js';

async function loadError(source: string): Promise<DocsgenError> {
  const root = tempDir();
  writeFileSync(path.join(root, 'build.config.ts'), source);
  try {
    await loadConfig({ root });
  } catch (error) {
    return error as DocsgenError;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('fills every default from a five-line config', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'build.config.ts'), "export default { title: 'T', url: 'https://t.dev' };\n");
    const { config } = await loadConfig({ root });
    expect(config).toMatchObject({
      baseUrl: '/',
      titleDelimiter: '|',
      noIndex: false,
      onBrokenLinks: 'throw',
      onBrokenMarkdownLinks: 'throw',
      onBrokenAnchors: 'warn',
      onDuplicateRoutes: 'warn',
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      sitemap: { filename: 'sitemap.xml', changefreq: 'weekly', priority: 1, ignorePatterns: ['/tags/**'] },
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
      docs: { path: 'content/docs', routeBasePath: 'docs' },
      search: { provider: 'local' },
    });
  });

  it('loads TypeScript with defineConfig imported from docsgen', async () => {
    const root = tempDir();
    writeFileSync(
      path.join(root, 'build.config.ts'),
      "import { defineConfig } from 'docsgen';\nconst title: string = 'Typed';\nexport default defineConfig({ title, url: 'https://t.dev' });\n",
    );
    expect((await loadConfig({ root })).config.title).toBe('Typed');
  });

  it('reports unknown keys and wrong types with their paths', () => {
    let error: DocsgenError | undefined;
    try {
      validateConfig({
        title: 'T',
        url: 'https://t.dev',
        navbar: {
          items: [
            { label: 'a', to: 'x' },
            { label: 'b', to: 'y' },
            { label: 'c', href: 3 },
          ],
        },
        colours: 1,
      });
    } catch (e) {
      error = e as DocsgenError;
    }
    expect(error?.exitCode).toBe(2);
    expect(error?.diagnostics.map((d) => d.message)).toEqual([
      'navbar.items.2.href: expected string, received number',
      "(root): unknown key 'colours'",
    ]);
  });

  it("accepts Docusaurus's version options and refuses a banner it does not know", () => {
    const docs = validateConfig({
      title: 'T',
      url: 'https://t.dev',
      docs: {
        lastVersion: 'current',
        onlyIncludeVersions: ['current'],
        versions: { current: { label: 'Next', path: 'next', banner: 'unreleased', noIndex: true, badge: true } },
      },
    }).docs;
    expect(docs.versions.current).toEqual({
      label: 'Next',
      path: 'next',
      banner: 'unreleased',
      noIndex: true,
      badge: true,
    });
    expect(docs.includeCurrentVersion).toBe(true);
    let error: DocsgenError | undefined;
    try {
      validateConfig({ title: 'T', url: 'https://t.dev', docs: { versions: { '2.x': { banner: 'old' } } } });
    } catch (e) {
      error = e as DocsgenError;
    }
    expect(error?.exitCode).toBe(2);
    expect(error?.diagnostics.map((d) => d.message)).toEqual([
      'docs.versions.2.x.banner: Invalid option: expected one of "none"|"unreleased"|"unmaintained"',
    ]);
  });

  it('refuses __proto__ as a sidebar, version, component or parameter name at its place, instead of losing it; keeps constructor', async () => {
    const error = await loadError(
      "export default {\n  title: 'T',\n  url: 'https://t.dev',\n  docs: { sidebars: { ['__proto__']: ['a'], constructor: ['b'] } },\n};\n",
    );
    expect(error.exitCode).toBe(2);
    expect(error.diagnostics.map((d) => [d.message, d.line, d.column])).toEqual([
      [
        "docs.sidebars.__proto__: '__proto__' cannot be a name here: it is a built-in property of every JavaScript object; rename it",
        4,
        24,
      ],
    ]);
    // An own __proto__ key, as JSON.parse (or a computed key) makes it.
    const own = (value: unknown) => JSON.parse(`{"__proto__": ${JSON.stringify(value)}}`) as object;
    expect(Object.keys(own(1))).toEqual(['__proto__']);
    for (const config of [
      { docs: { versions: own({ label: 'x' }) } },
      { components: own('src/X.tsx') },
      { codeSamples: { apiExamples: { skip: own('why') } } },
      { search: { provider: 'algolia', appId: 'a', apiKey: 'k', indexName: 'i', searchParameters: own(1) } },
    ]) {
      expect(() => validateConfig({ title: 'T', url: 'https://t.dev', ...config })).toThrow(DocsgenError);
    }
    const kept = validateConfig({
      title: 'T',
      url: 'https://t.dev',
      docs: { sidebars: { constructor: ['a'], toString: ['b'] } },
    });
    expect(Object.keys(kept.docs.sidebars!)).toEqual(['constructor', 'toString']);
  });

  it('takes local search synonyms as groups of single words, and says what is wrong with a bad one', () => {
    const synonyms = [
      ['photo', 'Picture'],
      ['video', 'movie', 'clip'],
    ];
    expect(
      validateConfig({ title: 'T', url: 'https://t.dev', search: { provider: 'local', synonyms } }).search,
    ).toEqual({ provider: 'local', synonyms });
    for (const [bad, message] of [
      [[['frame rate', 'fps']], 'search.synonyms.0.0: a synonym is one word: letters, digits or _'],
      [[['photo']], 'search.synonyms.0: a group of synonyms has two words or more'],
    ] as const) {
      try {
        validateConfig({ title: 'T', url: 'https://t.dev', search: { provider: 'local', synonyms: bad } });
        expect.unreachable();
      } catch (e) {
        expect((e as DocsgenError).diagnostics.map((d) => d.message)).toContain(message);
      }
    }
  });

  it('rejects a baseUrl without slashes, saying what it must look like', () => {
    expect(() => validateConfig({ title: 'T', url: 'https://t.dev', baseUrl: 'docs' })).toThrow(DocsgenError);
    try {
      validateConfig({ title: 'T', url: 'https://t.dev', baseUrl: 'docs' });
    } catch (e) {
      expect((e as DocsgenError).diagnostics[0].message).toBe("baseUrl: must start and end with '/': write '/docs/'");
    }
  });

  it('reports a syntax error with file, line and column', async () => {
    const error = await loadError("export default {\n  title: 'T',,\n};\n");
    expect(error).toBeInstanceOf(DocsgenError);
    expect(error.diagnostics[0]).toMatchObject({ rule: 'config-syntax', line: 2, column: 14 });
  });

  it('reports a config that throws, and one without a default export', async () => {
    const threw = await loadError("const a = 1;\nthrow new Error('boom');\nexport default {};\n");
    expect(threw.message).toBe('the config file build.config.ts threw while loading');
    expect(threw.diagnostics[0]).toMatchObject({
      rule: 'config-threw',
      message: 'the config threw Error: boom',
      file: 'build.config.ts',
      line: 2,
      column: 7,
    });
    expect((await loadError('export const config = {};\n')).message).toMatch(/has no default export/);
  });

  it('stops a config that never finishes after its time limit', async () => {
    const root = tempDir();
    writeFileSync(
      path.join(root, 'build.config.ts'),
      "while (true) {}\nexport default { title: 'T', url: 'https://t.dev' };\n",
    );
    // The deadline armed is the one asked for (how long the stop then takes depends on the machine, and is not tested).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await expect(loadConfig({ root, timeoutMs: 500 })).rejects.toThrow(
        'the config file build.config.ts did not finish loading within 0.5 s, and was stopped',
      );
      expect(timers).toHaveBeenCalledWith(expect.any(Function), 500);
    } finally {
      timers.mockRestore();
    }
  });

  it('names the key path of a value that is not plain data', async () => {
    const error = await loadError(
      "export default { title: 'T', url: 'https://t.dev', navbar: { items: [{ label: 'a', to: () => 'x' }] } };\n",
    );
    expect(error.diagnostics[0]).toMatchObject({
      rule: 'config-not-data',
      message: 'navbar.items[0].to: is a function, not plain data',
      line: 1,
      column: 84,
    });
  });

  it('writes nothing to the temporary folder', async () => {
    const root = tempDir();
    const tmp = tempDir();
    writeFileSync(path.join(root, 'build.config.ts'), "export default { title: 'T', url: 'https://t.dev' };\n");
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      await loadConfig({ root });
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('says where it looked when the file is missing', async () => {
    const root = tempDir();
    await expect(loadConfig({ root })).rejects.toThrow(`config file not found: ${path.join(root, 'build.config.ts')}`);
  });
});
