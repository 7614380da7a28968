import { describe, expect, it } from 'vitest';
import { TooLargeError } from '../../../cli/migrate/evaluation-budget.js';
import { readJsData } from '../../../cli/migrate/read-js-data.js';

/** `const a1 = [a0, a0, a0, a0]` … thirty times: 4^30 values once each name is followed (issue 27). */
function doublingConstants(declare = (i: number) => `const a${i} = [a${i - 1}, a${i - 1}, a${i - 1}, a${i - 1}];`, seed = "['x']", count = 30): string {
  return [`const a0 = ${seed};`, ...Array.from({ length: count }, (_, i) => declare(i + 1)), `module.exports = { title: 'T', customFields: a${count} };`, ''].join('\n');
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
    expect(readJsData(source, 'docusaurus.config.js')).toEqual({ value: { baseUrl: '/acme/', url: 'https://acme.dev', tags: ['a', 'b'], size: -2, off: false }, skipped: [] });
  });

  it('leaves out code with its key path, line and source, and keeps the rest', () => {
    const source = "export default {\n  title: 'T',\n  [key]: 1,\n  footer: { copyright: `${new Date().getFullYear()}` },\n  onLoad() {},\n  theme: require('x'),\n};\n";
    const { value, skipped } = readJsData(source, 'docusaurus.config.mjs');
    expect(value).toEqual({ title: 'T', footer: {} });
    expect(skipped).toEqual([
      { path: '(the export)', line: 3, source: '[key]: 1' },
      { path: 'footer.copyright', line: 4, source: '`${new Date().getFullYear()}`' },
      { path: 'onLoad', line: 5, source: 'onLoad() {}' },
      { path: 'theme', line: 6, source: "require('x')" },
    ]);
  });

  it('reads the object an exported function returns, and a TypeScript file without its types', () => {
    const source = "import type { Config } from '@docusaurus/types';\nconst title: string = 'Typed';\nexport default async (): Promise<Config> => ({ title } satisfies Config);\n";
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
    expect(error).toMatchObject({ line: 32, column: 46, message: expect.stringContaining("the value of 'a30' is too large to read as data") });
  });

  it('counts text as often as it is used: a string doubled twenty times, or one long string used many times', () => {
    const doubled = doublingConstants((i) => `const a${i} = a${i - 1} + a${i - 1};`, `'${'x'.repeat(1000)}'`, 20);
    expect(thrownBy(() => readJsData(doubled, 'docusaurus.config.js'))).toMatchObject({ line: 22, column: 46, message: expect.stringContaining("the value of 'a20'") });
    const long = `const s = '${'x'.repeat(100_000)}';\nmodule.exports = { list: [${Array.from({ length: 100 }, () => 's').join(', ')}] };\n`;
    expect(thrownBy(() => readJsData(long, 'docusaurus.config.js'))).toMatchObject({ line: 2, message: expect.stringContaining("the value of 's'") });
  });

  it('places an overrun in a TypeScript config at its line in the file as written', () => {
    const source = `import type { Config } from '@docusaurus/types';\n\n${doublingConstants((i) => `const a${i}: unknown[] = [a${i - 1}, a${i - 1}, a${i - 1}, a${i - 1}];`).replace('module.exports =', 'export default')}`;
    expect(thrownBy(() => readJsData(source, 'docusaurus.config.ts'))).toMatchObject({ line: 34, column: 44 });
  });

  it('refuses brackets nested a thousand deep before esbuild or acorn sees them, at their place', () => {
    // esbuild's service crashed on this (a Go stack dump on stderr), acorn ran out of stack.
    const source = `import type { Config } from '@docusaurus/types';\nexport default { title: ${'['.repeat(300_000)}${']'.repeat(300_000)} } satisfies Config;\n`;
    expect(thrownBy(() => readJsData(source, 'docusaurus.config.ts'))).toMatchObject({ line: 2, column: 25 + 999, message: 'this value is too large to read as data: it nests more than 1,000 levels deep' });
  });

  it('reads a long list spread into another, and a config within the budget, whole', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => i);
    expect((readJsData(`const a = [${items.join(',')}];\nmodule.exports = { all: [...a] };\n`, 'sidebars.js').value as { all: number[] }).all).toHaveLength(200_000);
    const shared = `${doublingConstants().split('\n').slice(0, 6).join('\n')}\nmodule.exports = { a5 };\n`;
    expect(JSON.stringify(readJsData(shared, 'docusaurus.config.js').value).split('"x"')).toHaveLength(4 ** 5 + 1);
  });
});
