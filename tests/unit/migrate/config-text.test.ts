/**
 * What `migrate` writes (issue 27): a key of the Docusaurus config holding a
 * line terminator once went raw into a `//` comment of build.config.ts, and
 * the rest of the key ran on the next build. The text is now written by one
 * serialiser and read back, parsed and never run, before it is kept.
 */
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { configFileText, headerComments, writtenComments } from '../../../cli/migrate/config-text.js';
import { readBackMismatch } from '../../../cli/migrate/read-back.js';
import { readJsData } from '../../../cli/migrate/read-js-data.js';

/** Keys a stranger's config may hold: each would end a `//` comment (or a block comment) and start a line of code. */
const INJECTING_KEYS = ['\u2028', '\r', '\u2029', '\n', '*/'].map((end) => `a${end}process.exit(1)//`);

describe('configFileText', () => {
  it('keeps keys and values that end lines inside the header comments and the strings', () => {
    const header = [
      'Written by `docsgen migrate` from docusaurus.config.js.',
      ...INJECTING_KEYS.map((key) => `- docusaurus.config.js:3 ${key}: left out`),
    ];
    const config = {
      title: 'T\n*/ process.exit(1)',
      tagline: 'a\u2028b\u2029c\r',
      docs: { sidebars: Object.fromEntries(INJECTING_KEYS.map((key) => [key, ['intro']])) },
    };
    const text = configFileText(config, header);
    const program = parse(text, { ecmaVersion: 'latest', sourceType: 'module' });
    // One statement, the export: no line of the header or the data became code.
    expect(program.body.map((s) => s.type)).toEqual(['ExportDefaultDeclaration']);
    expect(
      text
        .split('\n')
        .filter((line) => !line.startsWith('//'))
        .every((line) => !line.includes('process.exit') || line.includes("'")),
    ).toBe(true);
    // And it reads back as the same data.
    expect(readJsData(text, 'build.config.ts').value).toEqual(config);
    expect(readBackMismatch(text, config, headerComments(header))).toBeUndefined();
  });

  it('writes the values a config can hold as the same values: -0, Infinity, undefined in a list, a key named __proto__', () => {
    const searchParameters = Object.defineProperty(
      { inf: Infinity, ninf: -Infinity, zero: -0, list: [undefined, null, true], left: undefined },
      '__proto__',
      { value: { x: 1 }, enumerable: true },
    );
    const config = { search: { searchParameters } };
    const text = configFileText(config, []);
    expect(text).toContain("['__proto__']: { x: 1 }");
    expect(text).not.toContain('left');
    expect(readBackMismatch(text, config, [])).toBeUndefined();
  });
});

describe('comments above keys', () => {
  it("writes a top-level key's comment lines above it, escaped like the header, and reads them back", () => {
    const config = { title: 'T', onCodeSampleErrors: 'warn', docs: { onCodeSampleErrors: 'nested' } };
    const comments = { onCodeSampleErrors: ['why it is a warning', 'and not */ code\u2028process.exit(1)'] };
    const text = configFileText(config, ['header'], comments);
    expect(text).toContain(
      "  title: 'T',\n  // why it is a warning\n  // and not *\\/ code\\u2028process.exit(1)\n  onCodeSampleErrors: 'warn',\n",
    );
    expect(text.match(/why it is a warning/g)).toHaveLength(1);
    expect(writtenComments(config, ['header'], comments)).toEqual([
      ' header',
      ' why it is a warning',
      ' and not *\\/ code\\u2028process.exit(1)',
    ]);
    expect(readBackMismatch(text, config, writtenComments(config, ['header'], comments))).toBeUndefined();
    expect(readBackMismatch(text, config, [' header'])).toBe('its comments are not the header that was written');
  });
});

describe('readBackMismatch', () => {
  const config = { title: 'T', docs: { path: 'docs' } };

  it('accepts the text written for the value, and nothing else', () => {
    const text = configFileText(config, ['header']);
    expect(readBackMismatch(text, config, [' header'])).toBeUndefined();
    expect(readBackMismatch(text, { ...config, title: 'U' }, [' header'])).toBe('title reads back as another value');
    expect(readBackMismatch(text, config, [' other'])).toBe('its comments are not the header that was written');
    // A comment that a line terminator ended early: its rest is a statement.
    expect(
      readBackMismatch(`// header\u2028process.exit(1)\n${text.split('\n').slice(1).join('\n')}`, config, [' header']),
    ).toBe('it is not one `export default`');
    expect(readBackMismatch(`${text}process.exit(1);\n`, config, [' header'])).toBe('it is not one `export default`');
    expect(readBackMismatch(text.replace("'T'", "'T' + process.exit(1)"), config, [' header'])).toBe(
      'it holds code (BinaryExpression), not data',
    );
    expect(
      readBackMismatch(text.replace('title:', '__proto__:'), { __proto__: 'T', docs: config.docs }, [' header']),
    ).toBe('an object has a key that is not written as data');
  });
});
