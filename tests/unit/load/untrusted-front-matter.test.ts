import { describe, expect, it, vi } from 'vitest';
import { parseDocument } from 'yaml';
import { MAX_FRONT_MATTER_LENGTH, parseFrontMatter } from '../../../cli/load/front-matter.js';

// Counts the YAML parses, so that "refused before parsing" is checked by the work done, not by the time it took.
vi.mock('yaml', async (importOriginal) => {
  const original = await importOriginal<typeof import('yaml')>();
  return { ...original, parseDocument: vi.fn(original.parseDocument) };
});

const parse = (source: string) => parseFrontMatter(source, 'a.md');
/** Each diagnostic as `line:column message`. */
const placed = (source: string) => parse(source).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);

declare global {
  // Set by a front matter block if anything ever evaluated it.
  var __docsgenFrontMatterRan: boolean | undefined;
}

describe('front matter is YAML, and only YAML', () => {
  const JS_FENCES = [
    '---js',
    '---javascript',
    '---JS',
    '--- js',
    '---Javascript',
    '--- JavaScript ',
    '---coffee',
    '---json',
    '---toml',
    '--- title: x',
  ];

  it.each(JS_FENCES)('refuses a block opened with %j and never evaluates it', (fence) => {
    const source = `${fence}\n(globalThis.__docsgenFrontMatterRan = true, { title: 'Ran' })\n---\n\n# Body\n`;
    const result = parse(source);
    expect(globalThis.__docsgenFrontMatterRan).toBeUndefined();
    const language = fence.slice(3).trim();
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'invalid-front-matter',
        message: `front matter must be YAML (this block is marked '${language}')`,
        file: 'a.md',
        line: 1,
        column: fence.indexOf(language) + 1,
        hint: 'open the front matter with a plain --- line and write YAML: docsgen never runs front matter as code',
      },
    ]);
    // The page still exists (for links and sidebars) with its body, and without the block's keys.
    expect([result.frontMatter, result.body, result.bodyLineOffset]).toEqual([{}, '\n# Body\n', 3]);
  });

  it.each(['---', '---yaml', '---YML', '--- yaml', '---   '])('reads a block opened with %j as YAML', (fence) => {
    expect(parse(`${fence}\ntitle: Hello\n---\nBody\n`)).toMatchObject({
      frontMatter: { title: 'Hello' },
      body: 'Body\n',
      bodyLineOffset: 3,
      diagnostics: [],
    });
  });

  it('treats ---- as a thematic break, not front matter', () => {
    expect(parse('----\ntitle: x\n---\n')).toMatchObject({
      frontMatter: {},
      body: '----\ntitle: x\n---\n',
      bodyLineOffset: 0,
      diagnostics: [],
    });
  });

  it('reads a byte order mark and CRLF line ends as usual, counting lines as usual', () => {
    expect(parse('\uFEFF---\r\ntitle: Windows\r\nid: win\r\n---\r\nBody\r\n')).toMatchObject({
      frontMatter: { title: 'Windows', id: 'win' },
      body: 'Body\r\n',
      bodyLineOffset: 4,
      keyLines: { title: 2, id: 3 },
    });
  });

  it('reports front matter that is never closed, instead of swallowing the page', () => {
    expect(placed('---\ntitle: x\n\n# Heading\n')).toEqual(['1:1 front matter is never closed: no --- line ends it']);
  });
});

