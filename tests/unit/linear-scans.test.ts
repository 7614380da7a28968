import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCustomId } from '../../cli/markdown/custom-id.js';
import { preprocessSource } from '../../cli/markdown/preprocess.js';
import { stripQueryAndHash, trimChar, trimTrailingSlashes } from '../../cli/url-parts.js';

/**
 * The scans that replaced backtracking regular expressions must give exactly
 * the old results. The old patterns are the oracle here: on short strings
 * they are fast, and the generated strings are made of the pieces each
 * pattern cares about (blanks of every kind, line terminators, `#`, braces).
 */
// Any directive name (remark-directive's: a letter, then letters, digits, `-`, `_`): `:::important Title` and a config keyword's too.
// With three colons or more: `::::note Title` around a `:::tip` (issue 29's proof; the scan once took three only).
const OLD_ADMONITION = /^(\s*:{3,}[A-Za-z][\w-]*)[ \t]+(?!\[)(.+?)\s*$/;
const OLD_HEADING_ID = /^(\s{0,3}#{1,6}\s.*?)\{#([^{}\s]+)\}\s*$/;
const OLD_CUSTOM_ID = /\s*\{#([^{}\s]+)\}\s*$/;

const piece = fc.constantFrom(
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u2028',
  '\r',
  '\v',
  '\ufeff',
  '#',
  '##',
  '{',
  '}',
  '{#',
  'a',
  'b-c',
  '[',
  ']',
  ':::',
  'tip',
  'note',
  'x',
  '\\',
  '*',
);
const text = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const admonitionLine = fc
  .tuple(
    text,
    fc.constantFrom(
      ':::tip',
      ':::note',
      ':::caution',
      '  :::info',
      ':::tipx',
      ':::important',
      ':::my-type_2',
      ':::2x',
      '::::note',
      ':::::tip',
      ':::',
    ),
    text,
  )
  .map(([a, b, c]) => (a.length % 3 === 0 ? b + c : a + b + c));
const headingLine = fc
  .tuple(fc.constantFrom('', ' ', '   ', '    ', '\t'), fc.constantFrom('#', '##', '######', '#######'), text)
  .map(([a, b, c]) => a + b + c);

const oldPreprocessLine = (line: string, format: 'md' | 'mdx') => {
  const admonished = line.replace(OLD_ADMONITION, '$1[$2]');
  return format === 'mdx' ? admonished.replace(OLD_HEADING_ID, '$1\\{#$2\\}') : admonished;
};

describe('scans that replaced backtracking patterns give the old results', () => {
  it('admonition titles (`:::tip Title` → `:::tip[Title]`)', () => {
    fc.assert(
      fc.property(fc.oneof(admonitionLine, text), (line) => {
        fc.pre(!line.includes('\n') && !line.includes('<!--') && !line.includes('`'));
        expect(preprocessSource(line, 'md')).toBe(oldPreprocessLine(line, 'md'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('heading ids escaped in MDX (`## A {#id}` → `## A \\{#id\\}`)', () => {
    fc.assert(
      fc.property(fc.oneof(headingLine, text), (line) => {
        fc.pre(!line.includes('\n') && !line.includes('<!--') && !line.includes('`') && !line.includes('~~~'));
        expect(preprocessSource(line, 'mdx')).toBe(oldPreprocessLine(line, 'mdx'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('the custom id at the end of a heading text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          text,
          fc.tuple(text, text).map(([a, b]) => `${a}{#${b}}${a.slice(0, 2)}`),
        ),
        (value) => {
          const match = OLD_CUSTOM_ID.exec(value);
          const found = findCustomId(value);
          expect(found && { id: found.id, start: found.start }).toEqual(
            match ? { id: match[1], start: match.index } : undefined,
          );
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('slashes, queries and hashes trimmed from URLs', () => {
    const url = fc
      .array(fc.constantFrom('/', '//', 'a', '?', '#', '.md', '`'), { maxLength: 10 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(url, (value) => {
        expect(trimChar(value, '/')).toBe(value.replace(/^\/+|\/+$/g, ''));
        expect(trimChar(value, '`')).toBe(value.replace(/^`+|`+$/g, ''));
        expect(trimTrailingSlashes(value)).toBe(value.replace(/\/+$/, ''));
        // Without line breaks (a URL has none), cutting at the first `?` or `#` is what /[?#].*$/ did.
        expect(stripQueryAndHash(value)).toBe(value.replace(/[?#].*$/, ''));
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps the pinned examples', () => {
    expect(preprocessSource(':::danger Do not  ', 'md')).toBe(':::danger[Do not]');
    expect(preprocessSource(':::tip [Title]', 'md')).toBe(':::tip [Title]');
    expect(preprocessSource(':::important Read this first', 'md')).toBe(':::important[Read this first]');
    expect(preprocessSource('::::note Around a tip', 'md')).toBe('::::note[Around a tip]');
    expect(preprocessSource('### Own id {#mine}  ', 'mdx')).toBe('### Own id \\{#mine\\}');
    expect(preprocessSource('### Own id {#mine}', 'md')).toBe('### Own id {#mine}');
    expect(findCustomId('Own id  {#mine} ')).toEqual({ id: 'mine', brace: 8, start: 6 });
  });
});
