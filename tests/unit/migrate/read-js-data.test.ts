import { describe, expect, it } from 'vitest';
import { readJsData } from '../../../cli/migrate/read-js-data.js';

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
});
