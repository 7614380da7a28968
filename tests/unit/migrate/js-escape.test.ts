/**
 * The escapes through which a Docusaurus site's text reaches the source of
 * `build.config.ts` (issue 27): no text may end a string or a comment early.
 */
import { parse, type Comment } from 'acorn';
import { describe, expect, it } from 'vitest';
import { commentText, propertyKey, quoteString } from '../../../cli/migrate/js-escape.js';

/** Every UTF-16 code unit once, in order (so lone and paired surrogates both occur). */
const EVERY_CODE_UNIT = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).join('');

/** JavaScript's line terminators: each ends a `//` comment. */
const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029'];

function literalValue(source: string): unknown {
  const program = parse(`(${source});`, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as {
    body: { expression: { value?: unknown } }[];
  };
  return program.body[0].expression.value;
}

describe('quoteString', () => {
  it('writes every code unit so that the literal reads back as the same string', () => {
    const literal = quoteString(EVERY_CODE_UNIT);
    expect(literalValue(literal)).toBe(EVERY_CODE_UNIT);
    for (const terminator of LINE_TERMINATORS) expect(literal.includes(terminator)).toBe(false);
    // Nothing hidden is left raw: no controls, bidi marks or separators.
    expect(literal).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/);
  });

  it('keeps the value of quotes, backslashes and HTML-like sequences while breaking them', () => {
    for (const text of ["it's", 'a\\', "\\'", '</script><!--', 'a\u2028b', 'a\r\nb', '${x}`', '\ud800x', 'x\udc00']) {
      expect(literalValue(quoteString(text))).toBe(text);
    }
    expect(quoteString('</script><!--')).toBe("'<\\/script>\\x3c!--'");
    expect(quoteString('right\u202eleft')).toBe("'right\\u202eleft'");
  });
});

describe('propertyKey', () => {
  it('quotes what is not a plain identifier, and computes __proto__ so it stays a key', () => {
    expect(propertyKey('title')).toBe('title');
    expect(propertyKey('aria-label')).toBe("'aria-label'");
    expect(propertyKey('a\u2028process.exit(1)//')).toBe("'a\\u2028process.exit(1)//'");
    expect(propertyKey('__proto__')).toBe("['__proto__']");
    const object = parse(`({ ${propertyKey('__proto__')}: 1 });`, { ecmaVersion: 'latest' }) as unknown as {
      body: { expression: { properties: { computed: boolean }[] } }[];
    };
    expect(object.body[0].expression.properties[0].computed).toBe(true);
  });
});

describe('commentText', () => {
  it('keeps a `//` comment on its line and a block comment closed, whatever the text', () => {
    for (const text of [EVERY_CODE_UNIT, 'a\u2028process.exit(1)//', 'x */ process.exit(1) /*', 'a\rb', 'a\u2029b']) {
      const comments: Comment[] = [];
      const program = parse(`// ${commentText(text)}\n/* ${commentText(text)} */\n`, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        onComment: comments,
      });
      expect(program.body).toEqual([]);
      expect(comments.map((c) => c.type)).toEqual(['Line', 'Block']);
    }
    expect(commentText('a\u2028b */ c')).toBe('a\\u2028b *\\/ c');
  });
});
