import { describe, expect, it } from 'vitest';
import { TooLargeError } from '../../../cli/migrate/evaluation-budget.js';
import { readJsData } from '../../../cli/migrate/read-js-data.js';

/** `const a1 = [a0, a0, a0, a0]` … thirty times: 4^30 values once each name is followed (issue 27). */
function doublingConstants(
  declare = (i: number) => `const a${i} = [a${i - 1}, a${i - 1}, a${i - 1}, a${i - 1}];`,
  seed = "['x']",
  count = 30,
): string {
  return [
    `const a0 = ${seed};`,
    ...Array.from({ length: count }, (_, i) => declare(i + 1)),
    `module.exports = { title: 'T', customFields: a${count} };`,
    '',
  ].join('\n');
}

/** The error readJsData throws, or undefined. */
function thrownBy(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('readJsData: a config file read as data, never run', () => {
  it('follows names to their values, joins static strings and spreads static objects', () => {
    const source = [
      "const org = 'acme';",
      'const base = { baseUrl: `/${org}/` };',
      "module.exports = { ...base, url: 'https://' + org + '.dev', tags: ['a', ...['b']], size: -2, off: !1 };",
    ].join('\n');
    expect(readJsData(source, 'docusaurus.config.js')).toEqual({
      value: { baseUrl: '/acme/', url: 'https://acme.dev', tags: ['a', 'b'], size: -2, off: false },
      skipped: [],
    });
  });

  it('leaves out code with its key path, line and source, and keeps the rest', () => {
    const source =
      "export default {\n  title: 'T',\n  [key]: 1,\n  footer: { copyright: `${new Date().getFullYear()}` },\n  onLoad() {},\n  theme: require('x'),\n};\n";
    const { value, skipped } = readJsData(source, 'docusaurus.config.mjs');
    expect(value).toEqual({ title: 'T', footer: {} });
    expect(skipped).toEqual([
      { path: '(the export)', line: 3, source: '[key]: 1' },
      { path: 'footer.copyright', line: 4, source: '`${new Date().getFullYear()}`' },
      { path: 'onLoad', line: 5, source: 'onLoad() {}' },
      { path: 'theme', line: 6, source: "require('x')", module: 'x' },
    ]);
  });

  it('reads the object an exported function returns, and a TypeScript file without its types', () => {
    const source =
      "import type { Config } from '@docusaurus/types';\nconst title: string = 'Typed';\nexport default async (): Promise<Config> => ({ title } satisfies Config);\n";
    expect(readJsData(source, 'docusaurus.config.ts').value).toEqual({ title: 'Typed' });
  });

  it('stops at names that lead to each other instead of looping', () => {
    const { value, skipped } = readJsData('const a = b;\nconst b = a;\nmodule.exports = { x: a };\n', 'sidebars.js');
    expect(value).toEqual({});
    expect(skipped.map((s) => s.path)).toEqual(['x']);
  });

  it('stops a value that expands past the budget, placed at the name the export follows', () => {
    const error = thrownBy(() => readJsData(doublingConstants(), 'docusaurus.config.js'));
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error).toMatchObject({
      line: 32,
      column: 46,
      message: expect.stringContaining("the value of 'a30' is too large to read as data"),
    });
  });

  it('counts text as often as it is used: a string doubled twenty times, or one long string used many times', () => {
    const doubled = doublingConstants((i) => `const a${i} = a${i - 1} + a${i - 1};`, `'${'x'.repeat(1000)}'`, 20);
    expect(thrownBy(() => readJsData(doubled, 'docusaurus.config.js'))).toMatchObject({
      line: 22,
      column: 46,
      message: expect.stringContaining("the value of 'a20'"),
    });
    const long = `const s = '${'x'.repeat(100_000)}';\nmodule.exports = { list: [${Array.from({ length: 100 }, () => 's').join(', ')}] };\n`;
    expect(thrownBy(() => readJsData(long, 'docusaurus.config.js'))).toMatchObject({
      line: 2,
      message: expect.stringContaining("the value of 's'"),
    });
  });

  it('places an overrun in a TypeScript config at its line in the file as written', () => {
    const source = `import type { Config } from '@docusaurus/types';\n\n${doublingConstants((i) => `const a${i}: unknown[] = [a${i - 1}, a${i - 1}, a${i - 1}, a${i - 1}];`).replace('module.exports =', 'export default')}`;
    expect(thrownBy(() => readJsData(source, 'docusaurus.config.ts'))).toMatchObject({ line: 34, column: 44 });
  });

  it('refuses brackets nested a thousand deep before esbuild or acorn sees them, at their place', () => {
    // esbuild's service crashed on this (a Go stack dump on stderr), acorn ran out of stack.
    const source = `import type { Config } from '@docusaurus/types';\nexport default { title: ${'['.repeat(300_000)}${']'.repeat(300_000)} } satisfies Config;\n`;
    expect(thrownBy(() => readJsData(source, 'docusaurus.config.ts'))).toMatchObject({
      line: 2,
      column: 25 + 999,
      message: 'this value is too large to read as data: it nests more than 1,000 levels deep',
    });
  });

  it('reads a long list spread into another, and a config within the budget, whole', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => i);
    expect(
      (
        readJsData(`const a = [${items.join(',')}];\nmodule.exports = { all: [...a] };\n`, 'sidebars.js').value as {
          all: number[];
        }
      ).all,
    ).toHaveLength(200_000);
    const shared = `${doublingConstants().split('\n').slice(0, 6).join('\n')}\nmodule.exports = { a5 };\n`;
    expect(JSON.stringify(readJsData(shared, 'docusaurus.config.js').value).split('"x"')).toHaveLength(4 ** 5 + 1);
  });

  /** Issue 29: the sidebars path as configs compute it, which read as code before (the sidebars file was then silently not read). */
  it('reads the paths a config computes: require.resolve without an extension, path.join and path.resolve of __dirname', () => {
    const source = [
      "const path = require('path');",
      "import { join } from 'node:path';",
      'module.exports = {',
      "  a: require.resolve('./sidebars'),",
      "  b: path.resolve(__dirname, './config/sidebars.js'),",
      "  c: path.join(__dirname, 'docs'),",
      "  d: join(__dirname, '..', 'docs'),",
      "  e: require.resolve(path.join(__dirname, 'sidebars.json')),",
      '  f: `${__dirname}/sidebars.ts`,',
      "  g: other.join(__dirname, 'x'),",
      '};',
    ].join('\n');
    const { value, skipped } = readJsData(source, 'docusaurus.config.js');
    expect(value).toEqual({
      a: './sidebars',
      b: 'config/sidebars.js',
      c: 'docs',
      d: '../docs',
      e: 'sidebars.json',
      f: './sidebars.ts',
    });
    expect(skipped).toEqual([{ path: 'g', line: 10, source: "other.join(__dirname, 'x')" }]);
  });

  it('reads what the file imports through importModule, counted each time it is used, and properties of data', () => {
    const modules: Record<string, unknown> = {
      './sidebars.json': { guides: ['intro'] },
      './api.cjs': [{ type: 'doc', id: 'api/x' }],
    };
    const asked: string[] = [];
    const importModule = (specifier: string, name: string) => {
      asked.push(`${specifier}#${name}`);
      if (!specifier.startsWith('.')) return { reason: '' };
      return Object.hasOwn(modules, specifier)
        ? { value: modules[specifier] }
        : { reason: `${specifier} does not exist` };
    };
    const source =
      "import sidebars from './sidebars.json';\nconst api = require('./api.cjs');\nexport default { guides: sidebars.guides, api: [...api], more: require('./more'), theme: require('prism').themes.github };\n";
    const { value, skipped } = readJsData(source, 'sidebars.mjs', { importModule });
    expect(value).toEqual({ guides: ['intro'], api: [{ type: 'doc', id: 'api/x' }] });
    expect(asked).toEqual(['./sidebars.json#default', './api.cjs#default', './more#default', 'prism#default']);
    expect(skipped).toEqual([
      { path: 'more', line: 3, source: "require('./more')", reason: './more does not exist', module: './more' },
      { path: 'theme', line: 3, source: "require('prism').themes.github", module: 'prism' },
    ]);
    // An imported list used many times is counted as often: no blow-up through imports.
    const big = { './big.json': Array.from({ length: 10_000 }, (_, i) => i) };
    const many = `const b = require('./big.json');\nmodule.exports = { all: [${Array.from({ length: 100 }, () => 'b').join(', ')}] };\n`;
    expect(
      thrownBy(() =>
        readJsData(many, 'sidebars.js', { importModule: (specifier) => ({ value: big[specifier as './big.json'] }) }),
      ),
    ).toMatchObject({ line: 2, message: expect.stringContaining("the value of 'b' is too large to read as data") });
  });

  it('reads a named export, and does not follow an exported function when told not to (a plugin module is code)', () => {
    const source =
      "export const items = ['a'];\nconst other = { x: 1 };\nexport { other as renamed };\nexports.cjs = 'c';\nexport default function plugin() { return { name: 'p' }; }\n";
    expect(readJsData(source, 'x.js', { exportName: 'items' }).value).toEqual(['a']);
    expect(readJsData(source, 'x.js', { exportName: 'renamed' }).value).toEqual({ x: 1 });
    expect(readJsData(source, 'x.js', { exportName: 'cjs' }).value).toBe('c');
    expect(readJsData(source, 'x.js').value).toEqual({ name: 'p' });
    expect(readJsData(source, 'x.js', { followFunctions: false }).value).toBeUndefined();
  });
});