describe('YAML abuse', () => {
  it('refuses tags such as !!js/function with their place, and runs nothing', () => {
    expect(
      placed(
        '---\ntitle: ok\ndescription: !!js/function "function () { globalThis.__docsgenFrontMatterRan = true }"\n---\n',
      ),
    ).toEqual([
      '3:14 invalid YAML front matter: unknown tag !!js/function (front matter is plain YAML: strings, numbers, booleans, lists and maps; nothing in it is ever run)',
    ]);
    expect(placed('---\ntitle: !<tag:yaml.org,2002:js/undefined> x\n---\n')[0]).toMatch(
      /^2:8 invalid YAML front matter: unknown tag !<tag:yaml.org,2002:js\/undefined>/,
    );
    expect(placed('---\nimage: !custom x\n---\n')[0]).toMatch(/^2:8 invalid YAML front matter: unknown tag !custom /);
    expect(globalThis.__docsgenFrontMatterRan).toBeUndefined();
  });

  it('refuses a duplicate key at the second one', () => {
    expect(placed('---\ntitle: First\nid: x\ntitle: Second\n---\n')).toEqual([
      "4:1 invalid YAML front matter: the key 'title' is given twice",
    ]);
  });

  it('refuses a billion-laughs block of aliases quickly, at the alias that would expand it', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(9)
          .fill(`*${'abcdefghij'[i - 1]}`)
          .join(',')}]`,
      );
    lines.push('keywords: *j');
    // Expanded, the list would hold 9^10 strings: this would not return (the test's time limit is the bound).
    const result = parse(`---\n${lines.join('\n')}\n---\n`);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '12:11 invalid YAML front matter: Excessive alias count indicates a resource exhaustion attack',
    ]);
    expect(result.frontMatter).toEqual({});
  });

  it('keeps an ordinary alias', () => {
    expect(parse('---\nlabel: &name Formats\ntitle: *name\n---\n')).toMatchObject({
      frontMatter: { title: 'Formats' },
      diagnostics: [],
    });
  });

  it('reports an alias to a missing anchor', () => {
    expect(placed('---\ntitle: *nowhere\n---\n')).toEqual([
      '2:8 invalid YAML front matter: Unresolved alias (the anchor must be set before the alias): nowhere',
    ]);
  });

  it('refuses nesting too deep for the parser with a message, not a crash', () => {
    expect(placed(`---\nkeywords: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\n`)[0]).toMatch(
      /^2:\d+ invalid YAML front matter: it is nested too deeply$/,
    );
  });

  it(`refuses front matter over ${MAX_FRONT_MATTER_LENGTH / 1024} KB before parsing it`, () => {
    vi.mocked(parseDocument).mockClear();
    expect(placed(`---\nkeywords: ${'['.repeat(2_000_000)}\n---\n# Body\n`)).toEqual([
      '1:1 front matter is too large (1954 KB; the limit is 64 KB)',
    ]);
    expect(parseDocument).not.toHaveBeenCalled();
  });

  it('reads keys named __proto__ or constructor as nothing, without touching any prototype', () => {
    const result = parse(
      '---\n__proto__: {title: Polluted}\nconstructor: {title: Polluted}\ntoString: 1\ntitle: Clean\n---\n',
    );
    expect(result.diagnostics).toEqual([]);
    expect(result.frontMatter).toEqual({ title: 'Clean' });
    expect(Object.getPrototypeOf(result.frontMatter)).toBe(Object.prototype);
    expect(({} as { title?: string }).title).toBeUndefined();
  });

  it('refuses a document that is not a map, and keys that are not plain words', () => {
    expect(placed('---\n- a\n- b\n---\n')).toEqual(['2:1 front matter must be a map of keys to values']);
    expect(placed('---\n? [a, b]\n: c\ntitle: ok\n---\n')).toEqual(['2:3 front matter keys must be plain words']);
  });
});

describe('front matter values of the wrong type', () => {
  it('reports nested values at their own line and column, and drops only that key', () => {
    const result = parse('---\ntitle: ok\nkeywords:\n  - camera\n  - {nested: map}\nsidebar_position: 2\n---\n');
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '5:5 front matter keywords.1: expected string, received Map',
    ]);
    expect(result.frontMatter).toEqual({ title: 'ok', sidebar_position: 2 });
  });

  it('refuses ids and slugs that could leave the page folder or mean another URL, at the key, with a hint', () => {
    const cases: [string, string][] = [
      ['id: ".."', "front matter id: must not contain '..' segments"],
      ['id: "."', "front matter id: must not contain '.' segments"],
      ['id: "%2e%2e"', "front matter id: contains '%', which cannot be part of a page URL"],
      ['id: ""', 'front matter id: must not be empty'],
      ['id: "a\\\\b"', 'front matter id: must not contain slashes'],
      ['id: "x#y"', "front matter id: contains '#', which cannot be part of a page URL"],
      ['slug: "/./."', "front matter slug: must not contain '.' segments"],
      ['slug: /guides/../..', "front matter slug: must not contain '..' segments"],
      ['slug: "/%2E%2E/x"', "front matter slug: contains '%', which cannot be part of a page URL"],
      ['slug: "..\\\\..\\\\x"', "front matter slug: contains '\\', which cannot be part of a page URL"],
      ['slug: "/a?b"', "front matter slug: contains '?', which cannot be part of a page URL"],
      ['slug: "/a\\nb"', 'front matter slug: contains the control character U+000A'],
      ['slug: "/\\ud800"', 'front matter slug: contains an unpaired UTF-16 surrogate, which no URL can carry'],
    ];
    for (const [yaml, message] of cases) {
      const result = parse(`---\ntitle: T\n${yaml}\n---\n`);
      expect(
        result.diagnostics.map((d) => [d.line, d.column, d.message]),
        yaml,
      ).toEqual([[3, 1, message]]);
      expect(result.diagnostics[0].hint).toMatch(/^ids, slugs and file names become URL paths/);
      expect(result.frontMatter, yaml).toEqual({ title: 'T' });
    }
  });

  it('keeps ids and slugs made of any letters, spaces and dots inside names', () => {
    expect(parse('---\nid: カメラ 1.2\nslug: /guides/café v2.0/\n---\n')).toMatchObject({
      frontMatter: { id: 'カメラ 1.2', slug: '/guides/café v2.0/' },
      diagnostics: [],
      keyLines: { id: 2, slug: 3 },
    });
  });
});
