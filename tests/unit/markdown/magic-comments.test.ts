import { describe, expect, it } from 'vitest';
import { DEFAULT_MAGIC_COMMENTS, type MagicComment } from '../../../cli/config/markdown-schema.js';
import { applyMagicComments, moveRefsToKeptLines } from '../../../cli/markdown/magic-comments.js';

const apply = (code: string, lang: string, comments: MagicComment[] = DEFAULT_MAGIC_COMMENTS) =>
  applyMagicComments(code, lang, comments);

/** The lines a reader sees, each with its classes: `[text, classes]`. */
function shownLines(code: string, lang: string, comments?: MagicComment[]) {
  const result = apply(code, lang, comments);
  return result.code.split('\n').map((line, i) => [line, result.lineClasses?.[i] ?? []]);
}

describe('magic comments, by comment syntax', () => {
  const cases: [string[], string, string][] = [
    [
      [
        'js',
        'ts',
        'javascript',
        'typescript',
        'java',
        'kotlin',
        'swift',
        'c',
        'cpp',
        'objc',
        'go',
        'rust',
        'groovy',
        'scala',
        'dart',
        'php',
        'css',
        'scss',
      ],
      '// highlight-next-line',
      '/* highlight-next-line */',
    ],
    [
      [
        'bash',
        'sh',
        'shell',
        'python',
        'ruby',
        'yaml',
        'toml',
        'r',
        'perl',
        'powershell',
        'dockerfile',
        'make',
        'cmake',
      ],
      '# highlight-next-line',
      '#highlight-next-line',
    ],
    [['html', 'xml', 'markdown', 'md'], '<!-- highlight-next-line -->', '<!--highlight-next-line-->'],
    [['lua', 'sql', 'haskell'], '-- highlight-next-line', '--highlight-next-line'],
    [['wasm', 'lisp', 'clojure', 'scheme', 'ini'], '; highlight-next-line', ';highlight-next-line'],
    [['tex', 'latex', 'matlab', 'erlang'], '% highlight-next-line', '%highlight-next-line'],
  ];
  for (const [languages, comment, tight] of cases) {
    it(`removes ${comment} and marks the next line in ${languages.join(', ')}`, () => {
      for (const lang of languages) {
        for (const written of [comment, `    ${tight}`]) {
          expect(shownLines(`a\n${written}\nb\nc`, lang), `${lang}: ${written}`).toEqual([
            ['a', []],
            ['b', ['highlighted']],
            ['c', []],
          ]);
        }
      }
    });
  }

  it('reads {/* */} in jsx, tsx and mdx, and <!-- --> in mdx', () => {
    for (const lang of ['jsx', 'tsx', 'mdx'])
      expect(shownLines('<A>\n  {/* highlight-next-line */}\n  <B />\n</A>', lang)).toEqual([
        ['<A>', []],
        ['  <B />', ['highlighted']],
        ['</A>', []],
      ]);
    expect(shownLines('<!-- highlight-next-line -->\n# Title', 'mdx')).toEqual([['# Title', ['highlighted']]]);
  });

  it('tries //, /* */, {/* */}, # and <!-- --> in a language it has no entry for', () => {
    for (const comment of [
      '// highlight-next-line',
      '/* highlight-next-line */',
      '{/* highlight-next-line */}',
      '# highlight-next-line',
      '<!-- highlight-next-line -->',
    ]) {
      expect(shownLines(`${comment}\nx`, 'unknown-lang'), comment).toEqual([['x', ['highlighted']]]);
      expect(shownLines(`${comment}\nx`, ''), comment).toEqual([['x', ['highlighted']]]);
    }
  });

  it("leaves a comment in another language's syntax, and a comment after code, as they are", () => {
    expect(apply('# highlight-next-line\nx', 'js').code).toBe('# highlight-next-line\nx');
    expect(apply('// highlight-next-line\nx', 'python').code).toBe('// highlight-next-line\nx');
    expect(apply('x(); // highlight-next-line\ny()', 'js').code).toBe('x(); // highlight-next-line\ny()');
    expect(apply('// highlight-next-line please\nx', 'js').code).toBe('// highlight-next-line please\nx');
  });
});

describe('magic comment blocks', () => {
  it('marks the lines between highlight-start and highlight-end, nested or not', () => {
    const code = [
      'a',
      '// highlight-start',
      'b',
      '// highlight-start',
      'c',
      '// highlight-end',
      'd',
      '// highlight-end',
      'e',
    ].join('\n');
    expect(shownLines(code, 'ts')).toEqual([
      ['a', []],
      ['b', ['highlighted']],
      ['c', ['highlighted']],
      ['d', ['highlighted']],
      ['e', []],
    ]);
  });

  it('marks to the end of the code and reports a block never ended, with its line', () => {
    const result = apply('a\n# highlight-start\nb\nc', 'bash');
    expect(result.code).toBe('a\nb\nc');
    expect(result.lineClasses).toEqual([[], ['highlighted'], ['highlighted']]);
    expect(result.unclosed).toEqual([{ line: 1, directive: 'highlight-start', end: 'highlight-end' }]);
  });

  it('ignores an end without a start (the line is still removed)', () => {
    const result = apply('a\n// highlight-end\nb', 'js');
    expect(result.code).toBe('a\nb');
    expect(result.lineClasses).toBeUndefined();
    expect(result.unclosed).toEqual([]);
  });
});

describe('configured magic comments', () => {
  const comments: MagicComment[] = [
    { className: 'highlighted', line: 'highlight-next-line' },
    { className: 'code-error', line: 'error-next-line', block: { start: 'error-start', end: 'error-end' } },
  ];

  it('gives each its class, several on one line', () => {
    const code = ['// error-start', '// highlight-next-line', 'a', 'b', '// error-end', 'c'].join('\n');
    expect(shownLines(code, 'ts', comments)).toEqual([
      ['a', ['highlighted', 'code-error']],
      ['b', ['code-error']],
      ['c', []],
    ]);
  });

  it('replaces the default list: highlight-start is no directive without it', () => {
    expect(apply('// highlight-start\nx', 'ts', comments).code).toBe('// highlight-start\nx');
  });
});

describe('code without magic comments', () => {
  it('is returned as it is, with no line map', () => {
    const code = 'const highlight = 1;\n// a comment';
    expect(apply(code, 'ts')).toEqual({ code, unclosed: [] });
  });
});

describe('links of a checked block after the comment lines are removed', () => {
  it('move up by the removed lines above them, and go when their line was removed', () => {
    const { keptLine } = apply(
      '// highlight-next-line\nconst device = useCameraDevice("back")\n// highlight-start\nuseCameraFormat(device)\n// highlight-end',
      'tsx',
    );
    const refs = {
      refs: [
        { line: 1, start: 15, end: 30, href: '/a' },
        { line: 3, start: 0, end: 15, href: '/b' },
        { line: 0, start: 3, end: 12, href: '/c' },
      ],
      tips: [],
    };
    expect(moveRefsToKeptLines(refs, keptLine!).refs).toEqual([
      { line: 0, start: 15, end: 30, href: '/a' },
      { line: 1, start: 0, end: 15, href: '/b' },
    ]);
  });
});
